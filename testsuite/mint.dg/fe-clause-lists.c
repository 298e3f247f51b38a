/* reduction and private take lists and may repeat, as in OpenMP; a
   variable appears in at most one reduction clause, once in private
   clauses, and never in both.  Each error is at the variable's name.  */
/* { dg-do compile } */

struct grid
{
  double dt;
};

double g_scratch;

double
f (int n, double *a, struct grid *g)
{
  double s = 0, t = 0, m = -1e300, x, xp;
  double v[4];
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:s, t) reduction(max:m) private(xp, v)
    for (int i = 0; i < n; i++)
      {
        xp = a[i];
        v[0] = xp;
        s += v[0];
        t += xp * xp;
        m = m > xp ? m : xp;
      }
#pragma mint for reduction(+:s) reduction(max:s) /* { dg-error ".s. appears in more than one reduction clause" } */
    for (int i = 0; i < n; i++)
      s += a[i];
#pragma mint for reduction(+:s, t, s) /* { dg-error ".s. appears in more than one reduction clause" } */
    for (int i = 0; i < n; i++)
      s += a[i];
#pragma mint for private(x) reduction(+:x) /* { dg-error ".x. appears in both a private and a reduction clause" } */
    for (int i = 0; i < n; i++)
      x += a[i];
#pragma mint for reduction(+:s) private(s) /* { dg-error ".s. appears in both a private and a reduction clause" } */
    for (int i = 0; i < n; i++)
      s += a[i];
#pragma mint for private(x) private(x) /* { dg-error ".x. appears more than once in private clauses" } */
    for (int i = 0; i < n; i++)
      a[i] = x = 1;
#pragma mint for private(g->dt) /* { dg-error "private variable must be a variable, not a structure member" } */
    for (int i = 0; i < n; i++)
      a[i] = 1;
#pragma mint for private(g) /* { dg-error "private variable .g. must be a scalar variable, or an array of a constant size" } */
    for (int i = 0; i < n; i++)
      a[i] = 1;
#pragma mint for private(g_scratch) /* { dg-error "private variable .g_scratch. must be a local variable" } */
    for (int i = 0; i < n; i++)
      a[i] = g_scratch = 1;
#pragma mint for private(nosuch) /* { dg-error ".nosuch. undeclared" } */
    for (int i = 0; i < n; i++)
      a[i] = 1;
#pragma mint for reduction(+:s,) /* { dg-error "expected the name of a reduction variable" } */
    for (int i = 0; i < n; i++)
      s += a[i];
  }
#pragma mint copy(a, fromDevice, n)
  return s + t + m;
}

/* A reduction into the caller's variable through a pointer parameter:
   the note says how to write it.  */
void
reductions_through_pointers (const double *state, int n, double *mass)
{
#pragma mint copy(state, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:mass) /* { dg-error "reduction variable .mass. must be a scalar variable" } */
    for (int i = 0; i < n; i++)
      *mass += state[i];
    /* { dg-message "reduce into a local variable and store it through .mass. after the loop nest" "" { target *-*-* } 73 } */
  }
}
