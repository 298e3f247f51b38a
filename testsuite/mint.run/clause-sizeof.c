/* Copy extents and update ranges written as C programs write sizes: a
   byte count over sizeof of a type, a typedef, a pointer type and an
   expression (sizeof *u), and a count read through a pointer (*rows);
   the extents are those of the plain program.  The array named through
   a macro in parentheses, as codes name their fields (U).  */
/* { dg-do run } */
#include "mint-test.h"

typedef double real;
#define U (u)

struct field
{
  size_t bytes;
  real *u, *v;
};

static void
smooth (struct field *f, const long *rows, int steps, int mint)
{
  real *u = f->u, *v = f->v;
  long ny = *rows;
  long nx = (long) (f->bytes / sizeof (real) / *rows);
  if (!mint)
    {
      for (int t = 0; t < steps; t++)
        {
          for (long y = 1; y < ny - 1; y++)
            for (long x = 1; x < nx - 1; x++)
              v[y * nx + x] = 0.25 * (u[y * nx + x - 1] + u[y * nx + x + 1]
                                      + u[(y - 1) * nx + x]
                                      + u[(y + 1) * nx + x]);
          TEST_SWAP (u, v)
        }
      f->u = u;
      f->v = v;
      return;
    }
#pragma mint copy(U, toDevice, f->bytes / sizeof *u)
#pragma mint copy(v, toDevice, *rows * nx * sizeof (real) / sizeof (double))
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(2)
        for (long y = 1; y < ny - 1; y++)
          for (long x = 1; x < nx - 1; x++)
            v[y * nx + x] = 0.25 * (u[y * nx + x - 1] + u[y * nx + x + 1]
                                    + u[(y - 1) * nx + x]
                                    + u[(y + 1) * nx + x]);
#pragma mint single
        {
          TEST_SWAP (u, v)
        }
      }
#pragma mint update(u, toHost, 0:f->bytes / sizeof (real))
  }
#pragma mint copy((U), fromDevice, f->bytes / (sizeof (real *) * 0 + sizeof (real)))
  f->u = u;
  f->v = v;
}

int
main (void)
{
  long rows = 37;
  long nx = 45;
  struct field a, b;
  a.bytes = b.bytes = (size_t) rows * nx * sizeof (real);
  a.u = test_xmalloc (a.bytes);
  a.v = test_xmalloc (a.bytes);
  b.u = test_xmalloc (b.bytes);
  b.v = test_xmalloc (b.bytes);
  fill (a.u, nx, rows, 1, 1);
  memcpy (a.v, a.u, a.bytes);
  memcpy (b.u, a.u, a.bytes);
  memcpy (b.v, a.u, a.bytes);
  smooth (&a, &rows, 6, 1);
  smooth (&b, &rows, 6, 0);
  return test_report ("sizeof in extents",
                      max_error (a.u, b.u, (size_t) rows * nx), TOL_DOUBLE);
}
