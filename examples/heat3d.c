/* heat3d.c -- the 3D heat equation with a 7-point stencil, as a Mint
   program (the Mint paper's first example).

     gcc -O2 -fmint-opt=3 heat3d.c -lm -o heat3d          # GPU (README.md)
     gcc -O2 heat3d.c -lm -o heat3d                       # same program, CPU
     ./heat3d [N [STEPS]]                                 # default 256 50

   Explicit Euler steps of u_t = kappa * laplace(u) on an N^3 grid with a
   fixed boundary layer:
     u'[z][y][x] = c0 * u[z][y][x] + c1 * (sum of the six neighbours),
     c1 = kappa dt / dx^2, c0 = 1 - 6 c1.
   The same steps are then run again as plain C on the CPU; the program
   prints the largest relative difference and PASS or FAIL (exit 1).  */

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __MINT__                 /* defined by the mint plugin */
#include <mint/mintrt.h>
#endif

#define TOLERANCE 1e-10

/* A [nz][ny][nx] array of doubles: index tables over one contiguous
   block, so a[0][0] is the whole grid, x fastest.  */
static double ***
alloc3d (int nz, int ny, int nx)
{
  double ***a = malloc ((size_t) nz * sizeof *a);
  double **rows = malloc ((size_t) nz * ny * sizeof *rows);
  double *data = malloc ((size_t) nz * ny * nx * sizeof *data);
  if (!a || !rows || !data)
    {
      fprintf (stderr, "heat3d: not enough memory for a %d x %d x %d grid\n",
               nz, ny, nx);
      exit (1);
    }
  for (int z = 0; z < nz; z++)
    {
      a[z] = rows + (size_t) z * ny;
      for (int y = 0; y < ny; y++)
        a[z][y] = data + ((size_t) z * ny + y) * nx;
    }
  return a;
}

static void
free3d (double ***a)
{
  free (a[0][0]);
  free (a[0]);
  free (a);
}

/* A smooth hot spot plus a ripple, boundary included, so every point and
   every neighbour matters; both arrays get it (the boundary stays fixed).  */
static void
initialize (double ***a, double ***b, int n)
{
  const double pi = 3.14159265358979323846;
  for (int z = 0; z < n + 2; z++)
    for (int y = 0; y < n + 2; y++)
      for (int x = 0; x < n + 2; x++)
        {
          double fx = (double) x / (n + 1), fy = (double) y / (n + 1);
          double fz = (double) z / (n + 1);
          double r2 = (fx - 0.4) * (fx - 0.4) + (fy - 0.5) * (fy - 0.5)
                      + (fz - 0.6) * (fz - 0.6);
          double v = exp (-20.0 * r2)
                     + 0.1 * sin (7.0 * pi * fx) * cos (5.0 * pi * fy + fz);
          a[z][y][x] = v;
          b[z][y][x] = v;
        }
}

static double
wall_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* STEPS time steps with Mint; returns the array holding the result.  */
static double ***
heat_mint (double ***U, double ***Unew, int n, int steps, double c0,
           double c1)
{
#pragma mint copy(U, toDevice, (n + 2), (n + 2), (n + 2))
#pragma mint copy(Unew, toDevice, (n + 2), (n + 2), (n + 2))
#pragma mint parallel default(shared)
  {
    int t = 0;
    while (t++ < steps)
      {
#pragma mint for nest(all) tile(16, 16, 1)
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              Unew[z][y][x] = c0 * U[z][y][x]
                              + c1 * (U[z][y][x - 1] + U[z][y][x + 1]
                                      + U[z][y - 1][x] + U[z][y + 1][x]
                                      + U[z - 1][y][x] + U[z + 1][y][x]);
#pragma mint single
        {
          double ***tmp = U;
          U = Unew;
          Unew = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, (n + 2), (n + 2), (n + 2))
  return U;
}

/* The same steps, plain C, as the reference.  */
static double ***
heat_cpu (double ***U, double ***Unew, int n, int steps, double c0,
          double c1)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z <= n; z++)
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            Unew[z][y][x] = c0 * U[z][y][x]
                            + c1 * (U[z][y][x - 1] + U[z][y][x + 1]
                                    + U[z][y - 1][x] + U[z][y + 1][x]
                                    + U[z - 1][y][x] + U[z + 1][y][x]);
      double ***tmp = U;
      U = Unew;
      Unew = tmp;
    }
  return U;
}

/* max |a - r| / max |r| over the interior; NaN counts as infinite.  */
static double
max_rel_error (double ***a, double ***r, int n)
{
  double max_diff = 0.0, max_ref = 0.0;
  for (int z = 1; z <= n; z++)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          double d = fabs (a[z][y][x] - r[z][y][x]);
          if (isnan (d))
            return INFINITY;
          if (d > max_diff)
            max_diff = d;
          if (fabs (r[z][y][x]) > max_ref)
            max_ref = fabs (r[z][y][x]);
        }
  return max_diff / max_ref;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 256;
  int steps = argc > 2 ? atoi (argv[2]) : 50;
  if (argc > 3 || n < 1 || steps < 1)
    {
      fprintf (stderr, "usage: %s [N [STEPS]]  (N >= 1, STEPS >= 1)\n",
               argv[0]);
      return 2;
    }
  const double kappa = 1.0, dx = 1.0 / (n + 1), dt = 0.1 * dx * dx / kappa;
  const double c1 = kappa * dt / (dx * dx), c0 = 1.0 - 6.0 * c1;

  double ***U = alloc3d (n + 2, n + 2, n + 2);
  double ***Unew = alloc3d (n + 2, n + 2, n + 2);
  double ***R = alloc3d (n + 2, n + 2, n + 2);
  double ***Rnew = alloc3d (n + 2, n + 2, n + 2);
  initialize (U, Unew, n);
  initialize (R, Rnew, n);

  double start = wall_seconds ();
  double ***result = heat_mint (U, Unew, n, steps, c0, c1);
  double mint_s = wall_seconds () - start;

  start = wall_seconds ();
  double ***reference = heat_cpu (R, Rnew, n, steps, c0, c1);
  double cpu_s = wall_seconds () - start;

  /* Where the Mint steps ran: on the GPU, with the copies to and from it
     in their time, or as the host loops.  */
  char where[256] = "CPU (built without the mint plugin)";
  int on_gpu = 0;
#ifdef __MINT__
  on_gpu = mint_offload_status (where, sizeof where);
#endif
  double points = (double) n * n * n * steps;
  double err = max_rel_error (result, reference, n);
  printf ("heat3d: %d^3 points, %d steps, kernels on: %s\n", n, steps,
          where);
  printf ("  mint:  %8.3f s  %7.3f Gpoints/s  (%s)\n", mint_s,
          points / mint_s / 1e9,
          on_gpu ? "with copies to and from the GPU" : "loops on the host");
  printf ("  CPU:   %8.3f s  %7.3f Gpoints/s  (plain C reference)\n",
          cpu_s, points / cpu_s / 1e9);
  printf ("  max relative error %.3e (tolerance %.0e): %s\n", err, TOLERANCE,
          err <= TOLERANCE ? "PASS" : "FAIL");

  free3d (U);
  free3d (Unew);
  free3d (R);
  free3d (Rnew);
  return err <= TOLERANCE ? 0 : 1;
}
