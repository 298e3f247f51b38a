/* Updates of arrays that are members of a structure (`g->u'), which
   crashed cc1 (update_call named the array by its declaration): host
   writes under conditions, each moved by an update toDevice of just its
   element (an update of more would move the host's old values over what
   the kernels wrote), an update toHost of a step's result for the host,
   and the members' pointers swapped in a single.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int n;
  double *u, *v;
};

static void
steps (struct grid *g, int count, double *out)
{
#pragma mint copy(g->u, toDevice, g->n)
#pragma mint copy(g->v, toDevice, g->n)
#pragma mint parallel
  {
    for (int t = 0; t < count; t++)
      {
        if (t % 7 == 0)
          {
            g->u[0] = t;
#pragma mint update(g->u, toDevice, 0:1)
            if (t > 10)
              {
                g->u[1] = -t;
#pragma mint update(g->u, toDevice, 1:1)
              }
          }
#pragma mint for
        for (int i = 1; i < g->n - 1; i++)
          g->v[i] = 0.5 * (g->u[i - 1] + g->u[i + 1]);
        if (t == count / 2)
          {
#pragma mint update(g->v, toHost, 0:g->n)
            for (int i = 0; i < g->n; i++)
              out[i] = g->v[i];
          }
#pragma mint single
        {
          double *w = g->u;
          g->u = g->v;
          g->v = w;
        }
      }
  }
#pragma mint copy(g->u, fromDevice, g->n)
#pragma mint copy(g->v, fromDevice, g->n)
}

/* The same steps as plain C.  */
static void
steps_cpu (struct grid *g, int count, double *out)
{
  for (int t = 0; t < count; t++)
    {
      if (t % 7 == 0)
        {
          g->u[0] = t;
          if (t > 10)
            g->u[1] = -t;
        }
      for (int i = 1; i < g->n - 1; i++)
        g->v[i] = 0.5 * (g->u[i - 1] + g->u[i + 1]);
      if (t == count / 2)
        for (int i = 0; i < g->n; i++)
          out[i] = g->v[i];
      double *w = g->u;
      g->u = g->v;
      g->v = w;
    }
}

int
main (void)
{
  int n = 300, count = 41;
  double *a[6];
  for (int k = 0; k < 6; k++)
    {
      a[k] = test_xmalloc (n * sizeof (double));
      fill (a[k], n, 1, 1, k % 3);
    }
  struct grid g = { n, a[0], a[1] }, h = { n, a[3], a[4] };
  steps (&g, count, a[2]);
  steps_cpu (&h, count, a[5]);
  return test_report ("u", max_error (g.u, h.u, n), TOL_DOUBLE)
         | test_report ("v", max_error (g.v, h.v, n), TOL_DOUBLE)
         | test_report ("out", max_error (a[2], a[5], n), TOL_DOUBLE);
}
