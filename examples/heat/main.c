/* main.c -- runs the heat solver (heat.c) on a grid whose exact answer is
   known, checks it, and says where the kernels ran.

     ./heat [N [STEPS]]        default 256 x 256 points, 100 steps

   The initial grid is the slowest mode of the discrete Laplacian,
   sin(pi x / (N+1)) sin(pi y / (N+1)), zero on the boundary: every step
   multiplies it by g = 1 - 8 c sin^2(pi / (2 (N+1))), so after STEPS steps
   the grid must be g^STEPS times the initial one.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __MINT__                 /* defined by the mint plugin */
#include <mint/mintrt.h>
#endif

#include "heat.h"

#define TOLERANCE 1e-10

/* Where the kernels of this build run: the GPU's name, or the host.  */
static const char *
kernels_run_on (char *buf, size_t size)
{
#ifdef __MINT__
  mint_offload_status (buf, size);
#else
  snprintf (buf, size, "CPU (built without the mint plugin)");
#endif
  return buf;
}

int
main (int argc, char **argv)
{
  const double pi = 3.14159265358979323846, c = 0.2;
  int n = argc > 1 ? atoi (argv[1]) : 256;
  int steps = argc > 2 ? atoi (argv[2]) : 100;
  if (argc > 3 || n < 1 || steps < 0)
    {
      fprintf (stderr, "usage: %s [N [STEPS]]\n", argv[0]);
      return 2;
    }

  double (*u)[n + 2] = calloc ((size_t) (n + 2) * (n + 2), sizeof (double));
  double (*unew)[n + 2] = calloc ((size_t) (n + 2) * (n + 2), sizeof (double));
  double (*mode)[n + 2] = calloc ((size_t) (n + 2) * (n + 2), sizeof (double));
  if (!u || !unew || !mode)
    {
      fprintf (stderr, "heat: not enough memory for %d x %d points\n", n, n);
      return 1;
    }
  for (int y = 1; y <= n; y++)
    for (int x = 1; x <= n; x++)
      mode[y][x] = unew[y][x] = u[y][x]
        = sin (pi * x / (n + 1)) * sin (pi * y / (n + 1));

  heat_steps (n, steps, c, u, unew);

  double s = sin (pi / (2.0 * (n + 1)));
  double decay = pow (1.0 - 8.0 * c * s * s, steps);
  double max_diff = 0.0, max_exact = 0.0;
  for (int y = 1; y <= n; y++)
    for (int x = 1; x <= n; x++)
      {
        double exact = decay * mode[y][x];
        max_diff = fmax (max_diff, fabs (u[y][x] - exact));
        max_exact = fmax (max_exact, fabs (exact));
      }
  double error = max_diff / max_exact;   /* NaN fails the test below */

  char where[256];
  printf ("heat: %d x %d points, %d steps, kernels on: %s\n", n, n, steps,
          kernels_run_on (where, sizeof where));
  printf ("heat: max relative error %.3g (tolerance %.0e): %s\n", error,
          TOLERANCE, error <= TOLERANCE ? "PASS" : "FAIL");
  free (u);
  free (unew);
  free (mode);
  return error <= TOLERANCE ? 0 : 1;
}
