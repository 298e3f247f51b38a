/* Flexible array members: a grid double a[][NX] at the end of a structure
   and a float b[] of weights, copied through the members, the grid's
   rows fixed by its type and its rows counted at run time.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 24

struct field
{
  int ny;
  double a[][NX];
};

struct weights
{
  int n;
  float b[];
};

#define UPDATE(f, w, y, x)                                               \
  (0.5 * f->a[y][x] + 0.25 * (f->a[y - 1][x] + f->a[y][x + 1]) * w->b[x])

static void
update_mint (struct field *f, const struct weights *w, struct field *out)
{
  int ny = f->ny;
#pragma mint copy(f->a, toDevice, NX, ny)
#pragma mint copy(out->a, toDevice, NX, out->ny)
#pragma mint copy(w->b, toDevice, w->n)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        out->a[y][x] = UPDATE (f, w, y, x);
  }
#pragma mint copy(out->a, fromDevice, NX, out->ny)
}

int
main (void)
{
  int ny = 13;
  struct field *f = test_xmalloc (sizeof *f + ny * sizeof f->a[0]);
  struct field *out = test_xmalloc (sizeof *out + ny * sizeof out->a[0]);
  struct field *ref = test_xmalloc (sizeof *ref + ny * sizeof ref->a[0]);
  struct weights *w = test_xmalloc (sizeof *w + NX * sizeof w->b[0]);
  f->ny = out->ny = ref->ny = ny;
  w->n = NX;
  fill (&f->a[0][0], NX, ny, 1, 1);
  fill (&out->a[0][0], NX, ny, 1, 2);
  fill (&ref->a[0][0], NX, ny, 1, 2);
  fill (w->b, NX, 1, 1, 3);

  update_mint (f, w, out);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      ref->a[y][x] = UPDATE (f, w, y, x);

  int status = test_report ("flexible array members",
                            max_error (&out->a[0][0], &ref->a[0][0],
                                       (size_t) NX * ny), TOL_DOUBLE);
  free (f);
  free (out);
  free (ref);
  free (w);
  return status;
}
