/* Element types: every integer type of 8 to 64 bits (enumerations
   included), float and double are accepted; the others are errors at the
   copy, and a scalar or reduction variable of another type is an error
   too, as is a local of the loop body or a value of another type
   (complex, vector and _Atomic ones too), at its statement, not an
   internal error; but for a local of a scalar type that the body never
   reads, which the kernel leaves out.  A kernel that uses an array whose copy was refused
   gets no second error saying that it was never copied, nor a copy back
   of the array a second one for its type.  */
/* { dg-do compile } */

enum color { RED, GREEN, BLUE };

void
f (_Float16 *h, long double *ld, __int128 *w, _Complex double *z,
   enum color *c, _Bool *m, unsigned char *u, int n, long double s)
{
  long double total = 0;
#pragma mint copy(h, toDevice, n) /* { dg-error "element type ._Float16. of .h. is not supported" } */
#pragma mint copy(ld, toDevice, n) /* { dg-error "element type .long double. of .ld. is not supported" } */
#pragma mint copy(w, toDevice, n) /* { dg-error "element type .__int128. of .w. is not supported" } */
#pragma mint copy(z, toDevice, n) /* { dg-error "element type .complex double. of .z. is not supported" } */
#pragma mint copy(c, toDevice, n)
#pragma mint copy(m, toDevice, n)
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      c[i] = m[i] ? BLUE : (enum color) (u[i] % 3);
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = u[i] * s; /* { dg-error ".s. has a type that cannot be passed to the device" } */
#pragma mint for reduction(+:total) /* { dg-error "reduction variable .total. must be a scalar variable of an integer type of 8 to 64 bits" } */
    for (int i = 0; i < n; i++)
      total += u[i];
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = ld[i] > 0;
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        long double unused __attribute__ ((unused)) = 1; /* { dg-bogus "cannot hold" } */
        u[i] = u[i] + 1;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        long double read = u[i]; /* { dg-error "the loop body uses a value of type .long double., which the device code cannot hold" } */
        u[i] = read > 1;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        __int128 wide = i; /* { dg-error "the loop body uses a value of type .__int128., which the device code cannot hold" } */
        u[i] = (unsigned char) wide;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        _Float16 half = (_Float16) u[i]; /* { dg-error "the loop body uses a value of type ._Float16." } */
        u[i] = half;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        _Decimal32 d = 1.0DF; /* { dg-error "the loop body uses a value of type ._Decimal32." } */
        u[i] = u[i] + (int) d;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = (unsigned char) ((unsigned __int128) i * i); /* { dg-error "the loop body uses a value of type .__int128 unsigned." } */
  }
#pragma mint copy(c, fromDevice, n)
#pragma mint copy(z, fromDevice, n) /* { dg-bogus "element type" } */
}

/* Complex, vector and _Atomic locals of the body.  */
typedef float four_floats __attribute__ ((vector_size (16)));

void
locals (double *u, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        _Complex double z = u[i];
        u[i] = __real__ (z * z); /* { dg-error "the loop body uses a complex value, which the device code cannot hold" } */
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        four_floats w = { 1, 2, 3, (float) u[i] };
        u[i] = w[3] * 2; /* { dg-error "the loop body uses a vector value, which the device code cannot hold" } */
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        _Atomic int k = i;
        u[i] = k; /* { dg-error "the loop body uses an ._Atomic. variable or an atomic operation" } */
      }
  }
#pragma mint copy(u, fromDevice, n)
}
