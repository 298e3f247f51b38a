/* timing.h -- what the unroll probes, the unseen probes and the stencil
   family (family.c) share: a monotonic clock, the median of block times
   (of REPS, defined by the includer, for median_seconds), a Mint region
   timing its steps (TIMED), and the cells' start values (START_VALUE).  Inline, so that an includer need not
   use them all.  */
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

#define PRAGMA(x) _Pragma (#x)
/* A Mint region that runs its arguments (nests, a swap) STEPS times after
   one untimed run, T0 and T1 (doubles of the includer) the clock's
   values around the timed ones.  */
#define TIMED(...)                                                      \
  PRAGMA (mint parallel)                                                \
  {                                                                     \
    for (int t = -1; t < steps; t++)                                    \
      {                                                                 \
        if (t == 0)                                                     \
          t0 = wall ();                                                 \
        __VA_ARGS__                                                     \
      }                                                                 \
    PRAGMA (mint barrier)                                               \
    t1 = wall ();                                                       \
  }

/* A deterministic start value, in [0, 1), of cell I of field K, as
   TYPE.  */
#define START_VALUE(type, i, k)                                         \
  ((type) (((i) * (7 + 2 * (k)) + 13 * (k)) % 101) / (type) 101)
