/* The extents of a copy are checked against the shape of the array's type
   when they are known only at run time: a copy of a double (*)[ny + 2][nx + 2]
   that gives ny + 1 as its y extent would lay the device copy out with
   shorter planes than the host's, so it ends the program with a message
   at the copy's line.  Built without the plugin the same program runs
   on the host, where the copy means nothing.  The copy with the right
   extents computes what the CPU does.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(u, z, y, x)                                              \
  (0.5 * u[z][y][x] + 0.25 * (u[z][y][x + 1] + u[z - 1][y][x]))

static void
step_mint (int nx, int ny, int nz, int copy_ny, double *a, double *b)
{
  double (*u)[ny + 2][nx + 2] = (void *) a;
  double (*v)[ny + 2][nx + 2] = (void *) b;
#pragma mint copy(u, toDevice, nx + 2, copy_ny + 2, nz + 2)
#pragma mint copy(v, toDevice, nx + 2, ny + 2, nz + 2)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= ny; y++)
        for (int x = 1; x <= nx; x++)
          v[z][y][x] = STENCIL (u, z, y, x);
  }
#pragma mint copy(v, fromDevice, nx + 2, ny + 2, nz + 2)
}
enum { copy_line = __LINE__ - 12 };

static void
step_cpu (int nx, int ny, int nz, double *a, double *b)
{
  double (*u)[ny + 2][nx + 2] = (void *) a;
  double (*v)[ny + 2][nx + 2] = (void *) b;
  for (int z = 1; z <= nz; z++)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        v[z][y][x] = STENCIL (u, z, y, x);
}

/* step_mint's arguments, for test_in_child.  */
struct child_step
{
  int nx, ny, nz, copy_ny;
  double *a, *b;
};

static void
child_step (void *arg)
{
  struct child_step *c = arg;
  step_mint (c->nx, c->ny, c->nz, c->copy_ny, c->a, c->b);
}

int
main (void)
{
  int nx = 30, ny = 17, nz = 9;
  size_t cells = (size_t) (nx + 2) * (ny + 2) * (nz + 2);
  double *a = test_xmalloc (cells * sizeof *a);
  double *b = test_xmalloc (cells * sizeof *b);
  double *ref = test_xmalloc (cells * sizeof *b);
  fill (a, nx + 2, ny + 2, nz + 2, 1);
  fill (b, nx + 2, ny + 2, nz + 2, 2);
  fill (ref, nx + 2, ny + 2, nz + 2, 2);

  char expected[200];
  snprintf (expected, sizeof expected, "copy-shape.c:%d: copy of 32x18x11 "
            "elements: the array's planes hold 19 rows, not 18", copy_line);
  struct child_step short_y = { nx, ny, nz, ny - 1, a, b };
  int status = test_stops ("copy with a short y extent", child_step,
                           &short_y, expected, "");

  step_mint (nx, ny, nz, ny, a, b);
  step_cpu (nx, ny, nz, a, ref);
  int result = test_report ("copy with the type's extents",
                            max_error (b, ref, cells), TOL_DOUBLE);
  free (a);
  free (b);
  free (ref);
  return result | status;
}
