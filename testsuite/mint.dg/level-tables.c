/* Tables read at a host loop's level l, the same at every point of the
   nests inside (off[l], n[l] in a bound, h[l] through a pointer), are
   passed by value, each once however often the body reads it.  A table
   read at a subscript that varies from point to point needs its copy.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-verbose" } */

#define LEVELS 3

void
levels (double *u, double *t, const long *off, const int *n, const double *h,
        long total)
{
  double w[LEVELS] = { 1, 2, 4 };
#pragma mint copy(u, toDevice, total)
#pragma mint copy(t, toDevice, total)
#pragma mint parallel
  {
    for (int l = 0; l < LEVELS; l++)
      {
#pragma mint for /* { dg-message "arrays: u, t; scalars: off\\\[...\\\], h\\\[...\\\], w\\\[...\\\], n\\\[...\\\]" } */
        for (int i = 1; i < n[l] - 1; i++)
          t[off[l] + i] = (u[off[l] + i - 1] + u[off[l] + i + 1]) * h[l]
                          + w[l] * n[l];
#pragma mint for
        for (int i = 0; i < LEVELS; i++)
          t[off[l] + i] = w[i]; /* { dg-error "array .w. is used in a kernel but never copied to the device" } */
      }
  }
#pragma mint copy(t, fromDevice, total)
}
