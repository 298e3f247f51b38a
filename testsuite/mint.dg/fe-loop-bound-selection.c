/* A parallel loop's bound is one value its test computes: MIN and MAX
   macros (a ?: that takes the smaller or larger of two values, also
   where the front end folds n - 2 < hi to n - 1 <= hi) become that
   value; any other ?: in the condition is an error at it, in the outer
   loop of a nest or an inner one, and the nest stays on the host.  A
   test against two bounds of one direction (i < n && i < 64, the front
   end's i <= 63) runs to the nearer; a search (&& of another test)
   stays an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-verbose" } */

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

double
f (int nx, int ny, double (*u)[nx], int ilo, int ihi, int jhi, int edge)
{
  double s = 0;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(+:s) /* { dg-message "offloaded" } */
    for (int j = 1; j <= MIN (ny - 2, jhi); j++)
      for (int i = ilo; i < MAX (ilo, MIN (nx - 1, ihi + 1)); i++)
        s += u[j][i];
#pragma mint for reduction(+:s)
    for (int i = 1; i <= (edge ? nx - 2 : nx - 1); i++) /* { dg-error "the condition of a parallel loop branches \\(a .\\?:. other than the smaller or larger of two values\\); compute its bound before the loop nest" } */
      s += u[0][i];
#pragma mint for nest(2) reduction(+:s)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < (ihi > 2 ? nx : ihi); i++) /* { dg-error "the condition of a parallel loop branches" } */
        s += u[j][i];
#pragma mint for reduction(+:s) /* { dg-message "offloaded" } */
    for (int i = 1; i < nx - 1 && ihi > i; i++)
      s += u[1][i];
#pragma mint for reduction(+:s) /* { dg-message "offloaded" } */
    for (int i = 1; i < nx - 1 && i < 64; i++)
      s += u[2][i];
#pragma mint for reduction(+:s)
    for (int i = 1; i < nx - 1 && u[3][i] > 0; i++) /* { dg-error "the loop nest can end before its bounds" } */
      s += u[3][i];
  }
  return s;
}
