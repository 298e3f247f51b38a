/* A diffusion step with a coefficient array read at more offsets (nine)
   than the grid (five), swapped with the grid it writes after each step:
   level 4's temporal variant (with -fplugin-arg-mint-exact-level, where
   it does not pay) reads the grid, which the program swaps, not the
   coefficient.  Steps 1 to 9 and 16, compared with the plain C loops
   exactly (-ffp-contract=off).  Usage: temporal-coefficient-offsets [N]
   (default 263).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define FLUX(k, u, y, x)                                                 \
  (u[y][x]                                                               \
   + 0.1 * ((k[y][x + 1] + k[y + 1][x + 1]) * (u[y][x + 1] - u[y][x])    \
            - (k[y][x - 1] + k[y - 1][x - 1]) * (u[y][x] - u[y][x - 1])  \
            + (k[y + 1][x] + k[y + 1][x - 1]) * (u[y + 1][x] - u[y][x])  \
            - (k[y - 1][x] + k[y - 1][x + 1]) * (u[y][x] - u[y - 1][x])))

static void
diffuse_mint (int n, int steps, double (*k)[n], double (*u)[n],
              double (*v)[n])
{
#pragma mint copy(k, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = FLUX (k, u, y, x);
        double (*w)[n] = u;
        u = v;
        v = w;
      }
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
}

static void
diffuse_cpu (int n, int steps, double (*k)[n], double (*u)[n],
             double (*v)[n])
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[y][x] = FLUX (k, u, y, x);
      double (*w)[n] = u;
      u = v;
      v = w;
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 263;
  size_t cells = (size_t) n * n;
  double *k = test_xmalloc (cells * sizeof (double));
  double *g[4];
  for (int i = 0; i < 4; i++)
    g[i] = test_xmalloc (cells * sizeof (double));
  fill (k, n, n, 1, 3);
  for (size_t i = 0; i < cells; i++)
    k[i] = 0.5 + 0.4 * k[i] / (1.0 + fabs (k[i]));
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
    {
      for (int i = 0; i < 4; i++)
        fill (g[i], n, n, 1, i % 2);
      diffuse_mint (n, runs[r], (double (*)[n]) k, (double (*)[n]) g[0],
                    (double (*)[n]) g[1]);
      diffuse_cpu (n, runs[r], (double (*)[n]) k, (double (*)[n]) g[2],
                   (double (*)[n]) g[3]);
      char name[32];
      snprintf (name, sizeof name, "%d steps", runs[r]);
      status |= test_report (name, max_error (g[0], g[2], cells)
                             + max_error (g[1], g[3], cells), TOL_EXACT);
    }
  for (int i = 0; i < 4; i++)
    free (g[i]);
  free (k);
  return status;
}
