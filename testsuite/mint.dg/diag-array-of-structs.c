/* An array of structures, as solvers keep their fields per cell: a copy
   of one is an error at the directive (its element type), and each
   access of the body names the fix, one array per member.  */
/* { dg-do compile } */

struct cell { double u, v, p; };

void
cells (int n, struct cell (*g)[n], struct cell (*h)[n])
{
#pragma mint copy(g, toDevice, n, n) /* { dg-error "element type .struct cell. of .g. is not supported" } */
#pragma mint copy(h, toDevice, n, n) /* { dg-error "element type .struct cell. of .h. is not supported" } */
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        h[y][x].u = g[y][x - 1].p; /* { dg-error "writes a member of a structure that it selects by a subscript that varies .an element of an array of structures. or through a pointer it computes; a kernel writes only elements of arrays of scalars copied to the device: keep each member in an array of its own" } */
        /* { dg-error "uses a structure member at a subscript that varies .of an array of structures: keep each member in an array of its own" "" { target *-*-* } 18 } */
  }
#pragma mint copy(h, fromDevice, n, n) /* { dg-bogus "element type" } */
}
