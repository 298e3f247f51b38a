/* A 7x7x3 box (147 points) reads planes of 49 cells, more than plane
   sums keep in registers; an 11x11x9 box (1089 points) more offsets than
   the stencil analysis records.  Both stay at level 0, and the note says
   why: with the shape given, and autotuned, where the shape mint chose
   walks nothing because no walk applies.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define ROW(dz, dy) (u[z + dz][y + dy][x - 3] + u[z + dz][y + dy][x - 2]   \
                     + u[z + dz][y + dy][x - 1] + u[z + dz][y + dy][x]     \
                     + u[z + dz][y + dy][x + 1] + u[z + dz][y + dy][x + 2] \
                     + u[z + dz][y + dy][x + 3])
#define PLANE(dz) (ROW (dz, -3) + ROW (dz, -2) + ROW (dz, -1) + ROW (dz, 0) \
                   + ROW (dz, 1) + ROW (dz, 2) + ROW (dz, 3))

#define ROW11(dz, dy) (ROW (dz, dy) + u[z + dz][y + dy][x - 5]           \
                       + u[z + dz][y + dy][x - 4]                         \
                       + u[z + dz][y + dy][x + 4]                         \
                       + u[z + dz][y + dy][x + 5])
#define PLANE11(dz) (ROW11 (dz, -5) + ROW11 (dz, -4) + ROW11 (dz, -3)       \
                     + ROW11 (dz, -2) + ROW11 (dz, -1) + ROW11 (dz, 0)      \
                     + ROW11 (dz, 1) + ROW11 (dz, 2) + ROW11 (dz, 3)        \
                     + ROW11 (dz, 4) + ROW11 (dz, 5))

void
box147 (int n, double (*u)[n][n], double (*v)[n][n], double (*w)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(w, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 8, 12) chunksize(2, 1, 12) /* { dg-message "level 0; read-only path for u .not level 3: u is read at more cells of one plane of the walk and more planes than plane sums keep .32 together." } */
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          v[z][y][x] = 0.007 * (PLANE (-1) + PLANE (0) + PLANE (1));
#pragma mint for nest(all) /* { dg-message "level 0; read-only path for u .not level 3: u is read at more cells of one plane of the walk and more planes than plane sums keep .32 together." } */
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          w[z][y][x] = 0.007 * (PLANE (-1) + PLANE (0) + PLANE (1));
#pragma mint for nest(all) /* { dg-message "level 0; read-only path for u .not level 3: u is read at more than 1024 offsets." } */
    for (int z = 5; z < n - 5; z++)
      for (int y = 5; y < n - 5; y++)
        for (int x = 5; x < n - 5; x++)
          w[z][y][x] = 0.0009 * (PLANE11 (-4) + PLANE11 (-3) + PLANE11 (-2)
                                 + PLANE11 (-1) + PLANE11 (0) + PLANE11 (1)
                                 + PLANE11 (2) + PLANE11 (3) + PLANE11 (4));
  }
#pragma mint copy(v, fromDevice, n, n, n)
#pragma mint copy(w, fromDevice, n, n, n)
}
