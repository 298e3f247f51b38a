/* A helper whose definition the linker may replace (a weak one) is not
   this file's body at run time: the loop body calls it, which the device
   cannot.  A static, an inline and a global function keep theirs.  */
/* { dg-do compile } */

__attribute__ ((weak)) double
weak_scale (double v) /* { dg-message "the linker may replace this definition by another" } */
{
  return v * 3;
}

static double
own_scale (double v)
{
  return v * 5;
}

inline double
inline_scale (double v)
{
  return v * 7;
}

double
global_scale (double v)
{
  return v * 9;
}

void
scale (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = weak_scale (a[i]); /* { dg-error "call to .weak_scale. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = own_scale (a[i]) + inline_scale (a[i]) + global_scale (a[i]);
  }
#pragma mint copy(b, fromDevice, n)
}
