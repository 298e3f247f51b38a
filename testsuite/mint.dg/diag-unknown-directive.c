/* A misspelt directive is an error at its line, not a silently ignored
   pragma.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint frobnicate(a) /* { dg-error "unknown (mint )?directive" } */
  for (int i = 0; i < n; i++)
    a[i] = 0.0;
}
