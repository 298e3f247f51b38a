/* An array read at more offsets than the stencil analysis records (a
   7x7x3 box, 147 points) stays at level 0, and the note says why: with
   the shape given, and autotuned, where the shape mint chose walks
   nothing because no walk applies.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define ROW(dz, dy) (u[z + dz][y + dy][x - 3] + u[z + dz][y + dy][x - 2]   \
                     + u[z + dz][y + dy][x - 1] + u[z + dz][y + dy][x]     \
                     + u[z + dz][y + dy][x + 1] + u[z + dz][y + dy][x + 2] \
                     + u[z + dz][y + dy][x + 3])
#define PLANE(dz) (ROW (dz, -3) + ROW (dz, -2) + ROW (dz, -1) + ROW (dz, 0) \
                   + ROW (dz, 1) + ROW (dz, 2) + ROW (dz, 3))

void
box147 (int n, double (*u)[n][n], double (*v)[n][n], double (*w)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(w, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 8, 12) chunksize(2, 1, 12) /* { dg-message "level 0; read-only path for u .not level 3: u is read at more than 128 offsets." } */
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          v[z][y][x] = 0.007 * (PLANE (-1) + PLANE (0) + PLANE (1));
#pragma mint for nest(all) /* { dg-message "level 0; read-only path for u .not level 3: u is read at more than 128 offsets." } */
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          w[z][y][x] = 0.007 * (PLANE (-1) + PLANE (0) + PLANE (1));
  }
#pragma mint copy(v, fromDevice, n, n, n)
#pragma mint copy(w, fromDevice, n, n, n)
}
