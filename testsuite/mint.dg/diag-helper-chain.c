/* Helpers calling helpers: each use of a local that a helper assigns
   whatever its conditions is one temporary, so a chain of helpers each
   calling the one below twice grows by a factor of two a level, and the
   limit on a helper's expression (4096 nodes) stops it at h8.  The note
   says so, where it said that h4 calls a function under a condition;
   a helper that calls h8 under a condition says, at the call, that h8
   cannot run on the device, and why.  */
/* { dg-do compile } */

static inline double
h0 (double x)
{
  return x * 0.5 + 1.0;
}

#define CHAIN(k, j)                                                      \
  static inline double h##k (double x) /* { dg-message "its value grows too large an expression" "" { target *-*-* } } */ \
  {                                                                      \
    double a = h##j (x);                                                 \
    double b = h##j (a * 0.25);                                          \
    if (a > b)                                                           \
      return a - b * 0.125;                                              \
    return b + a * 0.0625;                                               \
  }
CHAIN (1, 0) CHAIN (2, 1) CHAIN (3, 2) CHAIN (4, 3) CHAIN (5, 4)
CHAIN (6, 5) CHAIN (7, 6) CHAIN (8, 7) CHAIN (9, 8) CHAIN (10, 9)

static inline double
guarded (double x)
{
  if (x > 0)
    return h8 (x); /* { dg-message "here in .guarded.: .*it calls .h8. under a condition, and that function cannot run on the device: its value grows too large" } */
  return 0;
}

void
chain (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = h6 (a[i]) + h10 (a[i]); /* { dg-error "call to .h8. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = guarded (b[i]); /* { dg-error "call to .guarded. cannot run on the device" } */
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}
