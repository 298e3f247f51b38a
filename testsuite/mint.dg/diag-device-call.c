/* A call in a loop body runs on the device when it is to a C math function
   or to a function of this file that computes one value from its
   parameters (helper.h: it is replaced by that expression).  Other calls
   are errors naming the function, with a note that says why (the suite
   prunes notes but those a dg-message expects): a function of another
   file, a body with a loop or a switch, a void function, one that changes
   a variable, a static local, a division that may trap under a condition
   (?:, &&, if), a load under a condition that neither the condition
   nor the helper before its first if makes, a local assigned on one
   path only, a path without a return, a return without a value,
   recursion, and a structure returned (whose temporary is an error of
   its own).  */
/* { dg-do compile } */

extern double helper (double);

static inline double
average (double a, double b)
{
  return 0.5 * (a + b);
}

static double
with_loop (double a) /* { dg-message "its body has statements other than declarations" } */
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
increments (int i) /* { dg-message "it assigns, increments or decrements a variable inside an expression" } */
{
  return i += 1;
}

static int
counts (int i) /* { dg-message "but it declares a local static or extern, which every call shares" } */
{
  static int calls;
  return calls + i;
}

static int
guarded (int d, int i)
{
  return d != 0 && i / d > 1; /* { dg-message "it divides, loads through a pointer or calls a function under a condition" } */
}

struct pair
{
  double v[2];
};

static struct pair
twice (double a)
{
  return (struct pair) { { a, 2 * a } };
}

static double
forever (double a) /* { dg-message "but it calls itself, or helpers call helpers too deeply" } */
{
  return a + forever (a);
}

static double
power (double b, int e)
{
  if (e == 0)
    return 1;
  return b * power (b, e - 1); /* { dg-message "but it calls itself" } */
}

static int
chooses (int a) /* { dg-message "its body has statements other than declarations, assignments to its locals, if and return" } */
{
  switch (a)
    {
    case 1:
      return 3;
    default:
      return a;
    }
}

static double
loads_after_test (const double *c, int i)
{
  if (i > 0 && c[i] > 0.5) /* { dg-message "it divides, loads through a pointer or calls a function under a condition" } */
    return c[i];
  return 0.0;
}

static int
divides_in_if (int a, int d)
{
  if (d != 0)
    return a / d; /* { dg-message "it divides, loads through a pointer or calls a function under a condition" } */
  return 0;
}

static double
maybe_set (double a) /* { dg-message "it reads a local that may not be assigned" } */
{
  double r;
  if (a > 0)
    r = a;
  return r;
}

static double
no_value (double a) /* { dg-message "it has a return without a value" } */
{
  if (a > 0)
    return; /* { dg-warning ".return. with no value" } */
  return a;
}

static double
falls_off (double a) /* { dg-message "it can reach its end without returning a value" } */
{
  if (a > 0)
    return a;
} /* { dg-warning "control reaches end of non-void function" } */

/* Read on the path after a return only: a select would read it in vain
   (read before the if, it may: mint.run/helper-evaluated-first.c).  */
static double
loads_after_return (const double *c, int i)
{
  if (i > 0)
    return 1.0;
  double k = c[i]; /* { dg-message "it divides, loads through a pointer or calls a function under a condition" } */
  return k;
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
      a[i] = power (a[i], 3); /* { dg-error "call to .power. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = twice (a[i]).v[1]; /* { dg-error "call to .twice. cannot run on the device" } */
    /* { dg-error "an array member of a structure variable assigned inside the loop nest" "" { target *-*-* } 181 } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = chooses (b[i]); /* { dg-error "call to .chooses. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = divides_in_if (b[i], i); /* { dg-error "call to .divides_in_if. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = loads_after_test (c, i); /* { dg-error "call to .loads_after_test. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = maybe_set (a[i]); /* { dg-error "call to .maybe_set. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = falls_off (a[i]); /* { dg-error "call to .falls_off. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = no_value (a[i]); /* { dg-error "call to .no_value. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = loads_after_return (c, i); /* { dg-error "call to .loads_after_return. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        int r;
        a[i] = __builtin_mul_overflow (i, 50000000, &r) ? -1 : r; /* { dg-error ".__builtin_mul_overflow. cannot run on the device; compute the value in a wider type" } */
      }
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}

/* A helper whose expression grows too large, called twice by each helper
   above it: the copies of its call that inlining makes all stand at the
   call in the body, which gets one error and one note, not 4.  */
static inline double h0 (double x) { return x * 0.5 + 1; }
#define HELPER(k, j) \
  static inline double h##k (double x) { return h##j (x) + h##j (x * 0.5); }
HELPER (1, 0) HELPER (2, 1) HELPER (3, 2) HELPER (4, 3) HELPER (5, 4)
HELPER (6, 5) HELPER (7, 6) HELPER (8, 7) HELPER (9, 8) HELPER (10, 9)
HELPER (11, 10) HELPER (12, 11) HELPER (13, 12) HELPER (14, 13)
HELPER (15, 14) HELPER (16, 15) HELPER (17, 16) HELPER (18, 17)
HELPER (19, 18) HELPER (20, 19)

void
helper_chain (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = h20 (a[i]); /* { dg-bogus "call to .h18. cannot run on the device(.|\n)*call to .h18." "repeated" } */
    /* { dg-error "call to .h18. cannot run on the device" "" { target *-*-* } 236 } */
  }
#pragma mint copy(b, fromDevice, n)
}

/* A GNU nested function; a union local of the body.  */
void
odd_helpers (double *a, int *b, int n)
{
  double twice (double x) { return 2 * x; } /* { dg-message ".twice. is a function nested in another \\(a GNU extension\\), which a loop nest cannot call; define it at file scope" } */
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = twice (a[i]); /* { dg-error "call to .twice. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        union { double d; long l; } v;
        v.d = a[i]; /* { dg-error "the loop body uses the union variable .v. declared in it" } */
        b[i] = (int) v.l;
      }
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}
