/* A parse error before a directive (a missing `;' takes the pragma line
   with it in the parser's recovery) is the only error: the directives
   left over are not reported as standing where they do not belong.  A
   function without one still gets that report.  */
/* { dg-do compile } */

void
missing_semicolon (double *u, double *v, int n)
{
  int q = 3 /* { dg-warning "unused variable" } */
#pragma mint copy(u, toDevice, n) /* { dg-error "expected .,. or .;. before .#pragma." } */
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + q;
  }
#pragma mint copy(v, fromDevice, n) /* { dg-bogus "must stand directly after" } */
}

void
misplaced (double *v, int n)
{
#pragma mint copy(v, fromDevice, n) /* { dg-error "must stand directly after a .#pragma mint parallel. region" } */
  v[0] = n;
}
