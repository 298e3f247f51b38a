/* timing.h -- what the unroll probes, the unseen probes and the stencil
   family (family.c) share: a monotonic clock, and the median of block
   times (of REPS, defined by the includer, for median_seconds).  Inline,
   so that an includer need not use them all.  */
#include <stdlib.h>
#include <time.h>

static inline double
wall (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static inline int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median of BLK[0..N), sorted in place.  */
static inline double
median_of (double *blk, int n)
{
  qsort (blk, (size_t) n, sizeof blk[0], cmp);
  return blk[n / 2];
}

/* The median of BLK[0..REPS).  */
#define median_seconds(blk) median_of (blk, REPS)
