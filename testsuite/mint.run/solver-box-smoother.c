/* A 125-point box smoother in double as a solver writes it, against the
   same loops in plain C: its weights in a table, its scale in a
   structure with the sizes, smoothed until the largest change
   (reduction(max) every CHECK sweeps) drops below a tolerance.  Its
   value is a sum over the planes of the walk, so level 3 walks it as
   plane sums, a thread's two columns printed interleaved (each with its
   own copies of the body's variables); the grid's 38 planes hold a full
   walk of 32 and a rest, its rows a tile of 64 and edge blocks.
   Usage: solver-box-smoother [NX NY NZ]  (default 70 21 38, and 37 13 9
   after it).  */
/* { dg-do run } */
#include "mint-test.h"

#define H 2                     /* ghost planes, the box's radius */
#define CHECK 3

struct smoother
{
  int nx, ny, nz;               /* points a side, ghosts included */
  double scale;
};

static double weight[5][5][5];

#define T(u, dz, dy, dx) \
  (weight[(dz) + 2][(dy) + 2][(dx) + 2] * u[z + (dz)][y + (dy)][x + (dx)])
#define ROW(u, dz, dy) (T (u, dz, dy, -2) + T (u, dz, dy, -1)              \
                        + T (u, dz, dy, 0) + T (u, dz, dy, 1)              \
                        + T (u, dz, dy, 2))
#define PLANE(u, dz) (ROW (u, dz, -2) + ROW (u, dz, -1) + ROW (u, dz, 0)   \
                      + ROW (u, dz, 1) + ROW (u, dz, 2))

/* The loops of the smoother, PRAGMA before each nest (mint-test.h).  */
#define SMOOTHING(PRAGMA)                                                \
  while (change > tol && sweeps < max)                                   \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int z = H; z < nz - H; z++)                                   \
        for (int y = H; y < ny - H; y++)                                 \
          for (int x = H; x < nx - H; x++)                               \
            {                                                            \
              double s = PLANE (u, -2);                                  \
              s += PLANE (u, -1);                                        \
              s += PLANE (u, 0);                                         \
              s += PLANE (u, 1);                                         \
              s += PLANE (u, 2);                                         \
              v[z][y][x] = p->scale * s;                                 \
            }                                                            \
      sweeps++;                                                          \
      if (sweeps % CHECK == 0)                                           \
        {                                                                \
          change = 0.0;                                                  \
          PRAGMA (for nest(all) reduction(max:change))                   \
          for (int z = H; z < nz - H; z++)                               \
            for (int y = H; y < ny - H; y++)                             \
              for (int x = H; x < nx - H; x++)                           \
                change = fmax (change, fabs (v[z][y][x] - u[z][y][x]));  \
        }                                                                \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*t)[ny][nx] = u;                                         \
        u = v;                                                           \
        v = t;                                                           \
      }                                                                  \
    }

static int
smooth_mint (const struct smoother *p, double (*u)[p->ny][p->nx],
             double (*v)[p->ny][p->nx], double tol, int max)
{
  int nx = p->nx, ny = p->ny, nz = p->nz, sweeps = 0;
  double change = INFINITY;
#pragma mint copy(weight, toDevice, 5, 5, 5)
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    SMOOTHING (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)
  return sweeps;
}

static int
smooth_cpu (const struct smoother *p, double (*u)[p->ny][p->nx],
            double (*v)[p->ny][p->nx], double tol, int max)
{
  int nx = p->nx, ny = p->ny, nz = p->nz, sweeps = 0;
  double change = INFINITY;
  SMOOTHING (NO_PRAGMA)
  return sweeps;
}

static int
check (int nx, int ny, int nz)
{
  struct smoother p = { nx, ny, nz, 0.998 };
  long n = (long) nx * ny * nz;
  /* u and v for mint, then for plain C.  */
  double (*g[4])[ny][nx];
  for (int a = 0; a < 4; a++)
    {
      g[a] = test_xmalloc (n * sizeof (double));
      fill (&g[a][0][0][0], nx, ny, nz, 3);
    }
  int sweeps = smooth_mint (&p, g[0], g[1], 1e-4, 30);
  int want = smooth_cpu (&p, g[2], g[3], 1e-4, 30);
  char what[64];
  snprintf (what, sizeof what, "125-point smoother %dx%dx%d", nx, ny, nz);
  int status = test_report_sweeps (what, sweeps, want,
                                   max_error (&g[0][0][0][0],
                                              &g[2][0][0][0], n),
                                   TOL_DOUBLE);
  for (int a = 0; a < 4; a++)
    free (g[a]);
  return status;
}

int
main (int argc, char **argv)
{
  for (int dz = 0; dz < 5; dz++)
    for (int dy = 0; dy < 5; dy++)
      for (int dx = 0; dx < 5; dx++)
        weight[dz][dy][dx] = (1 + 0.01 * (dz * 25 + dy * 5 + dx)) / 125.0
                             / 1.62;
  int n[3] = { 70, 21, 38 };
  test_size_args (argc, argv, 3, n);
  int status = check (n[0], n[1], n[2]);
  if (argc == 1)
    status |= check (37, 13, 9);
  return status;
}
