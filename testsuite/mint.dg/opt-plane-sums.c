/* A box read at more offsets than level 3's window keeps in registers
   (125) is walked as plane sums where its value is a sum over the planes
   of the walk in the order the walk meets them: written plane by plane,
   scaled at the end; accumulated in a variable; with the shape given.
   Where the planes come out of order, or a term reads two planes, it
   stays at level 0 and the note says why.  In double, the steps of a
   full walk print a thread's two points interleaved, each with its own
   copy of the accumulator.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define ROW(dz, dy) (u[z + dz][y + dy][x - 2] + u[z + dz][y + dy][x - 1]   \
                     + u[z + dz][y + dy][x] + u[z + dz][y + dy][x + 1]     \
                     + u[z + dz][y + dy][x + 2])
#define PLANE(dz) (ROW (dz, -2) + ROW (dz, -1) + ROW (dz, 0) + ROW (dz, 1) \
                   + ROW (dz, 2))
#define LOOP3 for (int z = 2; z < n - 2; z++)                              \
                for (int y = 2; y < n - 2; y++)                            \
                  for (int x = 2; x < n - 2; x++)

void
box125 (int n, double (*u)[n][n], double (*v)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_box125_28.: level 3: each thread walks 32 points along z and computes 2x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums.; u in registers" } */
    LOOP3
      v[z][y][x] = 0.008 * (PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1)
                            + PLANE (2));
#pragma mint for nest(all) /* { dg-message "mint_box125_32.: 3 variants for the runtime to time" } */
    LOOP3
      v[z][y][x] = PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1)
                   + PLANE (2);
#pragma mint for nest(all) /* { dg-message "mint_box125_36.: level 3: each thread walks 32 points along z and computes 2x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums." } */
    LOOP3
      {
        double s = PLANE (-2);
        s += PLANE (-1);
        s += PLANE (0);
        s += PLANE (1);
        s += PLANE (2);
        v[z][y][x] = s / 125;
      }
#pragma mint for nest(all) tile(32, 4, 8) chunksize(1, 1, 8) /* { dg-message "mint_box125_46.: level 3: each thread walks 8 points along z and computes 2x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums.; u in registers" } */
    LOOP3
      v[z][y][x] = PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1)
                   + PLANE (2);
#pragma mint for nest(all) /* { dg-message "mint_box125_50.: level 0; read-only path for u .not level 3: u is read at more than 64 offsets, and its value is no sum over the planes of the walk." } */
    LOOP3
      v[z][y][x] = PLANE (1) + PLANE (-2) + PLANE (0) + PLANE (2)
                   + PLANE (-1);
#pragma mint for nest(all) /* { dg-message "mint_box125_54.: level 0; read-only path for u .not level 3: u is read at more than 64 offsets, and its value is no sum over the planes of the walk." } */
    LOOP3
      v[z][y][x] = PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1)
                   + PLANE (2) + u[z - 2][y][x] * u[z + 2][y][x];
  }
#pragma mint copy(v, fromDevice, n, n, n)
}
/* { dg-final { scan-mint-cu "s_p0_0 = mint_s0_0_3;\n *s_p0_0 = \[_a-z0-9\]+ \\+ s_p0_0;\n *mint_s0_0_3 = s_p0_0;\n *s_p0_1 = mint_s0_1_3;" } } */

/* In float, a thread first computes the four columns of one 16-byte
   access.  */
void
box125f (int n, float (*u)[n][n], float (*v)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_box125f_72.: level 3: each thread walks 32 points along z and computes 4x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums.; u in registers; 16-byte accesses to u, v where rows are aligned; at most 80 registers" } */
    /* { dg-message "mint_box125f_72.: 3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 128x4x32 chunksize 4x1x32 .at most 80 registers., v1 tile 64x16x32 chunksize 2x2x32 .at most 128 registers., v2 tile 32x8x32 chunksize 1x1x32 .at most 80 registers." "" { target *-*-* } 72 } */
    LOOP3
      v[z][y][x] = PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1)
                   + PLANE (2);
  }
#pragma mint copy(v, fromDevice, n, n, n)
}

/* A 2-D box of radius 6 (169 offsets, as AN5D's suite writes them with
   loops and a table) is walked as sums of rows of 13 cells; its
   candidates walk 256 rows too.  A 3-D box of radius 3 (343 offsets)
   reads planes of 49 cells, more than plane sums keep: level 0, and the
   note says why.  */
void
wide (int n, const double (*w)[13], double (*a)[n], double (*b)[n],
      const double (*c)[7][7], double (*u)[n][n], double (*v)[n][n])
{
#pragma mint copy(w, toDevice, 13, 13)
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(c, toDevice, 7, 7, 7)
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_wide_98.: level 3: each thread walks 64 points along y and computes 2 columns, each row it loads adding to the sums of the 13 points it touches .plane sums." } */
    /* { dg-message "mint_wide_98.: 4 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 256x64 chunksize 2x64, v1 tile 256x16 chunksize 2x16, v2 tile 256x256 chunksize 2x256, v3 tile 256x64 chunksize 1x64" "" { target *-*-* } 98 } */
    for (int y = 6; y < n - 6; y++)
      for (int x = 6; x < n - 6; x++)
        {
          double s = 0;
          for (int dy = -6; dy <= 6; dy++)
            for (int dx = -6; dx <= 6; dx++)
              s += w[dy + 6][dx + 6] * a[y + dy][x + dx];
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_wide_109.: level 0; read-only path for c, u .not level 3: u is read at more cells of one plane of the walk and more planes than plane sums keep .32 together." } */
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          {
            double s = 0;
            for (int dz = -3; dz <= 3; dz++)
              for (int dy = -3; dy <= 3; dy++)
                for (int dx = -3; dx <= 3; dx++)
                  s += c[dz + 3][dy + 3][dx + 3] * u[z + dz][y + dy][x + dx];
            v[z][y][x] = s;
          }
  }
#pragma mint copy(b, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n, n)
}

/* A 2-D walk's rows are one cell high: the rows of 27 cells of a 27x3
   box are walked as row sums.  */
#define T3(dy, dx) (a[y + dy][x + dx - 1] + a[y + dy][x + dx]              \
                    + a[y + dy][x + dx + 1])
#define ROW27(dy) (T3 (dy, -12) + T3 (dy, -9) + T3 (dy, -6) + T3 (dy, -3)   \
                   + T3 (dy, 0) + T3 (dy, 3) + T3 (dy, 6) + T3 (dy, 9)      \
                   + T3 (dy, 12))

void
wide_rows (int n, float (*a)[n], float (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_wide_rows_141.: level 3: each thread walks 16 points along y and computes 4 columns, each row it loads adding to the sums of the 3 points it touches .plane sums." } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 13; x < n - 13; x++)
        b[y][x] = 0.012f * (ROW27 (-1) + ROW27 (0) + ROW27 (1));
  }
#pragma mint copy(b, fromDevice, n, n)
}
