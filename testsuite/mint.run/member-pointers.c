/* Pointers declared in the loop body and set to a copied structure
   member with no offset: `const double *a = D.a;', `D.b + 0',
   `&D.c[0]' of a structure variable, `g->a' through a pointer to one,
   and a row pointer `double (*r)[NX] = g->rows;' of a member of
   variably modified type.  Their accesses are the member's, as with any
   other offset (D.a + 1).  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 41
#define NY 17

struct fields
{
  double *a, *b, *c;
  double (*rows)[NX];
};

/* An anisotropic diffusion step of U into V over the NX x NY grid with
   the tensor D.a, D.b, D.c.  */
#define TENSOR(PRAGMA, D, u, v)                                          \
  PRAGMA (for nest(all))                                                 \
  for (int j = 1; j < NY - 1; j++)                                       \
    for (int i = 1; i < NX - 1; i++)                                     \
      {                                                                  \
        const double *a = D.a;                                           \
        const double *b = D.b + 0;                                       \
        const double *c = &D.c[0];                                       \
        int k = j * NX + i;                                              \
        v[k] = u[k] + a[k] * (u[k - 1] + u[k + 1])                       \
               + b[k] * (u[k - NX - 1] - u[k + NX + 1])                  \
               + c[k] * (u[k - NX] + u[k + NX]);                         \
      }

/* The same through G, with the rows of G->rows as a second input.  */
#define THROUGH(PRAGMA, g, u, v)                                         \
  PRAGMA (for nest(all))                                                 \
  for (int j = 1; j < NY - 1; j++)                                       \
    for (int i = 1; i < NX - 1; i++)                                     \
      {                                                                  \
        const double *a = g->a;                                          \
        double (*r)[NX] = g->rows;                                       \
        v[j * NX + i] = a[j * NX + i] * u[j * NX + i]                    \
                        + r[j - 1][i] - r[j + 1][i];                     \
      }

static void
step_mint (struct fields *g, const double *u, double *v, double *w)
{
  struct fields D = *g;
#pragma mint copy(D.a, toDevice, NX * NY)
#pragma mint copy(D.b, toDevice, NX * NY)
#pragma mint copy(D.c, toDevice, NX * NY)
#pragma mint copy(u, toDevice, NX * NY)
#pragma mint copy(v, toDevice, NX * NY)
#pragma mint parallel
  {
    TENSOR (MINT_PRAGMA, D, u, v)
  }
#pragma mint copy(v, fromDevice, NX * NY)
#pragma mint copy(g->a, toDevice, NX * NY)
#pragma mint copy(g->rows, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX * NY)
#pragma mint copy(w, toDevice, NX * NY)
#pragma mint parallel
  {
    THROUGH (MINT_PRAGMA, g, v, w)
  }
#pragma mint copy(w, fromDevice, NX * NY)
}

static void
step_plain (struct fields *g, const double *u, double *v, double *w)
{
  struct fields D = *g;
  TENSOR (NO_PRAGMA, D, u, v)
  THROUGH (NO_PRAGMA, g, v, w)
}

int
main (void)
{
  TWO_FILLED (double, u, NX, NY, 1, 1);
  TWO_FILLED (double, v, NX, NY, 1, 2);
  TWO_FILLED (double, w, NX, NY, 1, 3);
  struct fields g;
  g.a = test_xmalloc (NX * NY * sizeof (double));
  g.b = test_xmalloc (NX * NY * sizeof (double));
  g.c = test_xmalloc (NX * NY * sizeof (double));
  g.rows = test_xmalloc (NX * NY * sizeof (double));
  fill (g.a, NX, NY, 1, 4);
  fill (g.b, NX, NY, 1, 5);
  fill (g.c, NX, NY, 1, 6);
  fill (&g.rows[0][0], NX, NY, 1, 7);
  step_mint (&g, u[0], v[0], w[0]);
  step_plain (&g, u[1], v[1], w[1]);
  printf ("v[%d] %.17g\n", NX + 1, v[0][NX + 1]);
  int status = test_report ("v", max_error (v[0], v[1], NX * NY),
                            TOL_DOUBLE);
  return status | test_report ("w", max_error (w[0], w[1], NX * NY),
                               TOL_DOUBLE);
}
