/* A helper may use ++ and -- of its own scalar locals and parameters as
   values (mint.run/helper-increments.c) where the expression uses the
   variable nowhere else and no condition makes the step.  The forms it
   cannot follow are errors at the call, with a note at the helper that
   names the variable and says to write the step as a statement: a
   variable read again or assigned by the expression that steps it
   (whose order C leaves open), a step under ?:, && or ||, a pointer
   stepped, a step of what a pointer points to, and an assignment used
   as a value.  Near misses that must stay accepted: the same variable
   stepped in two statements, and read in the next one.  */
/* { dg-do compile } */

static inline int
read_again (int k) /* { dg-message "it uses .k. again in the expression that increments or decrements it \\(.k\\+\\+ \\+ k., .k = k\\+\\+., whose order C leaves open\\): write the step as a statement of its own \\(.k\\+\\+;.\\)" } */
{
  return k++ + k; /* { dg-warning "operation on .k. may be undefined" } */
}

static inline int
assigned_again (int k) /* { dg-message "it uses .k. again in the expression" } */
{
  k = k++; /* { dg-warning "operation on .k. may be undefined" } */
  return k;
}

static inline int
stepped_twice (int j) /* { dg-message "it uses .j. again in the expression" } */
{
  int t = j++ * 10 + j++; /* { dg-warning "operation on .j. may be undefined" } */
  return t;
}

static inline int
under_condition (int k, int c) /* { dg-message "it increments or decrements .k. under a condition \\(\\?:, && or \\|\\|\\): write the step as a statement of its own, in an if" } */
{
  int t = c > 0 ? k++ : k;
  return t + k;
}

static inline int
under_and (int k, int c) /* { dg-message "it increments or decrements .k. under a condition" } */
{
  int t = c > 0 && k-- > 2;
  return t + k;
}

static inline double
pointer_stepped (const double *p) /* { dg-message "it steps a pointer \\(p\\+\\+\\): index the pointer instead" } */
{
  double a = *p++;
  return a + *p;
}

static inline int
through_pointer (int *p) /* { dg-message "it assigns something other than its own scalar locals and parameters" } */
{
  int a = (*p)++;
  return a;
}

static inline int
assignment_value (int k) /* { dg-message "it assigns, increments or decrements a variable inside an expression" } */
{
  int t;
  int u = (t = k * 2) + 1;
  return t + u;
}

/* Near misses: two statements, each stepping k once.  */
static inline int
two_statements (int k)
{
  int t = k++;
  int u = k++ * 3;
  return t + u + k;
}

void
steps (int *a, int *b, double *d, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(d, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = read_again (i); /* { dg-error "call to .read_again. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = assigned_again (i); /* { dg-error "call to .assigned_again. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = stepped_twice (i); /* { dg-error "call to .stepped_twice. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = under_condition (i, b[i]); /* { dg-error "call to .under_condition. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = under_and (i, b[i]); /* { dg-error "call to .under_and. cannot run on the device" } */
#pragma mint for
    for (int i = 1; i < n; i++)
      d[i] = pointer_stepped (&d[i - 1]); /* { dg-error "call to .pointer_stepped. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = through_pointer (&b[i]); /* { dg-error "call to .through_pointer. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = assignment_value (i); /* { dg-error "call to .assignment_value. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = two_statements (i); /* { dg-bogus "cannot run on the device" } */
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(d, fromDevice, n)
}
