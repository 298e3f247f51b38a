/* A static function that nothing calls is checked at every optimization
   level, as GCC checks it: at -O2 GCC drops it before lowering it, and
   its errors were reported only at -O0.  */
/* { dg-do compile } */

#define N 10

static void
unused (double *a, double *b) /* { dg-warning "defined but not used" } */
{
#pragma mint copy(a, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = a[i]; /* { dg-error "array .b. is used in a kernel but never copied to the device" } */
  }
}

static inline void
unused_inline (double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = a[i]; /* { dg-error "array .b. is used in a kernel but never copied to the device" } */
  }
}
