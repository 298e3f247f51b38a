/* Accesses under conditions on the loop variables that reach beyond the
   cells every point reads: the kernels check them on the device, and
   libmintrt runs their twins without the checks where the conditions keep
   every such access in its array's copy (the footprint carries the
   bounds the conditions put on the loop variables).  A second-order
   upwind correction `if (s > 0.5 && z > 1) ... q[z - 2]' over planes 1 to
   nz - 2; the edges of a row tested as `if (x)' and `x < p->n - 1' with
   n in a struct; a size_t `x + 1 < n', which no launch wraps in 64
   bits; a guard too weak to keep u[x - 2] inside (`x > 0'), over x
   from 1 (the checks stay, the data keeps the reads inside) and from 2;
   a loop of the body under `y >= 2'; a max reduction beside a guarded
   read.  The results must equal the plain C loops' (the same nests,
   written once).  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int n;
  double w;
};

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int z = 1; z < nz - 1; z++)                                       \
    for (int y = 0; y < ny; y++)                                         \
      for (int x = 1; x < nx - 1; x++)                                   \
        {                                                                \
          float s = c[z][y][x], f = 0.0f;                                \
          if (s > 0.0f)                                                  \
            f = s * (q[z][y][x] - q[z][y][x - 1]);                       \
          else                                                           \
            f = s * (q[z][y][x + 1] - q[z][y][x]);                       \
          if (s > 0.5f && z > 1)                                         \
            f += 0.5f * (q[z - 2][y][x] - q[z][y][x]);                   \
          r[z][y][x] = q[z][y][x] - 0.3f * f;                            \
        }                                                                \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < g->n; x++)                                       \
      {                                                                  \
        double v = g->w * a[y][x];                                       \
        if (x)                                                           \
          v += a[y][x - 1];                                              \
        if (x < g->n - 1)                                                \
          v += a[y][x + 1];                                              \
        if (y >= 2)                                                      \
          for (int k = 1; k <= 2; k++)                                   \
            v += 0.25 * k * a[y - k][x];                                 \
        b[y][x] = v;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (size_t x = 0; x < un; x++)                                        \
    {                                                                    \
      double v = u[x];                                                   \
      if (x + 1 < un)                                                    \
        v -= u[x + 1];                                                   \
      t[x] = v;                                                          \
    }                                                                    \
  PRAGMA (for nest(all) reduction(max:most))                             \
  for (int x = 1; x < nu; x++)                                           \
    {                                                                    \
      double v = u[x];                                                   \
      if (x > 0 && u[x] > 0.5)                                           \
        v += u[x - 2];                                                   \
      most = fmax (most, v);                                             \
      s1[x] = v;                                                         \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int x = 2; x < nu; x++)                                           \
    s2[x] = x > 0 ? u[x] + u[x - 2] : u[x];

static double
run_mint (int nx, int ny, int nz, int nu, float (*c)[ny][nx],
          float (*q)[ny][nx], float (*r)[ny][nx], const struct grid *g,
          double (*a)[nx], double (*b)[nx], const double *u, double *t,
          double *s1, double *s2)
{
  double most = 0;
  size_t un = (size_t) nu;
#pragma mint copy(c, toDevice, nx, ny, nz)
#pragma mint copy(q, toDevice, nx, ny, nz)
#pragma mint copy(r, toDevice, nx, ny, nz)
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint copy(u, toDevice, nu)
#pragma mint copy(t, toDevice, nu)
#pragma mint copy(s1, toDevice, nu)
#pragma mint copy(s2, toDevice, nu)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(r, fromDevice, nx, ny, nz)
#pragma mint copy(b, fromDevice, nx, ny)
#pragma mint copy(t, fromDevice, nu)
#pragma mint copy(s1, fromDevice, nu)
#pragma mint copy(s2, fromDevice, nu)
  return most;
}

static double
run_c (int nx, int ny, int nz, int nu, float (*c)[ny][nx],
       float (*q)[ny][nx], float (*r)[ny][nx], const struct grid *g,
       double (*a)[nx], double (*b)[nx], const double *u, double *t,
       double *s1, double *s2)
{
  double most = 0;
  size_t un = (size_t) nu;
  NESTS (NO_PRAGMA)
  return most;
}

/* The nests over NX x NY x NZ points and NU; nonzero where they
   differ.  */
static int
compare (int nx, int ny, int nz, int nu)
{
  long plane = (long) nx * ny, cells = plane * nz;
  float *c = test_xmalloc (sizeof (float) * cells);
  float *q = test_xmalloc (sizeof (float) * cells);
  double *a = test_xmalloc (sizeof (double) * plane);
  double *u = test_xmalloc (sizeof (double) * nu);
  struct grid g = { nx, 0.5 };
  fill (c, nx, ny, nz, 1);
  for (long i = 0; i < cells; i++)
    c[i] = 2 * c[i] - 0.8f;
  fill (q, nx, ny, nz, 2);
  fill (a, nx, ny, 1, 3);
  fill (u, nu, 1, 1, 4);
  u[1] = 0.25;                  /* u[x - 2] stays inside at x = 1 */
  TWO_FILLED (float, r, nx, ny, nz, 5);
  TWO_FILLED (double, b, nx, ny, 1, 6);
  TWO_FILLED (double, t, nu, 1, 1, 7);
  TWO_FILLED (double, s1, nu, 1, 1, 8);
  TWO_FILLED (double, s2, nu, 1, 1, 9);
  typedef float (*planes)[ny][nx];
  typedef double (*rows)[nx];
  double most[2];
  for (int i = 0; i < 2; i++)
    most[i] = (i ? run_c : run_mint) (nx, ny, nz, nu, (planes) c,
                                      (planes) q, (planes) r[i], &g,
                                      (rows) a, (rows) b[i], u, t[i],
                                      s1[i], s2[i]);
  int status = 0;
  printf ("%dx%dx%d, %d:\n", nx, ny, nz, nu);
  status |= test_report ("upwinding with a z - 2 read where z > 1",
                         max_error (r[0], r[1], cells), TOL_FLOAT);
  status |= test_report ("row edges in a struct's n, a loop where y >= 2",
                         max_error (b[0], b[1], plane), TOL_DOUBLE);
  status |= test_report ("unsigned x + 1 < n",
                         max_error (t[0], t[1], nu), TOL_DOUBLE);
  status |= test_report ("u[x - 2] where x > 0, from x = 1",
                         max_error (s1[0], s1[1], nu), TOL_DOUBLE);
  status |= test_report ("its largest value (a max reduction)",
                         test_relative_error (most[0], most[1]),
                         TOL_DOUBLE);
  status |= test_report ("the same from x = 2",
                         max_error (s2[0], s2[1], nu), TOL_DOUBLE);
  return status;
}

int
main (int argc, char **argv)
{
  int n[3] = { 70, 37, 21 };
  test_size_args (argc, argv, 3, n);
  return compare (37, 21, 9, 100) | compare (n[0], n[1], n[2], 5000);
}
