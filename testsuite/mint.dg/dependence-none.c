/* Stencils whose points are independent give no -Wmint-dependence
   warning (any warning fails this test): Jacobi sweeps from one array
   into another (7 and 19 points, variable coefficients, a wave equation
   over three time levels, the Game of Life on int grids), updates in
   place at the point itself, and red-black Gauss-Seidel sweeps in place
   on one array, whose points of one colour read only points of the
   other: along a loop of step 2 (neighbours at odd distances) or with
   the colour's rows and planes fixed on the host; ghost columns filled
   from the inside, `-1 - g' (which GCC writes ~g) left of column 2; a
   red-black sweep in place over a flat array whose row length is a
   local set to a constant (the distance of a row less one lies outside
   the row); ghost cells filled as the mirror images of the inside
   (`u[ng - 1 - g] = u[ng + g]', the sum of the two points' g against
   -1), in variable-sized rows and in the faces of a flat 3-D grid.
   mint.run's paper kernels are built with -Wall too.  */
/* { dg-do compile } */

#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))

void
jacobi (int n, double ***u, double ***unew, double ***kappa, double c0,
        double c1)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(unew, toDevice, n, n, n)
#pragma mint copy(kappa, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 4)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          unew[z][y][x] = c0 * u[z][y][x]
                          + c1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                  + u[z][y - 1][x] + u[z][y + 1][x]
                                  + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          u[z][y][x] = c0 * unew[z][y][x]
                       + c1 * (unew[z - 1][y - 1][x] + unew[z - 1][y + 1][x]
                               + unew[z + 1][y - 1][x] + unew[z + 1][y + 1][x]
                               + unew[z][y - 1][x - 1] + unew[z][y + 1][x + 1]
                               + unew[z - 1][y][x - 1] + unew[z + 1][y][x + 1]);
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          unew[z][y][x] = u[z][y][x]
                          + kappa[z][y][x + 1] * (u[z][y][x + 1] - u[z][y][x])
                          - kappa[z][y][x] * (u[z][y][x] - u[z][y][x - 1]);
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          u[z][y][x] = 0.5 * u[z][y][x] + unew[z][y][x];
  }
#pragma mint copy(u, fromDevice, n, n, n)
#pragma mint copy(unew, fromDevice, n, n, n)
}

void
wave (int nx, int ny, double (*prev)[nx], double (*cur)[nx],
      double (*next)[nx], double c, int steps)
{
#pragma mint copy(prev, toDevice, nx, ny)
#pragma mint copy(cur, toDevice, nx, ny)
#pragma mint copy(next, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(2)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            next[y][x] = 2.0 * cur[y][x] - prev[y][x]
                         + c * (cur[y][x - 1] + cur[y][x + 1] + cur[y - 1][x]
                                + cur[y + 1][x] - 4.0 * cur[y][x]);
#pragma mint single
        {
          double (*t0)[nx] = prev;
          prev = cur;
          cur = next;
          next = t0;
        }
      }
  }
#pragma mint copy(prev, fromDevice, nx, ny)
#pragma mint copy(cur, fromDevice, nx, ny)
#pragma mint copy(next, fromDevice, nx, ny)
}

void
life (int nx, int ny, int (*old)[nx], int (*new)[nx])
{
#pragma mint copy(old, toDevice, nx, ny)
#pragma mint copy(new, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          int alive = old[y - 1][x - 1] + old[y - 1][x] + old[y - 1][x + 1]
                      + old[y][x - 1] + old[y][x + 1] + old[y + 1][x - 1]
                      + old[y + 1][x] + old[y + 1][x + 1];
          new[y][x] = alive == 3 || (alive == 2 && old[y][x]);
        }
  }
#pragma mint copy(new, fromDevice, nx, ny)
}

/* Red-black Gauss-Seidel in place, flat, with a macro index: each sweep
   updates every other point in x.  */
void
red_black_flat (int nx, int ny, int nz, double *u, double *f, double h2)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(f, toDevice, nx * ny * nz)
#pragma mint parallel
  {
    for (int colour = 0; colour < 2; colour++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1 + colour; x < nx - 1; x += 2)
              u[IDX (x, y, z)] = (u[IDX (x - 1, y, z)] + u[IDX (x + 1, y, z)]
                                  - h2 * f[IDX (x, y, z)]) / 2.0;
      }
  }
#pragma mint copy(u, fromDevice, nx * ny * nz)
}

/* Red-black Gauss-Seidel in place on a 3-D grid: the host walks the
   planes and rows, each row's points of one colour form a kernel.  */
void
red_black_rows (int n, double (*u)[n][n], double (*f)[n][n], double h2)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(f, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int colour = 0; colour < 2; colour++)
      for (int z = 1; z < n - 1; z++)
        for (int y = 1; y < n - 1; y++)
          {
#pragma mint for
            for (int x = 1 + (y + z + colour) % 2; x < n - 1; x += 2)
              u[z][y][x] = (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]
                            + u[z][y + 1][x] + u[z - 1][y][x]
                            + u[z + 1][y][x] - h2 * f[z][y][x]) / 6.0;
          }
  }
#pragma mint copy(u, fromDevice, n, n, n)
}

/* A flat image of constant width W with constant loop bounds: rows do
   not overlap, since x stays within 1..W-2 (x = -W would be y's
   neighbour row).  */
#define W 83
#define H 47
#define PX(img, x, y) img[(y) * W + (x)]

void
flat_constant_width (unsigned char *img, unsigned char *out)
{
#pragma mint copy(img, toDevice, W * H)
#pragma mint copy(out, toDevice, W * H)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        PX (out, x, y) = (PX (img, x - 1, y) + PX (img, x + 1, y)
                          + PX (img, x, y - 1) + PX (img, x, y + 1)) / 4;
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        PX (img, x, y) = PX (img, x, y) / 2;
  }
#pragma mint copy(out, fromDevice, W * H)
}

void
ghost_columns (double *c)
{
#pragma mint copy(c, toDevice, 68 * 68)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int g = 0; g < 2; g++)
      for (int j = 0; j < 68; j++)
        c[j * 68 + 2 + (-1 - g)] = c[j * 68 + 65 - g];
  }
#pragma mint copy(c, fromDevice, 68 * 68)
}

void
red_black_constant_rows (void)
{
  int nx = 46, ny = 38;
  double *u = __builtin_malloc (sizeof (double) * nx * ny);
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int color = 0; color < 2; color++)
      {
#pragma mint for nest(all)
        for (int j = 1; j < ny - 1; j++)
          for (int i = 1; i < nx - 1; i++)
            if ((i + j) % 2 == color)
              u[j * nx + i] = 0.25 * (u[j * nx + i - 1] + u[j * nx + i + 1])
                              + 0.5 * u[j * nx + i];
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
  __builtin_free (u);
}

#define MIRROR_N 64
#define MIRROR_NG 2

void
mirror_ghosts (double (*u)[MIRROR_N + 2 * MIRROR_NG])
{
#pragma mint copy(u, toDevice, MIRROR_N + 2 * MIRROR_NG, MIRROR_N + 2 * MIRROR_NG)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = MIRROR_NG; j < MIRROR_N + MIRROR_NG; j++)
      for (int g = 0; g < MIRROR_NG; g++)
        {
          u[j][MIRROR_NG - 1 - g] = u[j][MIRROR_NG + g];
          u[j][MIRROR_N + MIRROR_NG + g] = u[j][MIRROR_N + MIRROR_NG - 1 - g];
        }
  }
#pragma mint copy(u, fromDevice, MIRROR_N + 2 * MIRROR_NG, MIRROR_N + 2 * MIRROR_NG)
}

void
mirror_face (int nx, int ny, float *f)
{
#pragma mint copy(f, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int g = 0; g < 2; g++)
      for (int x = 0; x < nx; x++)
        f[(1 - g) * nx + x] = f[(2 + g) * nx + x];
  }
#pragma mint copy(f, fromDevice, nx * ny)
}
