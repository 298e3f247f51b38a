/* Pointers swapped on the host after a region (`t = u; u = v; v = t;'
   between two phases): after the swap each may hold the other's array,
   so that a later copy toDevice, or a read, of u reaches v's elements.
   Where the region wrote v without copying it back, they are the values
   from before the region: an error at the copy (at the read), with a
   note naming the pointer.  None where the region copies v back, or
   where the access comes before the swap.  */
/* { dg-do compile } */

#define N 64

#define JACOBI(u, v)                                                     \
  _Pragma ("mint parallel")                                              \
  {                                                                      \
    _Pragma ("mint for")                                                 \
    for (int i = 1; i < N - 1; i++)                                      \
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);                                \
  }

double
copy_after_swap (double *u, double *v)
{
  double *t;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
  JACOBI (u, v)
  t = u;
  u = v;
  v = t;
#pragma mint copy(u, toDevice, N) /* { dg-error "this copy of .v. to the device copies the elements on the host, which the kernels of an earlier .parallel. region wrote" } */
  /* { dg-message ".u. may point into .v. here" "" { target *-*-* } 30 } */
#pragma mint copy(v, toDevice, N)
  JACOBI (u, v)
#pragma mint copy(v, fromDevice, N)
  return v[3];
}

double
read_after_swap (double *u, double *v)
{
  double *t;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
  JACOBI (u, v)
  double before = u[3]; /* { dg-bogus "reads an element" } */
  t = u;
  u = v;
  v = t;
  return before + u[3]; /* { dg-error "host code reads an element of .v. after the .parallel. region" } */
  /* { dg-message ".u. may point into .v. here" "" { target *-*-* } 49 } */
}

double
copied_back_before_swap (double *u, double *v)
{
  double *t;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
  JACOBI (u, v)
#pragma mint copy(v, fromDevice, N)
  t = u;
  u = v;
  v = t;
#pragma mint copy(u, toDevice, N) /* { dg-bogus "this copy of" } */
#pragma mint copy(v, toDevice, N)
  JACOBI (u, v)
#pragma mint copy(v, fromDevice, N)
  return u[3] + v[3]; /* { dg-bogus "reads an element" } */
}
