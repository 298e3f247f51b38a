/* Pointers declared in the loop body to rows of a pointer to
   variable-length rows (double (*u)[nx]; const double *r = u[j]), set
   once before their uses: each stands for the array, and the kernel is
   the one of u[j][i].  It must give the CPU's answer.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 53
#define NY 29

#define BODY                                                             \
  const double *r = u[j], *up = u[j - 1], *dn = u[j + 1];                \
  double *w = v[j];                                                      \
  w[i] = 0.5 * r[i] + 0.125 * (r[i - 1] + r[i + 1] + up[i] + dn[i])

static void
rows (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          BODY;
        }
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

int
main (void)
{
  const int nx = NX, ny = NY;
  double (*u)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  double (*v)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  double (*r)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  fill (&u[0][0], NX, NY, 1, 6);
  memset (v, 0, sizeof (double[NY][NX]));
  memset (r, 0, sizeof (double[NY][NX]));
  rows (NX, NY, u, v);
  {
    double (*keep)[NX] = v;
    v = r;
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          BODY;
        }
    v = keep;
  }
  printf ("v[7][9] %.17g\n", v[7][9]);
  return test_report ("rows of variable-length rows",
                      max_error (&v[0][0], &r[0][0], NX * NY), TOL_DOUBLE);
}
