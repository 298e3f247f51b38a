/* An array read in several forms along one axis at every point: a ghost
   Jacobi's rows j + ng - 1 and j + ng + 1 beside the boundary row 0, two
   planes k + ng and k + oz of two offsets held in variables, the last
   row beside the row y, a halo fill's rows g, g + ny, g + ng and
   g + ny + ng (a sum of two scalars and the loop variable), rows y and
   y + 2 of a loop of step 2, a flat array's rows j + 1 and j - 1 beside
   its column j * TX, a row y - ng + 2 that subtracts a scalar.  The launch could not bound such an axis, and
   a copy one row, plane or column short ran, the kernel reading outside
   it (helper H4 of round 83): now each form is checked, a short copy
   stops the program at the launch, and a whole copy computes what the
   loops do.  Built without the plugin every copy runs to the end.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 20
#define NY 10
#define NG 1
#define TX (NX + 2 * NG)
#define TY (NY + 2 * NG)

static double u[TY][TX], v[2][TY][TX], w[2][NY][NY][NY], h[2][TY][TX];

static void
ghost_mint (double (*v)[TX], int ng, int rows)
{
#pragma mint copy(u, toDevice, TX, rows)
#pragma mint copy(v, toDevice, TX, TY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        v[j + ng][i + ng] = u[j + ng - 1][i + ng] + u[j + ng + 1][i + ng]
                            + 0.1 * u[0][i + ng];
  }
#pragma mint copy(v, fromDevice, TX, TY)
}

static void
planes_mint (double (*w)[NY][NY], double (*src)[NY][NY], int ng, int oz,
             int planes)
{
#pragma mint copy(src, toDevice, NY, NY, planes)
#pragma mint copy(w, toDevice, NY, NY, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 0; k < NY - 2; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < NY; i++)
          w[k][j][i] = src[k + ng][j][i] + src[k + oz][j][i];
  }
#pragma mint copy(w, fromDevice, NY, NY, NY)
}

static void
row_mint (double (*v)[TX], int rows)
{
#pragma mint copy(u, toDevice, TX, rows)
#pragma mint copy(v, toDevice, TX, TY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < TY - 1; y++)
      for (int x = 0; x < TX; x++)
        v[y][x] = u[TY - 1][x] + u[y][x];
  }
#pragma mint copy(v, fromDevice, TX, TY)
}

static void
halo_mint (double (*h)[TX], int ny, int ng, int rows)
{
#pragma mint copy(h, toDevice, TX, rows)
#pragma mint parallel
  {
    /* The rows read are ny apart from those written, ny > ng.  */
#pragma mint for nest(all) independent
    for (int g = 0; g < ng; g++)
      for (int i = 0; i < TX; i++)
        {
          h[g][i] = h[g + ny][i];
          h[g + ny + ng][i] = h[g + ng][i];
        }
  }
#pragma mint copy(h, fromDevice, TX, rows)
}

static void
stride_mint (double (*v)[TX], int rows)
{
#pragma mint copy(u, toDevice, TX, rows)
#pragma mint copy(v, toDevice, TX, TY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < TY - 2; y += 2)
      for (int x = 0; x < TX; x++)
        v[y][x] = u[y + 2][x] - u[y][x];
  }
#pragma mint copy(v, fromDevice, TX, TY)
}

static void
flat_mint (double *out, const double *in, int elements)
{
#pragma mint copy(in, toDevice, elements)
#pragma mint copy(out, toDevice, TX * TY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j <= NY; j++)
      for (int i = 1; i <= NX; i++)
        out[j * TX + i] = in[(j + 1) * TX + i] + in[(j - 1) * TX + i]
                          + 0.5 * in[j * TX];
  }
#pragma mint copy(out, fromDevice, TX * TY)
}

static void
shift_mint (double (*v)[TX], int ng, int rows)
{
#pragma mint copy(u, toDevice, TX, rows)
#pragma mint copy(v, toDevice, TX, TY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = ng; y < TY - ng; y++)
      for (int x = 0; x < TX; x++)
        v[y][x] = 0.5 * u[y - ng + 2][x];
  }
#pragma mint copy(v, fromDevice, TX, TY)
}

static void
short_copy (void *arg)
{
  int which = *(int *) arg;
  if (which == 0)
    ghost_mint (v[0], NG, TY - 1);
  else if (which == 1)
    planes_mint (w[0], w[1], 1, 2, NY - 1);
  else if (which == 2)
    row_mint (v[0], TY - 1);
  else if (which == 3)
    halo_mint (h[0], NY, NG, TY - 1);
  else if (which == 4)
    stride_mint (v[0], TY - 2);
  else if (which == 5)
    flat_mint (&v[0][0][0], &u[0][0], TX * (TY - 1));
  else
    shift_mint (v[0], NG, TY - 1);
}

int
main (void)
{
  const char *more = "copy every element the loops use";
  int status = 0;
  for (int which = 0; which < 7; which++)
    {
      static const char *what[] = { "ghost rows and row 0, a row short",
                                    "planes k + ng and k + oz, a plane short",
                                    "rows y and TY - 1, a row short",
                                    "halo rows g + ny + ng, a row short",
                                    "rows y + 2 of step 2, a row short",
                                    "flat rows and column, a row short",
                                    "rows y - ng + 2, a row short" };
      status |= test_stops (what[which], short_copy, &which, "kernel ",
                            more);
    }

  fill (&u[0][0], TX, TY, 1, 1);
  fill (&w[1][0][0][0], NY, NY, NY, 2);
  double err = 0;
  ghost_mint (v[0], NG, TY);
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      v[1][j + NG][i + NG] = u[j][i + NG] + u[j + 2][i + NG]
                             + 0.1 * u[0][i + NG];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], TX * TY));
  row_mint (v[0], TY);
  for (int y = 0; y < TY - 1; y++)
    for (int x = 0; x < TX; x++)
      v[1][y][x] = u[TY - 1][x] + u[y][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], TX * TY));
  flat_mint (&v[0][0][0], &u[0][0], TX * TY);
  for (int j = 1; j <= NY; j++)
    for (int i = 1; i <= NX; i++)
      v[1][j][i] = u[j + 1][i] + u[j - 1][i] + 0.5 * u[j][0];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], TX * TY));
  shift_mint (v[0], NG, TY);
  for (int y = NG; y < TY - NG; y++)
    for (int x = 0; x < TX; x++)
      v[1][y][x] = 0.5 * u[y - NG + 2][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], TX * TY));
  stride_mint (v[0], TY - 1);
  for (int y = 0; y < TY - 2; y += 2)
    for (int x = 0; x < TX; x++)
      v[1][y][x] = u[y + 2][x] - u[y][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], TX * TY));
  static double ref[NY][NY][NY];
  memcpy (ref, w[0], sizeof ref);
  planes_mint (w[0], w[1], 1, 2, NY);
  for (int k = 0; k < NY - 2; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NY; i++)
        ref[k][j][i] = w[1][k + 1][j][i] + w[1][k + 2][j][i];
  err = fmax (err, max_error (&w[0][0][0][0], &ref[0][0][0], NY * NY * NY));
  fill (&h[0][0][0], TX, TY, 1, 3);
  memcpy (h[1], h[0], sizeof h[1]);
  halo_mint (h[0], NY, NG, TY);
  for (int g = 0; g < NG; g++)
    for (int i = 0; i < TX; i++)
      {
        h[1][g][i] = h[1][g + NY][i];
        h[1][g + NY + NG][i] = h[1][g + NG][i];
      }
  err = fmax (err, max_error (&h[0][0][0], &h[1][0][0], TX * TY));
  return status | test_report ("whole copies", err, TOL_DOUBLE);
}
