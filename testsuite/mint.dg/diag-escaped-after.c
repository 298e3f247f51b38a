/* An array that the region's kernels write and that it does not copy
   back, read after the region through a pointer that the program stored
   in memory (a structure's member, a global, an array of pointers): the
   read sees the value from before the region.  A warning, as for such a
   read inside the region; with the copy back, none.  */
/* { dg-do compile } */

struct view { double *p; };
double *gview;

double
through_member (int n, double *u, double *v)
{
  struct view sv = { v }; /* { dg-message "the pointer of .v. goes to or comes from memory here" } */
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = 2 * u[i] + 1;
  }
#pragma mint copy(u, fromDevice, n)
  return sv.p[3]; /* { dg-warning "host code reads, through a pointer loaded from memory, an element that may be of .v. after the .parallel. region, whose kernels write the array on the device but which does not copy it back" } */
}

double
copied_back (int n, double *u, double *v)
{
  gview = v;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = 2 * u[i] + 1;
  }
#pragma mint copy(v, fromDevice, n)
  return gview[3]; /* { dg-bogus "may be of" } */
}
