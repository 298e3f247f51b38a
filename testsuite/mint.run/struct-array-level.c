/* Members of an element of an array of structures that a host loop
   selects (`mat[l].kappa', `m[l].y0' through a pointer): the same at
   every point of a nest, in its body and in its bounds.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 40
#define NY 30

struct material
{
  double kappa;
  int y0, y1;
};

static struct material mat[3] = { { 0.1, 1, 10 }, { 0.2, 10, 20 },
                                  { 0.15, 20, NY - 1 } };

#define DIFFUSE(T, Tn, kappa, y, x)                                      \
  Tn[y][x] = T[y][x] + (kappa) * (T[y][x - 1] + T[y][x + 1] + T[y - 1][x] \
                                  + T[y + 1][x] - 4 * T[y][x])

static void
layers_mint (double (*T)[NX], double (*Tn)[NX], const struct material *m)
{
#pragma mint copy(T, toDevice, NX, NY)
#pragma mint copy(Tn, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int step = 0; step < 4; step++)
      for (int l = 0; l < 3; l++)
        {
#pragma mint for nest(all)
          for (int y = m[l].y0; y < m[l].y1; y++)
            for (int x = 1; x < NX - 1; x++)
              DIFFUSE (T, Tn, mat[l].kappa, y, x);
#pragma mint for nest(all)
          for (int y = m[l].y0; y < m[l].y1; y++)
            for (int x = 1; x < NX - 1; x++)
              T[y][x] = Tn[y][x] + 0.5 * m[l].kappa * (x == 1);
        }
  }
#pragma mint copy(T, fromDevice, NX, NY)
}

int
main (void)
{
  double (*T)[NX] = test_xmalloc (sizeof (double) * NX * NY);
  double (*Tn)[NX] = test_xmalloc (sizeof (double) * NX * NY);
  double (*R)[NX] = test_xmalloc (sizeof (double) * NX * NY);
  double (*Rn)[NX] = test_xmalloc (sizeof (double) * NX * NY);
  fill (T[0], NX, NY, 1, 7);
  for (int i = 0; i < NX * NY; i++)
    R[0][i] = T[0][i], Tn[0][i] = Rn[0][i] = 0;
  layers_mint (T, Tn, mat);
  for (int step = 0; step < 4; step++)
    for (int l = 0; l < 3; l++)
      {
        for (int y = mat[l].y0; y < mat[l].y1; y++)
          for (int x = 1; x < NX - 1; x++)
            DIFFUSE (R, Rn, mat[l].kappa, y, x);
        for (int y = mat[l].y0; y < mat[l].y1; y++)
          for (int x = 1; x < NX - 1; x++)
            R[y][x] = Rn[y][x] + 0.5 * mat[l].kappa * (x == 1);
      }
  printf ("T[15][1] %.17g (cpu %.17g)\n", T[15][1], R[15][1]);
  return test_report ("layers", max_error (T[0], R[0], NX * NY), TOL_DOUBLE);
}
