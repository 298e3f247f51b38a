/* A call in a loop body runs on the device when it is to a C math function
   or to a function of this file that returns the value of one expression
   (helper.h: it is replaced by that expression).  Other calls are errors
   naming the function, with a note that says why (the suite prunes
   notes): a function of another file, a body with a loop or a statement,
   a void function, one that changes a variable, a static local, a
   conditional over a division that may trap, recursion, and a structure
   returned (whose temporary is an error of its own).  */
/* { dg-do compile } */

extern double helper (double);

static inline double
average (double a, double b)
{
  return 0.5 * (a + b);
}

static double
with_loop (double a)
{
  for (int i = 0; i < 3; i++)
    a *= 0.5;
  return a;
}

static void
nothing (double a)
{
  (void) a;
}

static int
increments (int i)
{
  return i++;
}

static int
counts (int i)
{
  static int calls;
  return calls + i;
}

static int
guarded (int d, int i)
{
  return d != 0 && i / d > 1;
}

struct pair
{
  double first, second;
};

static struct pair
twice (double a)
{
  return (struct pair) { a, 2 * a };
}

static double
forever (double a)
{
  return a + forever (a);
}

void
f (double *a, int *b, const double *c, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      a[i] = average (c[i - 1], c[i + 1]);
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = helper (a[i]); /* { dg-error "call to .helper. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = with_loop (a[i]); /* { dg-error "call to .with_loop. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      nothing (a[i]); /* { dg-error "call to .nothing. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = increments (b[i]); /* { dg-error "call to .increments. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = counts (b[i]); /* { dg-error "call to .counts. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = guarded (b[i], i); /* { dg-error "call to .guarded. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = forever (a[i]); /* { dg-error "call to .forever. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = twice (a[i]).second; /* { dg-error "call to .twice. cannot run on the device|structure variable declared in the loop nest" } */
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}
