/* A copy of a T ** or T *** moves one block from the array's first
   element: rows allocated one by one would be read from (and written to)
   memory that is not theirs.  libmintrt checks the pointer table at the
   copy and stops the program there, naming the first row out of place;
   built without the plugin the same program runs on the host.  The
   paper's allocation (one block, tables into it), also through a
   structure member, computes what the CPU does.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  double ***u;
};

#define SMOOTH2(a, y, x) (0.5 * a[y][x] + 0.25 * (a[y][x - 1] + a[y - 1][x]))
#define SMOOTH3(a, z, y, x)                                              \
  (0.5 * a[z][y][x] + 0.25 * (a[z][y][x + 1] + a[z - 1][y - 1][x]))

static void
smooth_rows (int n, double **a, double **b)
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n; y++)
      for (int x = 1; x < n; x++)
        b[y][x] = SMOOTH2 (a, y, x);
  }
#pragma mint copy(b, fromDevice, n, n)
}
enum { rows_line = __LINE__ - 11 };

static void
smooth_grid (int n, struct grid *g, double ***b)
{
#pragma mint copy(g->u, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < n; z++)
      for (int y = 1; y < n; y++)
        for (int x = 0; x < n - 1; x++)
          b[z][y][x] = SMOOTH3 (g->u, z, y, x);
  }
#pragma mint copy(b, fromDevice, n, n, n)
}
enum { grid_line = __LINE__ - 12 };

/* Rows of N doubles, each allocated on its own (a gap between them).  */
static double **
rows_one_by_one (int n, int seed)
{
  double **a = test_xmalloc (n * sizeof *a);
  for (int y = 0; y < n; y++)
    {
      a[y] = test_xmalloc ((n + 8) * sizeof **a);
      fill (a[y], n, 1, 1, seed + y);
    }
  return a;
}

struct child_args
{
  int n;
  double **a, **b;
  struct grid *g;
  double ***c;
};

static void
child_rows (void *arg)
{
  struct child_args *c = arg;
  smooth_rows (c->n, c->a, c->b);
}

static void
child_grid (void *arg)
{
  struct child_args *c = arg;
  smooth_grid (c->n, c->g, c->c);
}

int
main (void)
{
  int n = 19;
  char expected[200];
  int status = 0;

  struct child_args rows = { n, rows_one_by_one (n, 1), rows_one_by_one (n, 2),
                             NULL, NULL };
  snprintf (expected, sizeof expected, "copy-rows.c:%d: copy of a: its row "
            "a[1] is at", rows_line);
  status |= test_stops ("T ** of rows allocated one by one", child_rows,
                        &rows, expected, "the rows must lie one after "
                        "another in one allocation");

  /* One block, but plane 2 of the table points into another.  */
  double ***u = alloc3d_double (n, n, n), ***v = alloc3d_double (n, n, n);
  double *elsewhere = test_xmalloc ((size_t) n * n * sizeof *elsewhere);
  double *plane2 = u[2][0];
  for (int y = 0; y < n; y++)
    u[2][y] = elsewhere + (size_t) y * n;
  struct grid g = { u };
  struct child_args grid = { n, NULL, NULL, &g, v };
  snprintf (expected, sizeof expected, "copy-rows.c:%d: copy of g->u: its "
            "row g->u[2][0] is at", grid_line);
  status |= test_stops ("T *** member with a plane elsewhere", child_grid,
                        &grid, expected, "");
  for (int y = 0; y < n; y++)
    u[2][y] = plane2 + (size_t) y * n;

  double ***ref = alloc3d_double (n, n, n);
  fill (u[0][0], n, n, n, 3);
  fill (v[0][0], n, n, n, 4);
  fill (ref[0][0], n, n, n, 4);
  smooth_grid (n, &g, v);
  for (int z = 1; z < n; z++)
    for (int y = 1; y < n; y++)
      for (int x = 0; x < n - 1; x++)
        ref[z][y][x] = SMOOTH3 (u, z, y, x);
  status |= test_report ("T *** member in one block",
                         max_error (v[0][0], ref[0][0], (size_t) n * n * n),
                         TOL_DOUBLE);
  return status;
}
