/* Helpers that use ++ and -- of their parameters and locals as values:
   int t = k++ (the value before the step), int t = ++k (after), both
   directions, a subscript that steps a parameter or a local (p[k++],
   q[r++][i], the value before the step, and the stepped variable read
   by the next statement), a step in a compound assignment (s += p[j++],
   which the front end saves first), in an if's condition, in a return,
   in the argument of another helper, on a double, a short and an
   unsigned.  Each must give C's value (p[k++] reads the element before
   the step), in the kernel and in the host loops: the nest's results
   are compared with the same body run by plain C.  */
/* { dg-do run } */
#include "mint-test.h"

#define ROWS 7

static inline int
after_post (int k)
{
  int t = k++;
  return t * 100 + k;
}

static inline int
after_pre (int k)
{
  int t = ++k;
  return t * 100 + k;
}

static inline int
downwards (int k)
{
  int t = k--;
  int u = --k;
  return t * 10000 + u * 100 + k;
}

static inline double
walk (const double *p, int k)
{
  double x = p[k++];
  double y = p[k++];
  return x - 2 * y + p[k] + k;
}

static inline double
local_walk (const double *p, int k)
{
  int j = k;
  double s = p[j++];
  s += 3 * p[j++];
  s -= p[++j];
  return s + j;
}

static inline double
doubled (double v)
{
  double w = v++ * 2;
  return w + v;
}

static inline int
tested (int k)
{
  if (k++ > 30)
    return k;
  return -k;
}

static inline int
returned (int k)
{
  return ++k * 2;
}

static inline double
sq (double v)
{
  return v * v;
}

static inline double
argument (int k)
{
  double s = sq (k++);
  return s + k;
}

static inline double
row_walk (int nx, const double q[][nx], int r, int i)
{
  double t = q[r++][i];
  return t + q[r][i] * 0.5 + r;
}

static inline int
narrow (int k)
{
  short s = k;
  short r = s++;
  unsigned u = k;
  unsigned v = u--;
  return r + s + (int) (v - u);
}

static inline int
gather (const int *p, int k)
{
  int i = 2;
  int a = p[i++] + p[k--];
  return a * i + k;
}

#define BODY(n, nx, a, q, c, b, ib, i)                                    \
  do                                                                     \
    {                                                                    \
      b[i] = after_post (i) + after_pre (i) * 0.5 + downwards (i) * 0.25 \
             + walk (a, i % (n - 4)) + local_walk (a, i % (n - 4))       \
             + doubled (a[i]) + tested (i) + returned (i) + argument (i) \
             + row_walk (nx, q, i % (ROWS - 1), i % nx) + narrow (i - 20); \
      ib[i] = gather (c, 20 + i % 30);                                   \
    }                                                                    \
  while (0)

static void
run_mint (int n, int nx, const double *a, const double (*q)[nx],
          const int *c, double *b, int *ib)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(q, toDevice, nx, ROWS)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(ib, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      BODY (n, nx, a, q, c, b, ib, i);
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(ib, fromDevice, n)
}

int
main (int argc, char **argv)
{
  int size[1] = { 1000 };
  test_size_args (argc, argv, 1, size);
  int n = size[0] < 64 ? 64 : size[0], nx = 37;
  double *a = test_xmalloc (n * sizeof *a);
  double (*q)[nx] = test_xmalloc (sizeof (double[ROWS][nx]));
  int *c = test_xmalloc (n * sizeof *c);
  double *b = test_xmalloc (n * sizeof *b);
  double *bref = test_xmalloc (n * sizeof *bref);
  int *ib = test_xmalloc (n * sizeof *ib);
  int *ibref = test_xmalloc (n * sizeof *ibref);
  for (int i = 0; i < n; i++)
    {
      a[i] = 0.5 * i - 3 + 0.001 * (i % 7);
      c[i] = 3 * i - 7;
      b[i] = bref[i] = 0;
      ib[i] = ibref[i] = 0;
    }
  for (int r = 0; r < ROWS; r++)
    for (int i = 0; i < nx; i++)
      q[r][i] = r * 1.5 - i * 0.25;

  run_mint (n, nx, a, (const double (*)[nx]) q, c, b, ib);
  for (int i = 0; i < n; i++)
    BODY (n, nx, a, q, c, bref, ibref, i);

  int status = test_report ("helpers with steps used as values",
                            max_error (b, bref, n), TOL_DOUBLE);
  status |= test_report ("integer helper with steps in subscripts",
                         max_error (ib, ibref, n), TOL_EXACT);
  free (a);
  free (q);
  free (c);
  free (b);
  free (bref);
  free (ib);
  free (ibref);
  return status;
}
