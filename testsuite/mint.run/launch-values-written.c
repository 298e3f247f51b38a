/* Values a kernel reads once, at its launch, through pointers into an
   array that an earlier kernel of the region wrote (coefficients kept
   in the array of coefficients, `*alpha' of `alpha = &c[3]'): the
   launch reads the device copy's, as the program's loops read the
   written values.  The last kernel's loop runs to a bound kept in an
   array the first kernel wrote (read through a pointer to it), a value
   read through a structure's pointer member (`*q->gamma'), and a
   kernel reads the plane of a double buffer that such a value
   chooses.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000

struct coefficients
{
  const double *gamma;          /* into c */
};

#define UPDATE(PRAGMA, u, v, c, alpha, beta, last, q)                     \
  PRAGMA (for)                                                            \
  for (int i = 0; i < N; i++)                                             \
    c[i] = c[i] + 100 + i;                                                \
  PRAGMA (for)                                                            \
  for (int i = 0; i < N; i++)                                             \
    v[i] = *alpha * u[i] + beta[2] + *q->gamma;                           \
  PRAGMA (for)                                                            \
  for (int i = 0; i < *last; i++)                                         \
    u[i] = -v[i] + *alpha;

static void
run (double *u, double *v, double *c, int *b)
{
  const double *alpha = &c[3];
  const double *beta = c + 5;
  const int *last = &b[1];
  struct coefficients k = { c + 7 }, *q = &k;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(c, toDevice, N)
#pragma mint copy(b, toDevice, 2)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 2; i++)
      b[i] = N / 2 + i;
    UPDATE (MINT_PRAGMA, u, v, c, alpha, beta, last, q)
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(v, fromDevice, N)
#pragma mint copy(b, fromDevice, 2)
}

/* A plane of a double buffer chosen by a subscript read through a
   pointer into an array that the first kernel writes.  */
#define NY 4
static double buffer[2][NY][N], picked[NY][N];
static int sel_array[2];

static void
pick (void)
{
  const int *sel = &sel_array[1];
#pragma mint copy(buffer, toDevice, N, NY, 2)
#pragma mint copy(picked, toDevice, N, NY)
#pragma mint copy(sel_array, toDevice, 2)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 2; i++)
      sel_array[i] = i;
#pragma mint for nest(all)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < N; x++)
        picked[y][x] = buffer[*sel][y][x];
  }
#pragma mint copy(picked, fromDevice, N, NY)
}

int
main (void)
{
  TWO_FILLED (double, u, N, 1, 1, 1);
  TWO_FILLED (double, v, N, 1, 1, 2);
  TWO_FILLED (double, c, N, 1, 1, 3);
  int b[2][2] = { { 0, 0 }, { 0, 0 } };
  run (u[0], v[0], c[0], b[0]);
  for (int i = 0; i < 2; i++)
    b[1][i] = N / 2 + i;
  struct coefficients k = { c[1] + 7 }, *q = &k;
  UPDATE (NO_PRAGMA, u[1], v[1], c[1], (&c[1][3]), (c[1] + 5), (&b[1][1]),
          q)
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < N; x++)
      buffer[0][y][x] = 0, buffer[1][y][x] = 1 + x;
  pick ();
  double plane_error = 0;
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < N; x++)
      plane_error = fmax (plane_error, fabs (picked[y][x] - (1 + x)));
  return test_report ("u", max_error (u[0], u[1], N), TOL_DOUBLE)
         | test_report ("v", max_error (v[0], v[1], N), TOL_DOUBLE)
         | test_report ("plane", plane_error, TOL_EXACT);
}
