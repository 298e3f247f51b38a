/* A loop body that uses its reduction variable other than to update it
   by the clause's operator gets another answer on the GPU, where each
   point starts from the operator's identity: an error at the line.
   mint.run/reduction-forms.c runs the updates that the GPU computes as
   the program does.  */
/* { dg-do compile } */

#include <math.h>

double
wrong (int n, double (*a)[n], double (*b)[n], double (*w)[n], int *count)
{
  double s = 0, m = 1e9;
  int is = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(w, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          s += a[y][x];
          w[y][x] = s; /* { dg-error "uses the value of reduction variable .s. other than to update it" } */
        }
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (s < 100) /* { dg-error "uses the value of reduction variable .s." } */
          s += a[y][x];
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        s = s * 0.5 + a[y][x]; /* { dg-error "reduction variable .s. is updated with an operator other than its clause.s" } */
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        s = a[y][x]; /* { dg-error "reduction variable .s. is assigned a value that is not its update" } */
#pragma mint for nest(2) reduction(+:is)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        is += a[y][x]; /* { dg-error "reduction variable .is. has an integer type but is updated in floating-point arithmetic" } */
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] < m)
          m = b[y][x]; /* { dg-error "reduction variable .m. is assigned a value that is not its update" } */
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > m)
          m = a[y][x]; /* { dg-error "reduction variable .m. is assigned a value" } */
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        m = a[y][x] < m ? a[y][x] : m; /* { dg-error "reduction variable .m. is assigned a value" } */
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (w[y][x] > m)
          {
            w[y][x] = 0;
            m = w[y][x]; /* { dg-error "reduction variable .m. is assigned a value" } */
          }
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > m)
          {
            w[y][x] = 1; /* { dg-error "uses the value of reduction variable .m. other than to update it" } */
            m = a[y][x];
          }
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          int at = -1;
          if (a[y][x] > m)
            {
              m = a[y][x];
              at = x; /* { dg-error "uses the value of reduction variable .m." } */
            }
          w[y][x] = at;
        }
  }
#pragma mint copy(w, fromDevice, n, n)
  *count = is;
  return s + m;
}

/* A _Bool under min may be cleared with & of values 0 and 1 only; ||
   over loads branches on the partial value.  */
_Bool
truth_values (int n, const unsigned char *a, const unsigned char *b)
{
  _Bool all = 1, any = 0, odd = 1;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(min:all)
    for (int i = 0; i < n; i++)
      all &= a[i] == b[i];
#pragma mint for reduction(min:odd)
    for (int i = 0; i < n; i++)
      odd = odd & a[i]; /* { dg-error "uses the value of reduction variable .odd. other than to update it" } */
#pragma mint for reduction(max:any)
    for (int i = 0; i < n; i++)
      any = any || a[i] > b[i]; /* { dg-error "uses the value of reduction variable .any. other than to update it" } */
  }
  return all && any && odd;
}

/* A max whose comparison or assignment wraps values (signed and unsigned
   mixed, or into a narrower type) is no max of the variable's values.  */
long long
wrapped_values (int n, const unsigned long long *u, const int *k,
                short *narrow)
{
  long long m = 0;
  short s = -32768;
  long w = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(k, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m)
    for (int i = 0; i < n; i++)
      if (u[i] > m) /* { dg-error "the update of reduction variable .m. converts a value to an integer type that does not hold all its values" } */
        m = u[i];
#pragma mint for reduction(max:s)
    for (int i = 0; i < n; i++)
      if (k[i] > s)
        s = k[i]; /* { dg-error "reduction variable .s. " } */
#pragma mint for reduction(max:w)
    for (int i = 0; i < n; i++)
      if (k[i] > w)
        w = k[i];
  }
  *narrow = s;
  return m + w;
}

/* An int flag set with a bitwise operator (changed |= a[i] != b[i]) is
   no update by max: the message names the operator and the two forms
   that are.  */
int
bitwise_flag (int n, const int *a, const int *b)
{
  int changed = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:changed)
    for (int i = 0; i < n; i++)
      changed |= a[i] != b[i]; /* { dg-error "reduction variable .changed. is updated with a bitwise operator, which no reduction clause combines for an integer" } */
  }
  return changed;
}

/* Flags: a min or max set to two constants (the program keeps the last
   point's), set to a constant and also updated (a point that sets it
   drops what the points before found), or set to the identity (a _Bool
   cleared under max): errors, with the other statement.  */
int
flag_faults (int n, const double *a)
{
  int state = 0;
  double m = -1.0;
  _Bool ok = 1;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:state) /* { dg-message "to keep the greatest, write each as an update, .state = state > K . state : K;." } */
    for (int i = 0; i < n; i++)
      if (a[i] > 100.0)
        state = 2; /* { dg-error "reduction variable .state. is set to two different constants" } */
      else if (a[i] > 50.0)
        state = 1; /* { dg-message ".state. is set to the other constant here" } */
#pragma mint for reduction(max:m) /* { dg-message "a variable set to a constant .a flag. may not be updated otherwise" } */
    for (int i = 0; i < n; i++)
      {
        if (a[i] > m)
          m = a[i]; /* { dg-message ".m. is updated here" } */
        if (a[i] == 0.0)
          m = 0.0; /* { dg-error "reduction variable .m. is set to a constant and also updated" } */
      }
#pragma mint for reduction(max:ok) /* { dg-message "a flag is set to a constant other than the identity" } */
    for (int i = 0; i < n; i++)
      if (a[i] < 0.0)
        ok = 0; /* { dg-error "reduction variable .ok. is set to a value that the GPU cannot tell from its start" } */
  }
  return state + (int) m + ok;
}

/* Near misses of a comparison and an assignment that convert one value
   by different ways: the assigned value is another (d, not |d|, k not
   (_Bool) k), or it goes through a conversion that does not keep every
   value (an int that need not be a byte's into an unsigned char).  */
float
converted_misses (int n, const double *d, const long long *l, const int *k)
{
  float err = 0.0f, big = 0.0f;
  double m = -1.0;
  unsigned char low = 255;
#pragma mint copy(d, toDevice, n)
#pragma mint copy(l, toDevice, n)
#pragma mint copy(k, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m)
    for (int i = 0; i < n; i++)
      if ((double) (_Bool) k[i] > m)
        m = k[i]; /* { dg-error "reduction variable .m. is assigned a value that is not its update" } */
#pragma mint for reduction(max:err)
    for (int i = 0; i < n; i++)
      if (fabs (d[i]) > err)
        err = d[i]; /* { dg-error "reduction variable .err. is assigned a value that is not its update" } */
#pragma mint for reduction(max:big)
    for (int i = 0; i < n; i++)
      if ((double) l[i] > big)
        big = (float) l[i]; /* { dg-error "reduction variable .big. is assigned a value that is not its update" } */
#pragma mint for reduction(min:low)
    for (int i = 0; i < n; i++)
      {
        int v = k[i];
        if (v < low)
          low = v; /* { dg-error "reduction variable .low. is assigned a value that is not its update" } */
      }
  }
  return err + big + m + low;
}

/* The value compared is not the one assigned: D changes between the
   two, the assignment chooses the other way, or on another condition.  */
double
recomputed_misses (int n, const double *a)
{
  double e = 0.0, f = 0.0, g = 0.0;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:e)
    for (int i = 0; i < n; i++)
      {
        double d = a[i] - 1.0;
        double t = fabs (d);
        d = d + 1.0;
        if (t > e)
          e = fabs (d); /* { dg-error "reduction variable .e. is assigned a value that is not its update" } */
      }
#pragma mint for reduction(max:f)
    for (int i = 0; i < n; i++)
      {
        double d = a[i] - 1.0;
        if ((d > 0 ? d : -d) > f)
          f = d > 0 ? -d : d; /* { dg-error "reduction variable .f. is assigned a value that is not its update" } */
      }
#pragma mint for reduction(max:g)
    for (int i = 0; i < n; i++)
      {
        double d = a[i] - 1.0;
        if ((d > 0 ? d : -d) > g)
          g = d > 1 ? d : -d; /* { dg-error "reduction variable .g. is assigned a value that is not its update" } */
      }
  }
  return e + f + g;
}

/* A store between the comparison and the recomputed value: the value
   assigned is not the one compared.  */
#define ABS(v) ((v) < 0 ? -(v) : (v))

double
stored_between (int n, double (*a)[n], double (*b)[n])
{
  double err = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(max:err)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          b[y][x] = a[y][x] - 0.5;
          if (ABS (b[y][x]) > err)
            {
              b[y][x] = 2 * b[y][x];
              err = ABS (b[y][x]); /* { dg-error "reduction variable .err. is assigned a value that is not its update" } */
            }
        }
  }
#pragma mint copy(b, fromDevice, n, n)
  return err;
}

/* Between the comparison and the update, the arms of a short-circuit
   condition (`if (c && d)') that change the value compared, the
   variable or the element recomputed; and an update under `||' of two
   comparisons.  Each is not the update it looks like.
   mint.run/reduction-short-circuit.c runs the forms that are.  */
double
short_circuit (int n, double *a, double *b, int c)
{
  double m1 = 0, m2 = 0, m3 = 0, m4 = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m1)
    for (int i = 0; i < n; i++)
      {
        double e = a[i];
        if (e > m1)
          {
            if (b[i] > 0 && c)
              e = 0;
            m1 = e; /* { dg-error "reduction variable .m1. is assigned a value that is not its update" } */
          }
      }
#pragma mint for reduction(max:m2)
    for (int i = 0; i < n; i++)
      if (a[i] > m2)
        {
          if (b[i] > 0 && c)
            a[i] = 0;
          m2 = a[i]; /* { dg-error "reduction variable .m2. is assigned a value that is not its update" } */
        }
#pragma mint for reduction(max:m3)
    for (int i = 0; i < n; i++)
      if (a[i] > m3)
        {
          if (b[i] > 0 && c)
            m3 = b[i];
          m3 = a[i]; /* { dg-error "reduction variable .m3. is assigned a value that is not its update" } */
        }
#pragma mint for reduction(max:m4)
    for (int i = 0; i < n; i++)
      if (a[i] > m4 || b[i] > m4)
        m4 = a[i]; /* { dg-error "reduction variable .m4. is assigned a value that is not its update" } */
  }
#pragma mint copy(a, fromDevice, n)
  return m1 + m2 + m3 + m4;
}

/* What a comparison of the partial value decides may only be the
   variable's update to the value compared: a point starts from the
   identity and takes the branch where the program may not.  A second
   reduction counted under it, an update by the operator under a test of
   the partial value against a constant, and an update to the better value
   under such a test too are errors at the comparison; the same update
   under a test of other values, and a count beside it, are not.  A
   count of the partial value scaled reads it: not the error of another
   operator, which is for what reaches the variable.  */
double
compared_reaches (int n, const double *a, const double *b)
{
  double err = 0, hi = 0, m = 1e9, m2 = 1e9, lo = 1e9, top = 0, top2 = 0;
  int cnt = 0, hits = 0, cnt2 = 0, cnt3 = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:err) reduction(+:cnt)
    for (int i = 0; i < n; i++)
      {
        if (a[i] > err)
          err = a[i];
        if (err > 0.5) /* { dg-error "uses the value of reduction variable .err. other than to update it" } */
          cnt++;
      }
#pragma mint for reduction(max:hi) reduction(+:hits)
    for (int i = 0; i < n; i++)
      if (a[i] > hi) /* { dg-error "uses the value of reduction variable .hi. other than to update it" } */
        {
          hi = a[i];
          hits += 1;
        }
#pragma mint for reduction(min:m)
    for (int i = 0; i < n; i++)
      if (m > 0.2) /* { dg-error "uses the value of reduction variable .m. other than to update it" } */
        m = fmin (m, a[i]);
#pragma mint for reduction(min:m2)
    for (int i = 0; i < n; i++)
      if (m2 > 0.2 && a[i] < m2) /* { dg-error "uses the value of reduction variable .m2. other than to update it" } */
        m2 = a[i];
#pragma mint for reduction(min:lo)
    for (int i = 0; i < n; i++)
      if (a[i] < lo && b[i] > 0.2) /* { dg-bogus "reduction variable" } */
        lo = a[i];
#pragma mint for reduction(max:top) reduction(+:cnt2)
    for (int i = 0; i < n; i++)
      {
        if (a[i] > top) /* { dg-bogus "reduction variable" } */
          top = a[i];
        cnt2 += a[i] > 0.5;
      }
#pragma mint for reduction(max:top2) reduction(+:cnt3)
    for (int i = 0; i < n; i++)
      {
        top2 = fmax (top2, a[i]);
        cnt3 += (int) (top2 * 10); /* { dg-error "uses the value of reduction variable .top2. other than to update it" } */
      }
  }
  return err + hi + m + m2 + lo + top + top2 + cnt + hits + cnt2 + cnt3;
}

/* The branch where the compared value is not better may keep the partial
   value, also through a local, but not find another one: a second
   comparison or fmin there (`m = a < m ? a : b < m ? b : m' takes B only
   where A is not below M) is an error at the first comparison.  Neither
   branch may leave by another way (a `continue' past a later update, a
   `break' out of a loop of the body).  `else k = k;' and a second
   comparison against the first's result are not errors.  */
double
other_branch (int n, const double *a, const double *b, const double *c,
              const int *ia)
{
  double m1 = 1e9, m2 = 1e9, m3 = 1e9, m4 = 1e9, m5 = 1e9, m6 = 1e9;
  int k = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(ia, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(min:m1)
    for (int i = 0; i < n; i++)
      m1 = a[i] < m1 ? a[i] : b[i] < m1 ? b[i] : m1; /* { dg-error "uses the value of reduction variable .m1. other than to update it" } */
#pragma mint for reduction(min:m2)
    for (int i = 0; i < n; i++)
      m2 = a[i] < m2 ? a[i] : fmin (m2, b[i]); /* { dg-error "uses the value of reduction variable .m2. other than to update it" } */
#pragma mint for reduction(min:m3)
    for (int i = 0; i < n; i++)
      {
        double t;
        if (a[i] < m3) /* { dg-error "uses the value of reduction variable .m3. other than to update it" } */
          t = a[i];
        else if (b[i] < m3)
          t = b[i];
        else
          t = m3;
        m3 = t;
      }
#pragma mint for reduction(min:m4)
    for (int i = 0; i < n; i++)
      {
        if (a[i] < m4) /* { dg-error "uses the value of reduction variable .m4. other than to update it" } */
          m4 = a[i];
        else if (b[i] > 0)
          continue;
        if (c[i] < m4)
          m4 = c[i];
      }
#pragma mint for reduction(min:m5)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 3; j++)
        {
          double v = j == 0 ? a[i] : j == 1 ? b[i] : c[i];
          if (v < m5) /* { dg-error "uses the value of reduction variable .m5. other than to update it" } */
            {
              m5 = v;
              if (j == 1)
                break;
            }
        }
#pragma mint for reduction(max:k)
    for (int i = 0; i < n; i++)
      if (ia[i] > k) /* { dg-bogus "reduction variable" } */
        k = ia[i];
      else
        k = k;
#pragma mint for reduction(min:m6)
    for (int i = 0; i < n; i++)
      {
        double t = a[i] < m6 ? a[i] : m6; /* { dg-bogus "reduction variable" } */
        m6 = b[i] < t ? b[i] : m6;
      }
  }
  return m1 + m2 + m3 + m4 + m5 + m6 + k;
}

/* A _Bool variable under + is (s + e) != 0 at each point in C: where E
   may be negative (an int term, s -= 1), its truth depends on the order
   of the points, an error; a truth value added only sets it.  */
int
bool_sums (int n, const int *a)
{
  _Bool s = 0, t = 0, u = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:s)
    for (int i = 0; i < n; i++)
      s += a[i]; /* { dg-error "uses the value of reduction variable .s. other than to update it" } */
#pragma mint for reduction(+:t)
    for (int i = 0; i < n; i++)
      t -= 1; /* { dg-error "uses the value of reduction variable .t. other than to update it" } */
#pragma mint for reduction(+:u)
    for (int i = 0; i < n; i++)
      u += a[i] > 0; /* { dg-bogus "reduction variable" } */
  }
  return s + t + u;
}

/* Two updates in a loop of the body that compare different values: the
   second comparison's block joins the first's branches inside the loop,
   whose header has no known way up; the join's is still the first
   comparison's block (it was a false error).  */
double
two_in_body_loop (int n, const double (*q)[3])
{
  double m = -1e300, mabs = 0;
#pragma mint copy(q, toDevice, 3, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m, mabs)
    for (int i = 0; i < n; i++)
      for (int c = 0; c < 3; c++)
        {
          double x = q[i][c];
          if (x > m) /* { dg-bogus "reduction variable" } */
            m = x; /* { dg-bogus "reduction variable" } */
          if (fabs (x) > mabs) /* { dg-bogus "reduction variable" } */
            mabs = fabs (x); /* { dg-bogus "reduction variable" } */
        }
  }
  return m + mabs;
}

/* GNU statement-expression macros copy the variable into a local and
   compare the copy: the arm that keeps the copy keeps the partial value
   (it was a false error), also where a float copy is compared converted
   to double.  An arm that keeps something else, or the copy after the
   arm assigned it again, is an error.  */
#define SE_MAX(a, b)                                                     \
  ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })

double
statement_expressions (int n, const double *a, const double *b)
{
  double m1 = -1e9, m2 = -1e9, m3 = -1e9, m4 = -1e9;
  float f1 = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m1)
    for (int i = 0; i < n; i++)
      m1 = SE_MAX (SE_MAX (m1, a[i]), fabs (b[i])); /* { dg-bogus "reduction variable" } */
#pragma mint for reduction(max:m2)
    for (int i = 0; i < n; i++)
      {
        double p = m2;
        m2 = p > a[i] ? fmax (p, b[i]) : a[i]; /* { dg-error "uses the value of reduction variable .m2. other than to update it" } */
      }
#pragma mint for reduction(max:m3)
    for (int i = 0; i < n; i++)
      {
        double p = m3, t;
        if (p < a[i])
          t = a[i];
        else
          {
            p = b[i];
            t = p;
          }
        m3 = t; /* { dg-error "reduction variable .m3. is assigned a value that is not its update" } */
      }
#pragma mint for reduction(max:m4)
    for (int i = 0; i < n; i++)
      {
        double p = m4;
        m4 = fmax (m4, b[i]);
        m4 = p > a[i] ? p : a[i]; /* { dg-bogus "reduction variable" } */
      }
#pragma mint for reduction(max:f1)
    for (int i = 0; i < n; i++)
      f1 = SE_MAX (f1, fabs (a[i])); /* { dg-bogus "reduction variable" } */
  }
  return m1 + m2 + m3 + m4 + f1;
}

/* An element of an array of the point's own, compared and assigned with
   no store to the array between (it was a false error); one stored
   between is an error.  */
double
private_elements (int n, const double *a)
{
  double m1 = -1e9, m2 = -1e9;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:m1)
    for (int i = 1; i < n - 1; i++)
      {
        double w[3];
        for (int k = 0; k < 3; k++)
          w[k] = a[i - 1 + k];
        if (w[1] > m1) /* { dg-bogus "reduction variable" } */
          m1 = w[1];
      }
#pragma mint for reduction(max:m2)
    for (int i = 1; i < n - 1; i++)
      {
        double w[3];
        for (int k = 0; k < 3; k++)
          w[k] = a[i - 1 + k];
        if (w[1] > m2)
          {
            w[1] = 0;
            m2 = w[1]; /* { dg-error "reduction variable .m2. is assigned a value that is not its update" } */
          }
      }
  }
  return m1 + m2;
}
