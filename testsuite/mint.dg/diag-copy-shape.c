/* The extents of a copy must lay the array out as its type does: rows of
   the type's last extent, planes of its rows; a fixed-size array holds
   what is copied.  Constants are compared here; other extents when the
   copy runs (mint_check_copy_shape).  */
/* { dg-do compile } */

#define NX 10
#define NY 8
double fixed3[4][NY][NX];
double fixed2[NY][NX];
double fixed1[NX];
struct flexible { int ny; double a[][NX]; } *flex;

void
good (int n, double (*rows)[NY][NX], float (*plane)[NX],
      double (*vla)[n][n])
{
#pragma mint copy(fixed3, toDevice, NX, NY, 4)
#pragma mint parallel
  {
  }
#pragma mint copy(fixed3, toDevice, (unsigned long long) NX, (int) NY, (short) 3)
#pragma mint parallel
  {
  }
#pragma mint copy(fixed3, toDevice, NX, NY, n)
#pragma mint parallel
  {
  }
#pragma mint copy(fixed2, toDevice, NX, NY)
#pragma mint parallel
  {
  }
#pragma mint copy(fixed2, toDevice, NX, 2)
#pragma mint parallel
  {
  }
#pragma mint copy(fixed1, toDevice, NX - 1)
#pragma mint parallel
  {
  }
#pragma mint copy(rows, toDevice, NX, NY, 1000)
#pragma mint parallel
  {
  }
#pragma mint copy(plane, toDevice, NX, 1000)
#pragma mint parallel
  {
  }
#pragma mint copy(vla, toDevice, 3, 3, 3)
#pragma mint parallel
  {
  }
#pragma mint copy(flex->a, toDevice, NX, n)
#pragma mint parallel
  {
  }
}

void
bad (int n, double (*rows)[NY][NX], float (*plane)[NX],
      double (*vla)[n][n])
{
#pragma mint copy(fixed3, toDevice, NX + 1, NY, 4) /* { dg-error "the rows of .fixed3. hold 10 elements, but the copy gives 11 as its x extent" } */
#pragma mint copy(fixed3, toDevice, NX, NY - 1, 4) /* { dg-error "the planes of .fixed3. hold 8 rows, but the copy gives 7 as its y extent" } */
#pragma mint copy(fixed3, toDevice, NX, NY, (signed char) 5) /* { dg-error ".fixed3. holds 320 elements, but the copy gives 400" } */
#pragma mint copy(fixed2, toDevice, 5, NY) /* { dg-error "the rows of .fixed2. hold 10 elements, but the copy gives 5 as its x extent" } */
#pragma mint copy(fixed2, toDevice, NX, NY + 1) /* { dg-error ".fixed2. holds 80 elements, but the copy gives 90" } */
#pragma mint copy(fixed1, toDevice, NX + 1) /* { dg-error ".fixed1. holds 10 elements, but the copy gives 11" } */
#pragma mint copy(rows, toDevice, NY, NX, 1000) /* { dg-error "the rows of .rows. hold 10 elements, but the copy gives 8 as its x extent" } */
#pragma mint copy(flex->a, toDevice, NX - 1, n) /* { dg-error "the rows of .flex->a. hold 10 elements, but the copy gives 9 as its x extent" } */
#pragma mint copy(plane, toDevice, 2 * NX, 1000) /* { dg-error "the rows of .plane. hold 10 elements, but the copy gives 20 as its x extent" } */
}
