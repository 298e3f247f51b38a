/* Parallel regions run by several host threads at once, each over its
   own grids (a solver run for several problems in threads): libmintrt
   runs one thread's copies, region and copies back before another's, and
   each gets the answer of the same loops in plain C.  Each thread runs a
   2-D heat time loop (swapped pointers) and a 3-D step with a condition,
   of sizes that differ by thread.
   Usage: threads-regions [N]  (default 40).  */
/* { dg-do run } */
#include "mint-test.h"
#include <pthread.h>

#define THREADS 4

struct problem
{
  int n, steps, seed;
  double error;
};

#define HEAT2D(u, y, x)                                                  \
  (0.2 * (u[y][x] + u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x]))

static void
heat_mint (int n, int steps, double (*u)[n], double (*v)[n],
           double (*w)[n][n])
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint copy(w, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = HEAT2D (u, y, x);
#pragma mint single
        {
          double (*s)[n] = u;
          u = v;
          v = s;
        }
      }
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          w[z][y][x] = x > y ? w[z][y][x] + u[y][x] : w[z][y][x] - v[z][y];
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
#pragma mint copy(w, fromDevice, n, n, n)
}

static void
heat_cpu (int n, int steps, double (*u)[n], double (*v)[n],
          double (*w)[n][n])
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[y][x] = HEAT2D (u, y, x);
      double (*s)[n] = u;
      u = v;
      v = s;
    }
  for (int z = 1; z < n - 1; z++)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        w[z][y][x] = x > y ? w[z][y][x] + u[y][x] : w[z][y][x] - v[z][y];
}

static void *
solve (void *arg)
{
  struct problem *p = arg;
  int n = p->n;
  size_t plane = (size_t) n * n, cube = plane * n;
  double *g[6];
  for (int a = 0; a < 6; a++)
    {
      g[a] = test_xmalloc ((a % 3 == 2 ? cube : plane) * sizeof (double));
      if (a % 3 == 2)
        fill (g[a], n, n, n, p->seed + 2);
      else
        fill (g[a], n, n, 1, p->seed + a % 3);
    }
  heat_mint (n, p->steps, (double (*)[n]) g[0], (double (*)[n]) g[1],
             (double (*)[n][n]) g[2]);
  heat_cpu (n, p->steps, (double (*)[n]) g[3], (double (*)[n]) g[4],
            (double (*)[n][n]) g[5]);
  p->error = fmax (fmax (max_error (g[0], g[3], plane),
                         max_error (g[1], g[4], plane)),
                   max_error (g[2], g[5], cube));
  for (int a = 0; a < 6; a++)
    free (g[a]);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = 40;
  test_size_args (argc, argv, 1, &n);
  struct problem p[THREADS];
  pthread_t id[THREADS];
  for (int i = 0; i < THREADS; i++)
    {
      p[i] = (struct problem) { n + 3 * i, 10 + 7 * i, i, 0 };
      if (pthread_create (&id[i], NULL, solve, &p[i]) != 0)
        {
          fprintf (stderr, "threads-regions: cannot create a thread\n");
          return 2;
        }
    }
  double e = 0;
  for (int i = 0; i < THREADS; i++)
    {
      pthread_join (id[i], NULL);
      e = fmax (e, p[i].error);
    }
  return test_report ("regions in 4 threads", e, TOL_DOUBLE);
}
