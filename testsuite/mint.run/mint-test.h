/* mint-test.h -- helpers shared by the mint.run test programs.

   Every program computes something with #pragma mint and again with plain
   CPU loops, compares the two with max_error and reports with test_report:
   one line with the maximum error, exit status 0 when it is within the
   tolerance.  Only the #pragma mint code is offloaded; nothing in this
   header is.  */

#ifndef MINT_TEST_H
#define MINT_TEST_H

#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Tolerances: relative, see test_relative_error.  Integers compare exactly.  */
#define TOL_DOUBLE 1e-12
#define TOL_FLOAT 1e-5
#define TOL_EXACT 0.0

/* A 4-point stencil with offsets in every dimension, for the tests of
   loop shapes (mint.run/loop-*.c).  */
#define LOOP_STENCIL(a, z, y, x)                                         \
  (a[z][y][x] + 0.5 * a[z][y][x - 1] - 0.25 * a[z - 1][y][x + 1]         \
   + 0.125 * a[z + 1][y + 1][x])

static inline void *
test_xmalloc (size_t bytes)
{
  void *p = malloc (bytes);
  if (p == NULL)
    {
      fprintf (stderr, "test: out of memory allocating %zu bytes\n", bytes);
      exit (2);
    }
  return p;
}

/* T ***a over one contiguous block of nz*ny*nx elements (a[0][0] is the
   block), the way the Mint paper's programs allocate their grids.
   Defines alloc3d_NAME and free3d_NAME.  */
#define MINT_TEST_DEFINE_ALLOC3D(T, NAME)                                 \
  static inline T ***                                                     \
  alloc3d_##NAME (int nx, int ny, int nz)                                 \
  {                                                                       \
    T ***a = test_xmalloc (nz * sizeof (T **));                           \
    T **rows = test_xmalloc ((size_t) nz * ny * sizeof (T *));            \
    T *block = test_xmalloc ((size_t) nz * ny * nx * sizeof (T));         \
    for (int z = 0; z < nz; z++)                                          \
      {                                                                   \
        a[z] = rows + (size_t) z * ny;                                    \
        for (int y = 0; y < ny; y++)                                      \
          a[z][y] = block + ((size_t) z * ny + y) * nx;                   \
      }                                                                   \
    return a;                                                             \
  }                                                                       \
  static inline void                                                      \
  free3d_##NAME (T ***a)                                                  \
  {                                                                       \
    free (a[0][0]);                                                       \
    free (a[0]);                                                          \
    free (a);                                                             \
  }

MINT_TEST_DEFINE_ALLOC3D (double, double)
MINT_TEST_DEFINE_ALLOC3D (float, float)
MINT_TEST_DEFINE_ALLOC3D (int, int)

/* Smooth, non-zero test data in [0.5, 3.5]; SEED tells arrays apart.  */
static inline double
test_value (int x, int y, int z, int seed)
{
  return 2.0 + sin (0.37 * x + 0.5 * seed) * cos (0.23 * y + 0.1)
         + 0.5 * sin (0.17 * z + 0.3 * seed);
}

/* |a - r| / max (|r|, 1): relative, and absolute for values near zero,
   where FMA contraction on the GPU changes the last bits.  NaN counts as
   an infinite error.  */
static inline double
test_relative_error (double a, double r)
{
  double e = fabs (a - r) / fmax (fabs (r), 1.0);
  return e == e ? e : INFINITY;
}

/* fill_NAME (a, n, seed): a[i] = test data for the i-th point of a grid
   stored x fastest (the caller says nx, ny); integer types get the data
   scaled by 1000, truncated and converted (types narrower than that wrap
   around).  max_error_NAME (a, ref, n): the largest
   test_relative_error of n elements; elements that differ count at least
   DBL_MIN, so 64-bit integers that round to the same double still fail an
   exact comparison.  */
#define MINT_TEST_DEFINE_ELEMENT(T, NAME)                                 \
  static inline void                                                      \
  fill_##NAME (T *a, int nx, int ny, int nz, int seed)                    \
  {                                                                       \
    for (int z = 0; z < nz; z++)                                          \
      for (int y = 0; y < ny; y++)                                        \
        for (int x = 0; x < nx; x++)                                      \
          {                                                               \
            double v = test_value (x, y, z, seed);                        \
            a[((size_t) z * ny + y) * nx + x]                             \
              = (T) 0.5 == 0 ? (T) (long long) (1000.0 * v) : (T) v;      \
          }                                                               \
  }                                                                       \
  static inline double                                                    \
  max_error_##NAME (const T *a, const T *ref, size_t n)                   \
  {                                                                       \
    double worst = 0.0;                                                   \
    for (size_t i = 0; i < n; i++)                                        \
      if (a[i] != ref[i])                                                 \
        worst = fmax (worst, fmax (DBL_MIN, test_relative_error (         \
                                     (double) a[i], (double) ref[i])));   \
    return worst;                                                         \
  }

MINT_TEST_DEFINE_ELEMENT (double, double)
MINT_TEST_DEFINE_ELEMENT (float, float)
MINT_TEST_DEFINE_ELEMENT (int, int)
MINT_TEST_DEFINE_ELEMENT (long, long)
MINT_TEST_DEFINE_ELEMENT (unsigned, unsigned)
MINT_TEST_DEFINE_ELEMENT (unsigned long, unsigned_long)
MINT_TEST_DEFINE_ELEMENT (long long, long_long)
MINT_TEST_DEFINE_ELEMENT (unsigned long long, unsigned_long_long)
MINT_TEST_DEFINE_ELEMENT (short, short)
MINT_TEST_DEFINE_ELEMENT (unsigned short, unsigned_short)
MINT_TEST_DEFINE_ELEMENT (char, char)
MINT_TEST_DEFINE_ELEMENT (signed char, signed_char)
MINT_TEST_DEFINE_ELEMENT (unsigned char, unsigned_char)
MINT_TEST_DEFINE_ELEMENT (_Bool, bool)

/* fill (a, nx, ny, nz, seed) and max_error (a, ref, n) for any element
   type above (the <stdint.h> types are among them; fill gives _Bool
   nothing but 1, so it takes no _Bool); A and REF point at the first
   element.  */
#define fill(a, nx, ny, nz, seed)                                         \
  _Generic ((a), double *: fill_double, float *: fill_float,              \
            int *: fill_int, long *: fill_long,                           \
            unsigned *: fill_unsigned,                                    \
            unsigned long *: fill_unsigned_long,                          \
            long long *: fill_long_long,                                  \
            unsigned long long *: fill_unsigned_long_long,                \
            short *: fill_short, unsigned short *: fill_unsigned_short,   \
            char *: fill_char, signed char *: fill_signed_char,           \
            unsigned char *: fill_unsigned_char) (a, nx, ny, nz, seed)
#define max_error(a, ref, n)                                              \
  _Generic ((a), double *: max_error_double, float *: max_error_float,    \
            int *: max_error_int, long *: max_error_long,                 \
            unsigned *: max_error_unsigned,                               \
            unsigned long *: max_error_unsigned_long,                     \
            long long *: max_error_long_long,                             \
            unsigned long long *: max_error_unsigned_long_long,           \
            short *: max_error_short,                                     \
            unsigned short *: max_error_unsigned_short,                   \
            char *: max_error_char, signed char *: max_error_signed_char, \
            unsigned char *: max_error_unsigned_char,                     \
            _Bool *: max_error_bool) (a, ref, n)

/* TYPE *NAME[2]: two copies of NX x NY x NZ elements filled with SEED,
   one for mint's build and one for the plain C loops.  */
#define TWO_FILLED(TYPE, NAME, nx, ny, nz, seed)                          \
  TYPE *NAME[2];                                                          \
  for (int i = 0; i < 2; i++)                                             \
    {                                                                     \
      NAME[i] = test_xmalloc (sizeof (TYPE) * (size_t) (nx) * (ny) * (nz)); \
      fill (NAME[i], nx, ny, nz, seed);                                   \
    }

/* Swaps A and B, two pointers to grids, as a time step's statement.  */
#define TEST_SWAP(a, b)                                                  \
  {                                                                      \
    __typeof__ (a) t_ = a;                                               \
    a = b;                                                               \
    b = t_;                                                              \
  }

/* A test's nests written once as a macro of PRAGMA, which precedes each
   nest with its clauses: PRAGMA = MINT_PRAGMA for mint's build, NO_PRAGMA
   for the same loops on the CPU.  */
#define MINT_STRING(x) #x
#define MINT_PRAGMA(clauses) _Pragma (MINT_STRING (mint clauses))
#define NO_PRAGMA(clauses)

/* The Thomas algorithm's factors M and CP (N of each) for the system
   a x[i-1] + b x[i] - x[i+1] = d[i] of a line sweep.  */
static inline void
test_thomas_factors (double *m, double *cp, int n, double a, double b)
{
  m[0] = 1 / b;
  cp[0] = -1 * m[0];
  for (int i = 1; i < n; i++)
    {
      m[i] = 1 / (b - a * cp[i - 1]);
      cp[i] = -1 * m[i];
    }
}

/* The Thomas solve along x of row (Z, Y) of S, right-hand side D, over
   the points 1 .. N - 2, by the factors M and CP of test_thomas_factors
   and the sub-diagonal TA: a statement, forward then backward.  */
#define THOMAS_ROW(s, d, z, y, n, m, cp, ta)                               \
  {                                                                       \
    s[z][y][1] = d[z][y][1] * m[1];                                       \
    for (int x = 2; x < n - 1; x++)                                       \
      s[z][y][x] = (d[z][y][x] - ta * s[z][y][x - 1]) * m[x];             \
    for (int x = n - 3; x >= 1; x--)                                      \
      s[z][y][x] = s[z][y][x] - cp[x] * s[z][y][x + 1];                   \
  }

/* Prints one line about check WHAT and returns 0 if ERROR <= TOLERANCE,
   else 1; a program's exit status is the OR of its reports.  */
static inline int
test_report (const char *what, double error, double tolerance)
{
  int ok = error <= tolerance;
  printf ("%s: max error %.3g (tolerance %.3g): %s\n", what, error,
          tolerance, ok ? "ok" : "FAILED");
  return !ok;
}

/* Reports a solver run against the plain C loops': WHAT with both sweep
   counts, and the run's largest ERROR where it took the loops' number of
   sweeps (WANT), else a failure.  */
static inline int
test_report_sweeps (const char *what, int sweeps, int want, double error,
                    double tolerance)
{
  char line[160];
  snprintf (line, sizeof line, "%s, %d sweeps (plain C %d)", what, sweeps,
            want);
  return test_report (line, sweeps == want ? error : INFINITY, tolerance);
}

/* Runs RUN (ARG) in a child process, for a program libmintrt must stop:
   its exit status (-1 where it did not exit), its stderr in ERR.  */
static inline int
test_in_child (void (*run) (void *), void *arg, char *err, size_t size)
{
  int fds[2], status;
  if (pipe (fds) != 0)
    return -1;
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fds[1], 2);
      run (arg);
      _exit (0);
    }
  close (fds[1]);
  size_t got = 0;
  ssize_t n;
  while (got < size - 1 && (n = read (fds[0], err + got, size - 1 - got)) > 0)
    got += n;
  err[got] = '\0';
  close (fds[0]);
  waitpid (pid, &status, 0);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* Runs RUN (ARG) in a child (test_in_child), which built with the plugin
   libmintrt must stop with exit status 1 and a message holding EXPECTED
   and MORE, and built without it must run to the end, silent.  Prints
   one line about check WHAT; 0 if so, else 1.  */
static inline int
test_stops (const char *what, void (*run) (void *), void *arg,
            const char *expected, const char *more)
{
  char err[2048];
  int status = test_in_child (run, arg, err, sizeof err);
#ifdef __MINT__
  int ok = status == 1 && strstr (err, expected) && strstr (err, more);
#else
  (void) expected;
  (void) more;
  int ok = status == 0 && err[0] == '\0';
#endif
  printf ("%s: exit status %d, \"%s\": %s\n", what, status, err,
          ok ? "ok" : "FAILED");
  return !ok;
}

/* test_stops where the kernels run on a GPU: the device checks accesses
   under a condition as it runs them, and a run on the host computes what
   the program's loops do, running to the end as without the plugin.  */
static inline int
test_stops_on_device (const char *what, void (*run) (void *), void *arg,
                      const char *expected, const char *more)
{
#ifdef __MINT__
  /* Asked in a child: the driver does not survive a fork.  */
  int mint_offload_status (char *buf, size_t size);
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    _exit (mint_offload_status (NULL, 0) == 1);
  int on_device;
  if (pid > 0 && waitpid (pid, &on_device, 0) == pid
      && WIFEXITED (on_device) && WEXITSTATUS (on_device) == 1)
    return test_stops (what, run, arg, expected, more);
#endif
  char err[2048];
  int status = test_in_child (run, arg, err, sizeof err);
  int ok = status == 0 && err[0] == '\0';
  printf ("%s: exit status %d on the host, \"%s\": %s\n", what, status, err,
          ok ? "ok" : "FAILED");
  return !ok;
}

/* Grid size from the command line: "N" (N in every dimension), or one
   extent per dimension; DIMS extents, default values in N on entry.  */
static inline void
test_size_args (int argc, char **argv, int dims, int *n)
{
  if (argc == 2)
    for (int d = 1; d < dims; d++)
      n[d] = atoi (argv[1]);
  if (argc != 1 && argc != 2 && argc != dims + 1)
    {
      fprintf (stderr, "usage: %s [N | N1 ... N%d]\n", argv[0], dims);
      exit (2);
    }
  for (int d = 0; d < argc - 1; d++)
    n[d] = atoi (argv[d + 1]);
  for (int d = 0; d < dims; d++)
    if (n[d] < 3)
      {
        fprintf (stderr, "%s: every extent must be at least 3\n", argv[0]);
        exit (2);
      }
}

/* Wall-clock seconds, for the paper kernels' timing line.  */
static inline double
test_seconds (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#endif /* MINT_TEST_H */
