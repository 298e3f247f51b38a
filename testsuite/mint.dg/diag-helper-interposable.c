/* In code built with -fPIC, a global function may be interposed by
   another module's (ELF's symbol preemption): the loop body calls it,
   which the device cannot.  A static one keeps its body.  */
/* { dg-do compile } */
/* { dg-options "-fPIC" } */

double
shared_scale (double v) /* { dg-message "the linker may replace this definition by another \\(it is weak, or global in code built with -fPIC\\); define it static" } */
{
  return v * 3;
}

static double
own_scale (double v)
{
  return v * 5;
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
      b[i] = shared_scale (a[i]); /* { dg-error "call to .shared_scale. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = own_scale (a[i]);
  }
#pragma mint copy(b, fromDevice, n)
}
