/* 1-D nests at level 3: a walk of one step (plan_march_dim), each thread
   computing the register block of adjacent points that one 16-byte
   access holds (two doubles, four floats or bytes), its own cells loaded
   16 bytes at a time and its results stored so, the neighbours beside
   them loaded one at a time.  The tuner's candidates are blocks of 256,
   128 and 512 threads; a reduction's blocks grow to 1024 threads before
   their points a thread do (all three to one shape here).  A pointer's periodic ring (p[i == 0 ? n - 1 : i - 1],
   which GCC writes as a byte offset divided by the element's size) runs
   at level 3 between the wraps.  -fplugin-arg-mint-exact-level keeps one
   point a thread, and 1-D nests have no level 2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

struct params
{
  long n;
  float c0, c1;
};

double
one_d (const struct params *s, int n, double *u, double *v, float *f,
       float *g, unsigned char *b, unsigned char *c)
{
  double sum = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint copy(g, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_one_d_33.: level 3: each thread computes 2 adjacent points, its own cells in registers; u in registers; 16-byte accesses to u, v where rows are aligned" } */
    for (int x = 1; x < n - 1; x++)
      v[x] = 0.5 * u[x] + 0.25 * (u[x - 1] + u[x + 1]);
#pragma mint for nest(all) /* { dg-message "mint_one_d_36.: 3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 1024 chunksize 4, v1 tile 512 chunksize 4, v2 tile 2048 chunksize 4" } */
    for (long x = 1; x < s->n - 1; x++)
      g[x] = s->c0 * f[x] + s->c1 * (f[x - 1] + f[x + 1]);
#pragma mint for nest(all) /* { dg-message "mint_one_d_39.: level 3: each thread computes 4 adjacent points, its own cells in registers; b in registers; 4-byte accesses to b, c where rows are aligned" } */
    for (int x = 1; x < n - 1; x++)
      c[x] = (unsigned char) ((b[x - 1] + 2 * b[x] + b[x + 1]) / 4);
#pragma mint for nest(all) /* { dg-message "mint_one_d_42.: level 3 where the conditions on the loop variables .lines 44, 45. keep one value over a thread's points: each thread computes 2 adjacent points" } */
    for (int i = 0; i < n; i++)
      u[i] = (v[i == 0 ? n - 1 : i - 1] + 2 * v[i]
              + v[i == n - 1 ? 0 : i + 1]) / 4;
#pragma mint for nest(all) reduction(+:sum) /* { dg-message "offloaded .mint_one_d_46.: 1-D, tile 4096x1x1, chunk 4x1x1" } */
    for (int x = 1; x < n - 1; x++)
      sum += (u[x - 1] - 2 * u[x] + u[x + 1]) * u[x];
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(g, fromDevice, n)
#pragma mint copy(c, fromDevice, n)
  return sum;
}

/* { dg-final { scan-mint-cu "const double2 mint_w = __ldg \\(\\(const double2 \\*\\)" } } */
/* { dg-final { scan-mint-cu "__stwb \\(\\(double2 \\*\\) \\(mint_p \\+ 0\\), make_double2 \\(mint_o1_0_0, mint_o1_0_1\\)\\);" } } */
/* { dg-final { scan-mint-cu "const uchar4 mint_w = __ldg \\(\\(const uchar4 \\*\\)" } } */
