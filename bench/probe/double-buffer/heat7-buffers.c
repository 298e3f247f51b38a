/* heat7-buffers.c -- the double buffer of planes against two arrays with
   a pointer swap: the same 7-point heat step over a 512^3 grid of doubles,
   either as u[t % 2] / u[(t + 1) % 2] of one double (*u)[N][N][N] copied
   with a fourth extent (-DPLANES), or as two grids whose pointers swap
   after each step.  Prints the time per step of STEPS steps (after a
   warm-up that lets the autotuner choose) and a checksum, so that both
   forms can be timed in turns on one GPU:

     gcc -O2 -fplugin=mint.so -fplugin-arg-mint-opt=3 [-DPLANES] \
         heat7-buffers.c -lmintrt -o heat7-planes
     ./heat7-planes [STEPS]

   bench/probe/double-buffer/build.sh builds the four programs (both forms
   at levels 3 and 4).  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 512
#define WARMUP 40

typedef double grid[N][N][N];

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void
fill (double *g)
{
  for (long i = 0; i < (long) N * N * N; i++)
    g[i] = (double) (i % 977) / 977.0;
}

#ifdef PLANES
/* STEPS steps; the time of the last TIMED into *MS.  */
static void
run (grid *u, int steps, int timed, double *ms)
{
  double start = 0;
#pragma mint copy(u, toDevice, N, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        if (t == steps - timed)
          start = seconds ();
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              u[(t + 1) % 2][z][y][x]
                = 0.4 * u[t % 2][z][y][x]
                  + 0.1 * (u[t % 2][z][y][x - 1] + u[t % 2][z][y][x + 1]
                           + u[t % 2][z][y - 1][x] + u[t % 2][z][y + 1][x]
                           + u[t % 2][z - 1][y][x] + u[t % 2][z + 1][y][x]);
      }
    *ms = 1e3 * (seconds () - start) / timed;
  }
#pragma mint copy(u, fromDevice, N, N, N, 2)
}
#else
static void
run (grid *u, int steps, int timed, double *ms)
{
  double (*a)[N][N] = u[0], (*b)[N][N] = u[1];
  double start = 0;
#pragma mint copy(a, toDevice, N, N, N)
#pragma mint copy(b, toDevice, N, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        if (t == steps - timed)
          start = seconds ();
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              b[z][y][x] = 0.4 * a[z][y][x]
                           + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]
                                    + a[z][y - 1][x] + a[z][y + 1][x]
                                    + a[z - 1][y][x] + a[z + 1][y][x]);
        double (*tmp)[N][N] = a;
        a = b;
        b = tmp;
      }
    *ms = 1e3 * (seconds () - start) / timed;
  }
#pragma mint copy(a, fromDevice, N, N, N)
#pragma mint copy(b, fromDevice, N, N, N)
}
#endif

int
main (int argc, char **argv)
{
  int timed = argc > 1 ? atoi (argv[1]) : 200;
  grid *u = malloc (2 * sizeof (grid));
  double ms, sum = 0;

  if (!u || timed < 2 || timed % 2)
    return 2;
  fill (&u[0][0][0][0]);
  fill (&u[1][0][0][0]);
  run (u, WARMUP + timed, timed, &ms);
  const double *first = &u[0][0][0][0];
  for (long i = 0; i < (long) N * N * N; i += 4099)
    sum += first[i];
  printf ("%s %.6f ms/step checksum %.12g\n",
#ifdef PLANES
          "planes",
#else
          "swap",
#endif
          ms, sum);
  free (u);
  return 0;
}
