/* A toDevice copy stands directly before a parallel region (other
   toDevice copies may stand in between), a fromDevice copy directly after
   it; an array a kernel uses needs the toDevice copy.  */
/* { dg-do compile } */

void
f (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n) /* { dg-error ".toDevice. copy of .a. must stand directly before" } */
  n++;
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
  n++;
#pragma mint copy(a, fromDevice, n) /* { dg-error ".fromDevice. copy of .a. must stand directly after" } */
}

/* Directions swapped.  */
void
g (int n, double *a)
{
#pragma mint copy(a, fromDevice, n) /* { dg-error ".fromDevice. copy of .a. must stand directly after" } */
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = 1.0; /* { dg-error ".a. is used in a kernel but never copied" } */
  }
#pragma mint copy(a, toDevice, n) /* { dg-error ".toDevice. copy of .a. must stand directly before" } */
}

/* No parallel region at all.  */
void
h (int n, double *a)
{
#pragma mint copy(a, toDevice, n) /* { dg-error ".toDevice. copy of .a. must stand directly before" } */
  a[0] = 1.0;
#pragma mint copy(a, fromDevice, n) /* { dg-error ".fromDevice. copy of .a. must stand directly after" } */
}

/* Only copied back, as OpenACC's copyout: the note says the toDevice copy
   is needed too.  */
void
k (int n, double *a, double *out)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      out[i] = 2 * a[i]; /* { dg-error ".out. is used in a kernel but never copied" } */
  }
#pragma mint copy(out, fromDevice, n) /* { dg-message "it is copied back here, but the device copy a kernel writes starts as the host array: add .#pragma mint copy.out, toDevice, ..... before the .parallel. region too" } */
#pragma mint copy(a, fromDevice, n)
}
