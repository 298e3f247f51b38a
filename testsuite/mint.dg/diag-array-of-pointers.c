/* A structure of arrays kept as an array of pointers, one per variable,
   selected by a variable index: an element of it is no array a copy
   takes, and the note says what is (planes of one array); through a
   structure member at a varying subscript the body cannot use it, and
   an element of an array of pointers at a constant subscript gets a
   message that says so.  */
/* { dg-do compile } */

#define NUM_VARS 4

double *q[NUM_VARS];
struct fields { double *v[NUM_VARS]; } fl;

void
scale (int n)
{
#pragma mint copy(q[0], toDevice, n) /* { dg-error "takes a variable or a structure member" } */
  /* { dg-message "an element of an array of pointers is neither: set a pointer variable to it before the region" "" { target *-*-* } 17 } */
#pragma mint copy(fl.v[0], toDevice, n)
#pragma mint copy(fl.v[1], toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      for (int ll = 0; ll < 2; ll++)
        fl.v[ll][i] *= 2.0; /* { dg-error "uses an array through a structure member or an array of pointers at a subscript that varies" } */
  }
#pragma mint copy(fl.v[0], fromDevice, n)
#pragma mint copy(fl.v[1], fromDevice, n)
}

void
local_fields (int n, double *r)
{
  double *p[NUM_VARS];
  for (int v = 0; v < NUM_VARS; v++)
    p[v] = q[v];
#pragma mint copy(p[0], toDevice, n) /* { dg-error "takes a variable or a structure member" } */
  /* { dg-message "an element of an array of pointers is neither" "" { target *-*-* } 38 } */
#pragma mint copy(r, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      r[i] = p[0][i - 1] + p[0][i + 1]; /* { dg-error "uses an array whose pointer is an element of an array of pointers, or is loaded through a pointer" } */
  }
#pragma mint copy(r, fromDevice, n)
}
