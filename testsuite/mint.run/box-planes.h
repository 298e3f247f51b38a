/* A 125-point box at (z, y, x) of a 3-D array, summed as programs write
   it plane by plane: PLANE (u, dz) sums the rows ROW (u, dz, dy) of plane
   z + dz, each row its five terms, each term its own coefficient.  */

#ifndef MINT_TEST_BOX_PLANES_H
#define MINT_TEST_BOX_PLANES_H

#define W(dz, dy, dx) (0.0079 + 0.00001 * ((dz) * 25 + (dy) * 5 + (dx)))
#define ROW(u, dz, dy)                                                    \
  (W (dz, dy, -2) * u[z + dz][y + dy][x - 2]                              \
   + W (dz, dy, -1) * u[z + dz][y + dy][x - 1]                            \
   + W (dz, dy, 0) * u[z + dz][y + dy][x]                                 \
   + W (dz, dy, 1) * u[z + dz][y + dy][x + 1]                             \
   + W (dz, dy, 2) * u[z + dz][y + dy][x + 2])
#define PLANE(u, dz) (ROW (u, dz, -2) + ROW (u, dz, -1) + ROW (u, dz, 0)   \
                      + ROW (u, dz, 1) + ROW (u, dz, 2))

#endif
