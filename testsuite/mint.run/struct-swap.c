/* Two fields of a step in a structure of pointers, flat grids with a
   macro index; the time loop swaps the step's input and output
   structures by assignment (struct state tmp = cur; cur = nxt; ...), so
   the kernel's arrays are members of local structures whose pointers
   change every step, an odd number of steps.  */
/* { dg-do run } */
#include "mint-test.h"

struct state
{
  double *h, *q;
};

#define AT(a, x, y) a[(size_t) (y) * nx + (x)]
#define STEP(out, in)                                                     \
  do                                                                      \
    {                                                                     \
      AT (out.h, x, y)                                                    \
        = AT (in.h, x, y)                                                 \
          - c * (AT (in.q, x + 1, y) - AT (in.q, x - 1, y)                \
                 + AT (in.q, x, y + 1) - AT (in.q, x, y - 1));            \
      AT (out.q, x, y) = AT (in.q, x, y)                                  \
                         - c * (AT (in.h, x + 1, y) - AT (in.h, x - 1, y))\
                         + 0.01 * AT (in.h, x, y - 1);                    \
    }                                                                     \
  while (0)

static struct state
run_mint (struct state cur, struct state nxt, int nx, int ny, int steps,
          double c)
{
#pragma mint copy(cur.h, toDevice, nx, ny)
#pragma mint copy(cur.q, toDevice, nx, ny)
#pragma mint copy(nxt.h, toDevice, nx, ny)
#pragma mint copy(nxt.q, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            STEP (nxt, cur);
        struct state tmp = cur;
        cur = nxt;
        nxt = tmp;
      }
  }
#pragma mint copy(cur.h, fromDevice, nx, ny)
#pragma mint copy(cur.q, fromDevice, nx, ny)
  return cur;
}

static struct state
run_cpu (struct state cur, struct state nxt, int nx, int ny, int steps,
         double c)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          STEP (nxt, cur);
      struct state tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  return cur;
}

static struct state
new_state (int nx, int ny)
{
  struct state s = { test_xmalloc ((size_t) nx * ny * sizeof (double)),
                     test_xmalloc ((size_t) nx * ny * sizeof (double)) };
  fill (s.h, nx, ny, 1, 1);
  fill (s.q, nx, ny, 1, 2);
  return s;
}

int
main (void)
{
  int nx = 67, ny = 41, steps = 7;
  size_t n = (size_t) nx * ny;
  struct state a = new_state (nx, ny), b = new_state (nx, ny);
  struct state ra = new_state (nx, ny), rb = new_state (nx, ny);
  struct state m = run_mint (a, b, nx, ny, steps, 0.05);
  struct state r = run_cpu (ra, rb, nx, ny, steps, 0.05);
  int status = test_report ("h", max_error (m.h, r.h, n), TOL_DOUBLE);
  status |= test_report ("q", max_error (m.q, r.q, n), TOL_DOUBLE);
  free (a.h), free (a.q), free (b.h), free (b.q);
  free (ra.h), free (ra.q), free (rb.h), free (rb.q);
  return status;
}
