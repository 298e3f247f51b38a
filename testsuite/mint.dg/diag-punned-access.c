/* A kernel reads an array through a cast of its pointer (the channels of
   packed RGBA pixels as bytes) or copies an element with memcpy, which
   GCC turns into an access of another type: an error at the line naming
   the array and both types, not an internal error.  The same reads
   through the array's own type compile.  */
/* { dg-do compile } */

#include <string.h>

void
channels (unsigned *px, float *lum, int n)
{
#pragma mint copy(px, toDevice, n)
#pragma mint copy(lum, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      lum[i] = 0.299f * ((unsigned char *) px)[4 * i]; /* { dg-error "accesses the elements of .px., of type .unsigned int., as .unsigned char. \\\(through a cast of its pointer" } */
  }
#pragma mint copy(lum, fromDevice, n)
}

void
cell_copy (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      memcpy (&v[i], &u[i], sizeof (double)); /* { dg-error "accesses the elements of .u., of type .double., as .long unsigned int." } */
    /* { dg-error "accesses the elements of .v., of type .double." "" { target *-*-* } 33 } */
  }
#pragma mint copy(v, fromDevice, n)
}

void
own_types (unsigned *px, float *lum, double *u, double *v, int n)
{
#pragma mint copy(px, toDevice, n)
#pragma mint copy(lum, toDevice, n)
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        lum[i] = 0.299f * (px[i] & 0xff);
        v[i] = u[i];
      }
  }
#pragma mint copy(lum, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}
