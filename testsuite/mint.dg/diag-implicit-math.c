/* A math function the device has, but called as C declares it
   implicitly (j0, which <math.h> leaves out under -std=c11): the
   call returns int where the device's function returns double, an error
   at the call rather than a kernel of the wrong type.  Declared, it is
   fine.  */
/* { dg-do compile } */
/* { dg-options "-std=c11 -Wno-implicit-function-declaration" } */
#include <math.h>

void
bessel (int n, const double *a, double *b)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + j0 (a[i]); /* { dg-error "call to .j0., declared to return .int., cannot run on the device, whose .j0. returns .double." } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + cbrt (a[i]); /* { dg-bogus "cannot run on the device" } */
  }
#pragma mint copy(b, fromDevice, n)
}
