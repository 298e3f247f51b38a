/* bench.c -- the benchmark protocol shared by every variant (see bench.h).  */

#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Set by reference.c, which is built once per kernel.  */
extern const char *const bench_kernel_name;
extern const int bench_kernel_dims, bench_kernel_uses_b, bench_kernel_uses_k;
extern const int bench_kernel_flops, bench_kernel_bytes;

struct grid
grid_make (long n, int dims)
{
  struct grid g;
  g.nx = n;
  g.ny = n;
  g.nz = dims == 3 ? n : 1;
  g.hz = dims == 3 ? 1 : 0;
  g.sy = g.nx + 2;
  g.sz = g.sy * (g.ny + 2);
  g.total = (size_t) g.sz * (size_t) (g.nz + 2 * g.hz);
  return g;
}

static double *
alloc_array (size_t n)
{
  void *p = NULL;
  if (posix_memalign (&p, 128, n * sizeof (double)) != 0)
    return NULL;
  return p;
}

int
problem_alloc (struct problem *p, long n, int dims, int uses_b, int uses_k)
{
  memset (p, 0, sizeof *p);
  p->g = grid_make (n, dims);
  p->u = alloc_array (p->g.total);
  p->unew = alloc_array (p->g.total);
  if (uses_b)
    p->b = alloc_array (p->g.total);
  if (uses_k)
    p->k = alloc_array (p->g.total);
  if (!p->u || !p->unew || (uses_b && !p->b) || (uses_k && !p->k))
    {
      fprintf (stderr, "bench: out of host memory for %zu-element arrays\n",
               p->g.total);
      problem_free (p);
      return 1;
    }
  return 0;
}

void
problem_free (struct problem *p)
{
  free (p->u);
  free (p->unew);
  free (p->b);
  free (p->k);
  memset (p, 0, sizeof *p);
}

/* splitmix64: a decorrelated value in [0, 1) for element i of stream s.  */
static double
random_unit (unsigned long long seed, unsigned stream, size_t i)
{
  uint64_t z = seed + 0x9e3779b97f4a7c15ull * (i * 4 + stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (double) (z >> 11) * 0x1.0p-53;
}

void
problem_fill (struct problem *p, unsigned long long seed)
{
  const struct grid *g = &p->g;
  for (long z = 0; z < g->nz + 2 * g->hz; z++)
    for (long y = 0; y < g->ny + 2; y++)
      {
        int interior_row = z >= g->hz && z < g->nz + g->hz
                           && y >= 1 && y <= g->ny;
        for (long x = 0; x < g->nx + 2; x++)
          {
            size_t i = (size_t) (z * g->sz + y * g->sy + x);
            p->u[i] = 0.5 + random_unit (seed, 0, i);
            p->unew[i] = interior_row && x >= 1 && x <= g->nx ? NAN : p->u[i];
            if (p->b)
              p->b[i] = 1e-2 * (random_unit (seed, 1, i) - 0.5);
            if (p->k)
              p->k[i] = 0.5 + random_unit (seed, 2, i);
          }
      }
}

double
max_rel_error (const struct grid *g, const double *a, const double *r)
{
  double max_diff = 0.0, max_ref = 0.0;
  for (long z = g->hz; z < g->nz + g->hz; z++)
    for (long y = 1; y <= g->ny; y++)
      for (long x = 1; x <= g->nx; x++)
        {
          size_t i = (size_t) (z * g->sz + y * g->sy + x);
          double d = fabs (a[i] - r[i]);
          if (!(d <= max_diff))       /* also catches NaN */
            {
              if (isnan (d))
                return INFINITY;
              max_diff = d;
            }
          if (fabs (r[i]) > max_ref)
            max_ref = fabs (r[i]);
        }
  return max_ref > 0.0 ? max_diff / max_ref : max_diff;
}

double
wall_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void
usage (const char *prog, const struct variant *v)
{
  fprintf (stderr,
           "usage: %s [-n N] [-v N] [-s STEPS] [-r REPS] [-w WARMUP]\n"
           "          [-c CONFIG,...] [-S SEED] [-H] [-V NAME]\n"
           "  -n N  edge of the timed grid (0: validate only)\n"
           "  -v N  edge of the validation grid\n"
           "  -c    configurations to run (default %s)\n"
           "  -H    accept a host fallback (GCC offload without a device)\n"
           "  -V    the variant's name in the results (default %s)\n",
           prog, v->default_configs, v->name);
}

static int
parse_options (int argc, char **argv, const struct variant *v, int dims,
               struct bench_options *o)
{
  o->validate_n = dims == 3 ? 100 : 1000;
  o->n = dims == 3 ? 512 : 8192;
  o->steps = 20;
  o->reps = 5;
  o->warmup = 3;
  o->allow_host = 0;
  o->configs = v->default_configs;
  o->name = v->name;
  o->seed = (unsigned long long) time (NULL) ^ ((unsigned long long) getpid () << 20);
  int c;
  while ((c = getopt (argc, argv, "n:v:s:r:w:c:S:HV:")) != -1)
    switch (c)
      {
      case 'n': o->n = atol (optarg); break;
      case 'v': o->validate_n = atol (optarg); break;
      case 's': o->steps = atoi (optarg); break;
      case 'r': o->reps = atoi (optarg); break;
      case 'w': o->warmup = atoi (optarg); break;
      case 'c': o->configs = optarg; break;
      case 'S': o->seed = strtoull (optarg, NULL, 0); break;
      case 'H': o->allow_host = 1; break;
      case 'V': o->name = optarg; break;
      default: usage (argv[0], v); return 1;
      }
  if (optind != argc || o->validate_n < 3 || o->n < 0 || o->steps < 1
      || o->reps < 1 || o->reps > 100 || o->warmup < 0)
    {
      usage (argv[0], v);
      return 1;
    }
  return 0;
}

/* Validate CONFIG on a fresh small problem: 0 valid, 2 wrong, 1 failed.  */
static int
validate (const struct variant *v, const struct bench_options *o,
          const char *config)
{
  struct problem dev, ref;
  double seconds, device_seconds;
  int status = 1;
  if (problem_alloc (&dev, o->validate_n, bench_kernel_dims,
                     bench_kernel_uses_b, bench_kernel_uses_k))
    return 1;
  if (problem_alloc (&ref, o->validate_n, bench_kernel_dims,
                     bench_kernel_uses_b, bench_kernel_uses_k))
    {
      problem_free (&dev);
      return 1;
    }
  problem_fill (&dev, o->seed);
  problem_fill (&ref, o->seed);
  reference_steps (&ref, BENCH_VALIDATE_STEPS);
  if (v->run (&dev, config, 0, BENCH_VALIDATE_STEPS, 1, &seconds,
              &device_seconds) == 0)
    {
      double err = max_rel_error (&dev.g, dev.u, ref.u);
      int ok = err <= BENCH_TOLERANCE;
      printf ("%s %s %s %s %.3e\n", ok ? "VALID" : "WRONG",
              bench_kernel_name, o->name, config, err);
      status = ok ? 0 : 2;
    }
  problem_free (&dev);
  problem_free (&ref);
  return status;
}

/* Time CONFIG on P: print its ms per step (a TAG line) and store it in
   *MS.  */
static int
time_config (const struct variant *v, const struct bench_options *o,
             struct problem *p, const char *config, const char *tag,
             double *ms)
{
  double block_seconds[100], device_seconds[100];
  for (int r = 0; r < o->reps; r++)
    device_seconds[r] = NAN;
  if (v->run (p, config, o->warmup, o->steps, o->reps, block_seconds,
              device_seconds))
    return 1;
  *ms = 1e3 * median (block_seconds, o->reps) / o->steps;
  printf ("%s %s %s %s %.6f\n", tag, bench_kernel_name, o->name, config, *ms);
  if (!isnan (device_seconds[0]))
    printf ("DEVICE %s %s %s %.6f\n", bench_kernel_name, o->name, config,
            1e3 * median (device_seconds, o->reps) / o->steps);
  return 0;
}

int
bench_main (int argc, char **argv, const struct variant *v)
{
  struct bench_options o;
  char why[256] = "";
  if (parse_options (argc, argv, v, bench_kernel_dims, &o))
    return 1;
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (v->probe && v->probe (&o, why, sizeof why))
    {
      printf ("NOGPU %s %s %s\n", bench_kernel_name, o.name, why);
      return 3;
    }

  /* Split the configuration list; validate each before timing it.  */
  char *list = strdup (o.configs);
  int status = 0;
  struct problem full;
  int have_full = 0, ntimed = 0;
  double best_ms = INFINITY, ms;
  char *best = NULL;
  for (char *save = NULL, *config = strtok_r (list, ",", &save); config;
       config = strtok_r (NULL, ",", &save))
    {
      int s = validate (v, &o, config);
      if (s != 0)
        {
          status = status ? status : s;
          continue;
        }
      if (o.n == 0)
        continue;
      if (!have_full)
        {
          if (problem_alloc (&full, o.n, bench_kernel_dims,
                             bench_kernel_uses_b, bench_kernel_uses_k))
            {
              status = 1;
              break;
            }
          problem_fill (&full, o.seed + 1);
          have_full = 1;
          printf ("SIZE %s %s %ld %.0f %d %d\n", bench_kernel_name, o.name,
                  o.n, (double) full.g.nx * full.g.ny * full.g.nz,
                  bench_kernel_flops, bench_kernel_bytes);
        }
      if (time_config (v, &o, &full, config, "TIME", &ms))
        {
          status = status ? status : 1;
          continue;
        }
      ntimed++;
      if (ms < best_ms)
        {
          best_ms = ms;
          best = config;
        }
    }
  /* The fastest of several configurations, timed once more: its first
     time won a race against noise, so it is biased low.  */
  if (ntimed > 1 && time_config (v, &o, &full, best, "RETIME", &ms))
    status = status ? status : 1;
  if (have_full)
    problem_free (&full);
  free (list);
  return status;
}
