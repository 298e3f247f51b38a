/* timing.h -- what the unroll probes share: a monotonic clock, and the
   median of REPS block times (REPS defined by the includer).  */
#include <stdlib.h>
#include <time.h>

static double
wall (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median of BLK[0..REPS), sorted in place.  */
static double
median_seconds (double *blk)
{
  qsort (blk, REPS, sizeof blk[0], cmp);
  return blk[REPS / 2];
}
