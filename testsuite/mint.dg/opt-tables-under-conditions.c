/* Cells of tables read under a condition (an upwind choice of weights,
   taps up to a scalar order) are read once before a level-3 walk, as
   those read at every point are; the walk's candidates after the first
   are compiled only without their checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
upwind (int n, int order, double (*u)[n][n], double (*v)[n][n],
        double (*vel)[n][n], const double *wp, const double *wm)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(vel, toDevice, n, n, n)
#pragma mint copy(wp, toDevice, 3)
#pragma mint copy(wm, toDevice, 3)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_upwind_19.: level 3: each thread walks \[0-9\]+ points along z\[^;\]*, 6 cells of tables read once before the walk;" } */
    for (int k = 1; k < n - 1; k++)
      for (int j = 1; j < n - 1; j++)
        for (int i = 1; i < n - 1; i++)
          {
            double s = 0;
            for (int a = -1; a <= 1; a++)
              s += (vel[k][j][i] > 0 ? wp[a + 1] : wm[a + 1])
                   * u[k][j][i + a];
            v[k][j][i] = s;
          }
    /* { dg-message "mint_upwind_19.: \[0-9\]+ variants for the runtime to time, \[^\n\]*; those after v0 only without their checks, and v0 runs where a check of a launch may fail" "" { target *-*-* } 19 } */
#pragma mint for nest(all) /* { dg-message "mint_upwind_31.: level 3: each thread walks \[0-9\]+ points along z\[^;\]*, 4 cells of tables read once before the walk;" } */
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n - 4; i++)
          {
            double s = 0;
            for (int t = 0; t < 4; t++)
              {
                double x = u[k][j][i + t];
                if (t < order)
                  s += wp[t] * x;
              }
            v[k][j][i] = s;
          }
  }
#pragma mint copy(v, fromDevice, n, n, n)
}
