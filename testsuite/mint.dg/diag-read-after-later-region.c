/* Host code after a region that does not copy back an array its kernels
   write reads it after a later region too: the later region's host code
   and the code after it are after the first region for the arrays the
   later region does not copy; an array it copies to the device again is
   its own from that copy on.  */
/* { dg-do compile } */

#define N 64

double monitor (double);

/* Region one: U from itself; region two: W.  */
#define SCALE(a)                                                         \
  _Pragma ("mint for")                                                   \
  for (int i = 0; i < N; i++)                                            \
    a[i] = 0.5 * a[i] + 1.0;

double
after_the_next_region (double *u, double *w)
{
#pragma mint copy(u, toDevice, N)
#pragma mint parallel
  {
    SCALE (u)
  }
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
    SCALE (w)
    monitor (u[3]); /* { dg-error "host code reads an element of .u. after the .parallel. region, whose kernels write the array on the device but which does not copy it back" } */
  }
#pragma mint copy(w, fromDevice, N)
  return u[5];
}

double
copied_by_the_next_region (double *u, double *w)
{
#pragma mint copy(u, toDevice, N)
#pragma mint parallel
  {
    SCALE (u)
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(u, toDevice, N)
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
    SCALE (w)
    SCALE (u)
  }
#pragma mint copy(w, fromDevice, N)
#pragma mint copy(u, fromDevice, N)
  return u[5] + w[5];
}
