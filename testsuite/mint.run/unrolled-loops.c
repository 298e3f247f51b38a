/* Loops of the body with a constant trip count, which level 3 unrolls
   (opt-unroll.c): the game of life counting its neighbours in two loops
   with if (dy || dx), a 3x3 convolution whose weights come from a copied
   table, a radius-3 star summed over k with coefficients in a struct, one
   whose weights are an array declared in the body, a
   loop running down with a break on the data, one stepping by 2 with a
   continue, a triangular pair of loops over one variable each, and one
   stepping by -3 to a bound tested with !=, its subscript through r / 3
   (all of them at level 3), and one of a symbolic bound that stays a
   loop.  Extents that
   no tile divides.  The results must equal the plain C loops' (the same
   nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

struct star
{
  double c[4];
};

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      {                                                                  \
        int c = 0;                                                       \
        for (int dy = -1; dy <= 1; dy++)                                 \
          for (int dx = -1; dx <= 1; dx++)                               \
            if (dy || dx)                                                \
              c += life[y + dy][x + dx];                                 \
        next[y][x] = c == 3 || (c == 2 && life[y][x]);                   \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      {                                                                  \
        float s = 0;                                                     \
        for (int dy = 0; dy < 3; dy++)                                   \
          for (int dx = 0; dx < 3; dx++)                                 \
            s += w[dy * 3 + dx] * f[y + dy - 1][x + dx - 1];             \
        g[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 3; y < ny - 3; y++)                                       \
    for (int x = 3; x < nx - 3; x++)                                     \
      {                                                                  \
        double s = k->c[0] * a[y][x];                                    \
        for (int r = 1; r <= 3; r++)                                     \
          s += k->c[r] * (a[y][x - r] + a[y][x + r] + a[y - r][x]        \
                          + a[y + r][x]);                                \
        b[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        const double wt[5] = { 0.1, 0.2, 0.4, 0.2, 0.1 };                \
        double s = 0;                                                    \
        for (int r = 0; r < 5; r++)                                      \
          s += wt[r] * (a[y][x + r - 2] + a[y + r - 2][x]);              \
        h[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        double s = 0;                                                    \
        for (int r = 2; r >= -2; r--)                                    \
          {                                                              \
            if (a[y][x + r] > 2.5)                                       \
              break;                                                     \
            s += r * a[y + r][x];                                        \
          }                                                              \
        for (int r = -2; r <= 2; r += 2)                                 \
          {                                                              \
            if (r == 0)                                                  \
              continue;                                                  \
            s -= a[y][x + r];                                            \
          }                                                              \
        d[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        double s = 0;                                                    \
        for (int i = 0; i < 3; i++)                                      \
          for (int j = 0; j <= i; j++)                                   \
            s += (i + 1) * a[y + i - 1][x + j - i];                      \
        for (int r = 7; r != 1; r -= 3)                                  \
          s -= a[y][x + r / 3 - 1] * r;                                  \
        t[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx; x++)                                         \
      {                                                                  \
        double s = 0;                                                    \
        for (int r = 0; r < m; r++)                                      \
          s += a[y][x] * r;                                              \
        e[y][x] = s;                                                     \
      }

static void
run_mint (int nx, int ny, int m, const struct star *k,
          unsigned char (*life)[nx], unsigned char (*next)[nx],
          const float *w, float (*f)[nx], float (*g)[nx], double (*a)[nx],
          double (*b)[nx], double (*h)[nx], double (*d)[nx],
          double (*t)[nx], double (*e)[nx])
{
#pragma mint copy(life, toDevice, nx, ny)
#pragma mint copy(next, toDevice, nx, ny)
#pragma mint copy(w, toDevice, 9)
#pragma mint copy(k->c, toDevice, 4)
#pragma mint copy(f, toDevice, nx, ny)
#pragma mint copy(g, toDevice, nx, ny)
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint copy(h, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint copy(t, toDevice, nx, ny)
#pragma mint copy(e, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(next, fromDevice, nx, ny)
#pragma mint copy(g, fromDevice, nx, ny)
#pragma mint copy(b, fromDevice, nx, ny)
#pragma mint copy(h, fromDevice, nx, ny)
#pragma mint copy(d, fromDevice, nx, ny)
#pragma mint copy(t, fromDevice, nx, ny)
#pragma mint copy(e, fromDevice, nx, ny)
}

static void
run_c (int nx, int ny, int m, const struct star *k,
       unsigned char (*life)[nx], unsigned char (*next)[nx], const float *w,
       float (*f)[nx], float (*g)[nx], double (*a)[nx], double (*b)[nx],
       double (*h)[nx], double (*d)[nx], double (*t)[nx], double (*e)[nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[2] = { 83, 29 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  long cells = (long) nx * ny;
  struct star k = { { 0.4, 0.1, -0.05, 0.025 } };
  const float w[9] = { 1, 2, 1, 2, 4, 2, 1, 2, 1 };
  unsigned char *life = test_xmalloc (cells);
  float *f = test_xmalloc (sizeof (float) * cells);
  double *a = test_xmalloc (sizeof (double) * cells);
  for (long i = 0; i < cells; i++)
    life[i] = (i * 7 + i / nx) % 11 < 4;
  fill (f, nx, ny, 1, 1);
  fill (a, nx, ny, 1, 2);
  TWO_FILLED (unsigned char, next, nx, ny, 1, 3);
  TWO_FILLED (float, g, nx, ny, 1, 4);
  TWO_FILLED (double, b, nx, ny, 1, 5);
  TWO_FILLED (double, h, nx, ny, 1, 8);
  TWO_FILLED (double, d, nx, ny, 1, 6);
  TWO_FILLED (double, t, nx, ny, 1, 9);
  TWO_FILLED (double, e, nx, ny, 1, 7);
  typedef unsigned char (*brows)[nx];
  typedef float (*frows)[nx];
  typedef double (*rows)[nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, 5, &k, (brows) life, (brows) next[i], w,
                            (frows) f, (frows) g[i], (rows) a, (rows) b[i],
                            (rows) h[i], (rows) d[i], (rows) t[i],
                            (rows) e[i]);
  int status = 0;
  status |= test_report ("game of life", max_error (next[0], next[1], cells),
                         TOL_EXACT);
  status |= test_report ("3x3 convolution, float",
                         max_error (g[0], g[1], cells), TOL_FLOAT);
  status |= test_report ("star summed over r",
                         max_error (b[0], b[1], cells), TOL_DOUBLE);
  status |= test_report ("weights declared in the body",
                         max_error (h[0], h[1], cells), TOL_DOUBLE);
  status |= test_report ("break and continue",
                         max_error (d[0], d[1], cells), TOL_DOUBLE);
  status |= test_report ("triangular loops, a step of -3",
                         max_error (t[0], t[1], cells), TOL_DOUBLE);
  status |= test_report ("symbolic trip count",
                         max_error (e[0], e[1], cells), TOL_DOUBLE);
  return status;
}
