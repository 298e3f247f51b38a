/* A const table of weights declared in the function and read at a
   subscript that varies: the note says to copy it (the points share it;
   private, which the note suggests for other local arrays, would leave
   each point's copy unset).  */
/* { dg-do compile } */

void
weights (int n, const double *u, double *v)
{
  const double w[5] = { -1 / 12.0, 4 / 3.0, -2.5, 4 / 3.0, -1 / 12.0 };
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel /* { dg-message ".w. is a .const. table that the points share: add .#pragma mint copy\\(w, toDevice, ...\\). before the .parallel. region" } */
  {
#pragma mint for
    for (int i = 2; i < n - 2; i++)
      {
        double s = 0;
        for (int k = 0; k < 5; k++)
          s += w[k] * u[i + k - 2]; /* { dg-error "array .w. is used in a kernel but never copied to the device" } */
        v[i] = s;
      }
  }
#pragma mint copy(v, fromDevice, n)
}
