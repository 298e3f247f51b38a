/* A function with a region of its own that copies a global array
   toDevice and writes it, called in a region that holds the global,
   writes the device copy that region keeps, as the region's own kernels
   would: a read of the global after the region that does not copy it
   back is an error, as for an array given as a parameter.  A function
   whose kernels only read the global changes nothing.  */
/* { dg-do compile } */

#define N 64
double A[N], B[N], C[N];

static void
stage (void)
{
#pragma mint copy(A, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      A[i] = 2 * A[i];
  }
}

static void
reader (void)
{
#pragma mint copy(C, toDevice, N)
#pragma mint copy(B, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      B[i] = C[i] + 1;
  }
}

double
run (void)
{
#pragma mint copy(A, toDevice, N)
#pragma mint copy(B, toDevice, N)
#pragma mint copy(C, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy\\(A, fromDevice, ...\\)." } */
  {
    stage ();
    reader ();
  }
#pragma mint copy(B, fromDevice, N)
  return A[3] /* { dg-error "reads an element of .A. after the .parallel. region" } */
         + C[3]; /* { dg-bogus "reads an element of .C." } */
}
