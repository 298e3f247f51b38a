/* A pointer that the region sets into a copied array past its first
   element (`double (*sub)[NX] = &g[y0];', `double *p = q + off;') is
   no array of its own on the device: a kernel that uses it is an error
   ("never copied"), with a note at the assignment that says the pointer
   points into the copy of g and to index g with the offset instead; an
   update of it is an error with such a note too.
   Near misses keep the note for a pointer set to an array the region
   does not copy, and a pointer to the copy's start runs.  */
/* { dg-do compile } */

#define NX 24
#define NY 20

static double g[NY][NX], h[NY][NX], other[NY][NX];

void
fixed_rows (int y0, int hh)
{
#pragma mint copy(g, toDevice, NX, NY)
#pragma mint copy(h, toDevice, NX, NY)
#pragma mint parallel
  {
    double (*sub)[NX] = &g[y0]; /* { dg-message ".sub. is set here to point into .g., which the region copies, past its first element: a kernel finds a device array only through the array or a pointer to its start; index .g. itself with the offset added to the first subscript \\(.g\\\[off \\+ i\\\]. for .sub\\\[i\\\]. where .sub = &g\\\[off\\\].\\)" } */
    double *row = g[y0 + 1]; /* { dg-message ".row. is set here to point into .g." } */
#pragma mint for nest(2)
    for (int y = 0; y < hh; y++)
      for (int x = 1; x < NX - 1; x++)
        h[y][x] = sub[y + 1][x] - sub[y][x - 1]; /* { dg-error "array .sub. is used in a kernel but never copied to the device" } */
#pragma mint for
    for (int x = 0; x < NX; x++)
      h[0][x] = row[x]; /* { dg-error "array .row. is used in a kernel but never copied to the device" } */
  }
#pragma mint copy(h, fromDevice, NX, NY)
}

void
flat_offset (int n, int off, double *q, double *r)
{
#pragma mint copy(q, toDevice, n)
#pragma mint copy(r, toDevice, n)
#pragma mint parallel
  {
    double *p = q + off; /* { dg-message ".p. is set here to point into .q., which the region copies, past its first element" } */
#pragma mint for
    for (int i = 0; i < n - off; i++)
      r[i] = 2 * p[i]; /* { dg-error "array .p. is used in a kernel but never copied to the device" } */
  }
#pragma mint copy(r, fromDevice, n)
}

/* Near misses: an array the region does not copy keeps its note; the
   copy's start is the array.  */
void
uncopied_and_start (int y0)
{
#pragma mint copy(g, toDevice, NX, NY)
#pragma mint copy(h, toDevice, NX, NY)
#pragma mint parallel
  {
    double (*elsewhere)[NX] = &other[y0]; /* { dg-message ".elsewhere. is set here to an array the region does not copy, or to one copied in another shape" } */
    double (*start)[NX] = &g[0];
#pragma mint for nest(2)
    for (int y = 0; y < 4; y++)
      for (int x = 0; x < NX; x++)
        h[y][x] = elsewhere[y][x]; /* { dg-error "array .elsewhere. is used in a kernel but never copied to the device" } */
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        h[y][x] = start[y][x] + 1; /* { dg-bogus "never copied" } */
  }
#pragma mint copy(h, fromDevice, NX, NY)
}

void
update_into (int y0, int hh)
{
#pragma mint copy(g, toDevice, NX, NY)
#pragma mint copy(h, toDevice, NX, NY)
#pragma mint parallel
  {
    double (*sub)[NX] = &g[y0]; /* { dg-message ".sub. is set here to point into .g., which the region copies, past its first element: an update finds a device array only through the array or a pointer to its start; update .g. itself, its first range moved by the offset" } */
#pragma mint for nest(2)
    for (int y = 0; y < hh; y++)
      for (int x = 0; x < NX; x++)
        h[y][x] = g[y + y0][x];
#pragma mint update(sub, toHost, 0:NX, 0:1) /* { dg-error "update. of .sub., which is not copied to the device" } */
  }
#pragma mint copy(h, fromDevice, NX, NY)
}
