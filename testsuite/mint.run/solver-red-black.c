/* Red-black SOR in place over every point, each colour a nest whose body
   updates only the points of that colour (`((x + y) & 1) == color', and
   `(x + y + color) % 2 != 0' with continue), parameters in a structure,
   the colour a host loop variable.  No point reads what another writes,
   so the GPU gives the CPU's answer (and no -Wmint-dependence).  */
/* { dg-do run } */
#include "mint-test.h"

struct sor
{
  double omega, h2;
  int sweeps;
};

static void
relax (int nx, int ny, double (*u)[nx + 2], double (*f)[nx + 2],
       const struct sor *p)
{
#pragma mint copy(u, toDevice, nx + 2, ny + 2)
#pragma mint copy(f, toDevice, nx + 2, ny + 2)
#pragma mint parallel
  {
    for (int it = 0; it < p->sweeps; it++)
      for (int color = 0; color < 2; color++)
        {
          if (it % 2 == 0)
            {
#pragma mint for nest(all) nowait
              for (int y = 1; y <= ny; y++)
                for (int x = 1; x <= nx; x++)
                  if (((x + y) & 1) == color)
                    u[y][x] += p->omega
                               * (0.25 * (u[y][x - 1] + u[y][x + 1]
                                          + u[y - 1][x] + u[y + 1][x]
                                          - p->h2 * f[y][x]) - u[y][x]);
            }
          else
            {
#pragma mint for nest(all) nowait
              for (int y = 1; y <= ny; y++)
                for (int x = 1; x <= nx; x++)
                  {
                    if ((x + y + color) % 2 != 0)
                      continue;
                    u[y][x] += p->omega
                               * (0.25 * (u[y][x - 1] + u[y][x + 1]
                                          + u[y - 1][x] + u[y + 1][x]
                                          - p->h2 * f[y][x]) - u[y][x]);
                  }
            }
        }
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2)
}

static void
relax_cpu (int nx, int ny, double (*u)[nx + 2], double (*f)[nx + 2],
           const struct sor *p)
{
  for (int it = 0; it < p->sweeps; it++)
    for (int color = 0; color < 2; color++)
      for (int y = 1; y <= ny; y++)
        for (int x = 1; x <= nx; x++)
          if (((x + y) & 1) == color)
            u[y][x] += p->omega
                       * (0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                                  + u[y + 1][x] - p->h2 * f[y][x])
                          - u[y][x]);
}

int
main (void)
{
  int nx = 45, ny = 33;
  size_t n = (size_t) (nx + 2) * (ny + 2);
  struct sor p = { 1.7, 0.01, 12 };
  double *g[3];
  for (int k = 0; k < 3; k++)
    {
      g[k] = test_xmalloc (n * sizeof (double));
      fill (g[k], nx + 2, ny + 2, 1, k == 2);
    }

  relax (nx, ny, (double (*)[nx + 2]) g[0], (double (*)[nx + 2]) g[2], &p);
  relax_cpu (nx, ny, (double (*)[nx + 2]) g[1], (double (*)[nx + 2]) g[2],
             &p);

  int status = test_report ("u", max_error (g[0], g[1], n), TOL_DOUBLE);
  for (int k = 0; k < 3; k++)
    free (g[k]);
  return status;
}
