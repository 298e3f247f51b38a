/* For a target whose data model is not the one mint was built for
   (-m32's 32-bit pointers and `long'), each directive is an error at its
   line, not an internal compiler error when the unit's kernel
   descriptors are laid out; code without directives compiles.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-additional-options "-m32" } */

int
plain (int x)
{
  return x + 1;
}

void
smooth (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n) /* { dg-error "needs the data model mint was built for .64-bit pointers, 64-bit .long..; the target of this compile has 32-bit pointers and a 32-bit .long." } */
#pragma mint copy(v, toDevice, n) /* { dg-error "needs the data model" } */
#pragma mint parallel /* { dg-error "needs the data model" } */
  {
#pragma mint for /* { dg-error "needs the data model" } */
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, n) /* { dg-error "needs the data model" } */
}
