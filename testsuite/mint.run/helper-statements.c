/* Functions of the program called in loop bodies whose bodies are more
   than one return: if/else chains that return (a flux limiter, a clamp),
   locals assigned in the arms of an if (an upwind choice), compound
   assignments and ++ on locals and parameters, a parameter assigned on
   one arm only, isnan of an expression (also in a compound assignment,
   which the front end saves first), a periodic index function whose
   wrap is an if (used in subscripts), a local declared inside an arm,
   nested blocks, a helper with statements calling another (also in
   compound assignments, `e += sq (b)'), a math function's value
   computed before an if and used in arithmetic in one arm (exp's, which
   may set errno), a parameter cast to void (which silences
   -Wunused-parameter), and an integer grid.  Each call becomes one expression of selects, in the
   kernel and in the host loops.  */
/* { dg-do run } */
#include "mint-test.h"

static double
limiter (double r)
{
  if (r <= 0)
    return 0;
  if (r < 1)
    return r;
  return 1;
}

static inline double
upwind (double v, double l, double c, double r)
{
  double d;
  if (v > 0)
    d = c - l;
  else
    {
      d = r - c;
      v = -v;
    }
  return v * d;
}

static int
wrap (int i, int n)
{
  int k = i;
  k += 1;
  k--;
  if (k < 0)
    k += n;
  else if (k >= n)
    k -= n;
  return k;
}

static double
classify (double a, double b)
{
  if (a > b)
    {
      double gap = a - b;
      if (gap > 0.5)
        return gap * gap;
      return gap;
    }
  else if (a == b)
    return -1;
  {
    double s = a + b;
    s *= isnan (s - a) || s - a < 0.5 ? 0.5 : 0.25;
    return limiter (s) - upwind (a, b, s, a);
  }
}

/* A parameter assigned on one arm only; isnan of an expression (which C
   evaluates once, saved).  */
static double
reflect (double v, double lo)
{
  if (v < lo)
    v = 2 * lo - v;
  else if (isnan (v - lo))
    return lo;
  return v;
}

static double
sq (double v)
{
  return v * v;
}

/* Compound assignments of another helper's value, which the front end
   saves first (SAVE_EXPR <sq (b)>, e = e + SAVE_EXPR <sq (b)>).  */
static double
energy (double a, double b)
{
  double e = 0.5 * a;
  e += sq (b);
  e *= 1.0 + 0.01 * sq (a - b);
  return e;
}

/* The call comes before the if, whatever the branch: its value in the
   arm's arithmetic is a select's operand.  */
static double
expm1_guarded (double x)
{
  double e = exp (x);
  if (x > 0)
    return 1 - x / 2;
  return e - 1;
}

static int
steps (int v, int unused)
{
  (void) unused;
  int c = 0;
  if (v & 1)
    c++;
  if (v & 2)
    c += 2;
  if (v & 4)
    {
      c <<= 1;
      ++c;
    }
  return c;
}

#define BODY(u, v, w, k, nx, ny, y, x)                                     \
  do                                                                       \
    {                                                                      \
      double ratio = (u[y][x] - u[y][x - 1]) / (u[y][x + 1] - u[y][x] + 1e-3); \
      v[y][x] = u[y][x] - 0.1 * limiter (ratio)                            \
                * upwind (u[y][x] - 0.5, u[y][x - 1], u[y][x], u[y][x + 1]) \
                + 0.01 * u[wrap (y - 2, ny)][wrap (x + 3, nx)]             \
                + 0.001 * classify (u[y - 1][x], u[y + 1][x])              \
                + reflect (u[y][x], u[y][x + 1])                           \
                + 0.001 * energy (u[y][x], u[y - 1][x])                    \
                + 0.01 * expm1_guarded (u[y][x] - u[y][x + 1]);            \
      w[y][x] = steps (k[y][x], x) + k[wrap (y + 2, ny)][x];               \
    }                                                                      \
  while (0)

static void
step_mint (int nx, int ny, double (*u)[nx], double (*v)[nx], int (*w)[nx],
           int (*k)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint copy(k, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        BODY (u, v, w, k, nx, ny, y, x);
  }
#pragma mint copy(v, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny)
}

int
main (int argc, char **argv)
{
  int n[2] = { 83, 37 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  double (*u)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*v)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*vref)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  int (*w)[nx] = test_xmalloc (sizeof (int[ny][nx]));
  int (*wref)[nx] = test_xmalloc (sizeof (int[ny][nx]));
  int (*k)[nx] = test_xmalloc (sizeof (int[ny][nx]));
  fill (&u[0][0], nx, ny, 1, 1);
  fill (&v[0][0], nx, ny, 1, 2);
  fill (&vref[0][0], nx, ny, 1, 2);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      {
        k[y][x] = (x * 7 + y * 3) % 11;
        w[y][x] = wref[y][x] = -1;
        if ((x + y) % 9 == 0)
          u[y][x] = u[y][x - (x > 0)];  /* equal neighbours: a == b */
      }

  step_mint (nx, ny, u, v, w, k);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      BODY (u, vref, wref, k, nx, ny, y, x);

  int status = test_report ("helpers with statements",
                            max_error (&v[0][0], &vref[0][0], nx * ny),
                            TOL_DOUBLE);
  status |= test_report ("integer helpers",
                         max_error (&w[0][0], &wref[0][0], nx * ny),
                         TOL_EXACT);
  free (u);
  free (v);
  free (vref);
  free (w);
  free (wref);
  free (k);
  return status;
}
