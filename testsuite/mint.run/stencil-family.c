/* Members of the benchmark's stencil family (bench/family/) that no other
   test runs, autotuned, against the same loops on the CPU: a 3-D box of
   radius 1 with a coefficient per point (its candidates include two rows
   a thread), a 125-point box (read at more offsets than level 3 keeps),
   a 2-D box of radius 2, 1-D stars of radius 1 and 2, and a 2-D FDTD
   step of four nests over three fields.  */
/* { dg-do run } */
#include "mint-test.h"

#define N3 30                   /* 3-D points a side, halo included */
#define N2 200
#define N1 5000
#define STEPS 14                /* enough for the tuner to time each variant */

/* A distinct coefficient per offset, summing to about 1/2.  */
#define W(dz, dy, dx, points) \
  ((0.5 + 0.001 * ((dz) * 25 + (dy) * 5 + (dx))) / (points))
#define T3(dz, dy, dx, pts) (W (dz, dy, dx, pts) * u[z + dz][y + dy][x + dx])
#define ROW1(dz, dy) (T3 (dz, dy, -1, 27) + T3 (dz, dy, 0, 27) + T3 (dz, dy, 1, 27))
#define PLANE1(dz) (ROW1 (dz, -1) + ROW1 (dz, 0) + ROW1 (dz, 1))
#define ROW2(dz, dy) (T3 (dz, dy, -2, 125) + T3 (dz, dy, -1, 125)               \
                      + T3 (dz, dy, 0, 125) + T3 (dz, dy, 1, 125)               \
                      + T3 (dz, dy, 2, 125))
#define PLANE2(dz) (ROW2 (dz, -2) + ROW2 (dz, -1) + ROW2 (dz, 0)             \
                    + ROW2 (dz, 1) + ROW2 (dz, 2))
#define T2(dy, dx) (W (0, dy, dx, 25) * a[y + dy][x + dx])
#define ROW2D(dy) (T2 (dy, -2) + T2 (dy, -1) + T2 (dy, 0) + T2 (dy, 1)     \
                   + T2 (dy, 2))

/* STEPS (PRAGMA) expands to the time steps, PRAGMA (...) before each
   nest and the swaps.  */
#define STEPPED(PRAGMA)                                                   \
  for (int t = 0; t < STEPS; t++)                                         \
    {                                                                     \
      PRAGMA (for nest(all))                                              \
      for (int z = 1; z < N3 - 1; z++)                                    \
        for (int y = 1; y < N3 - 1; y++)                                  \
          for (int x = 1; x < N3 - 1; x++)                                \
            v[z][y][x] = PLANE1 (-1) + PLANE1 (0) + PLANE1 (1);           \
      PRAGMA (for nest(all))                                              \
      for (int z = 2; z < N3 - 2; z++)                                    \
        for (int y = 2; y < N3 - 2; y++)                                  \
          for (int x = 2; x < N3 - 2; x++)                                \
            w[z][y][x] = PLANE2 (-2) + PLANE2 (-1) + PLANE2 (0)           \
                         + PLANE2 (1) + PLANE2 (2);                       \
      PRAGMA (for nest(all))                                              \
      for (int y = 2; y < N2 - 2; y++)                                    \
        for (int x = 2; x < N2 - 2; x++)                                  \
          b[y][x] = ROW2D (-2) + ROW2D (-1) + ROW2D (0) + ROW2D (1)       \
                    + ROW2D (2);                                          \
      PRAGMA (for)                                                        \
      for (int x = 2; x < N1 - 2; x++)                                    \
        {                                                                 \
          q[x] = 0.25 * p[x - 1] + 0.5 * p[x] + 0.125 * p[x + 1];         \
          r[x] = 0.1 * p[x - 2] + 0.2 * p[x - 1] + 0.3 * p[x]             \
                 + 0.2 * p[x + 1] + 0.1 * p[x + 2];                       \
        }                                                                 \
      PRAGMA (for)                                                        \
      for (int x = 1; x < N2 - 1; x++)                                    \
        ey[0][x] = 0.001 * t;                                             \
      PRAGMA (for nest(all))                                              \
      for (int y = 1; y < N2; y++)                                        \
        for (int x = 0; x < N2; x++)                                      \
          ey[y][x] = ey[y][x] - 0.5 * (hz[y][x] - hz[y - 1][x]);          \
      PRAGMA (for nest(all))                                              \
      for (int y = 0; y < N2; y++)                                        \
        for (int x = 1; x < N2; x++)                                      \
          ex[y][x] = ex[y][x] - 0.5 * (hz[y][x] - hz[y][x - 1]);          \
      PRAGMA (for nest(all))                                              \
      for (int y = 0; y < N2 - 1; y++)                                    \
        for (int x = 0; x < N2 - 1; x++)                                  \
          hz[y][x] = hz[y][x] - 0.7 * (ex[y][x + 1] - ex[y][x]            \
                                       + ey[y + 1][x] - ey[y][x]);        \
      PRAGMA (single)                                                     \
      {                                                                   \
        double (*t3)[N3][N3] = u;                                         \
        u = v;                                                            \
        v = t3;                                                           \
        double (*t2)[N2] = a;                                             \
        a = b;                                                            \
        b = t2;                                                           \
        double *t1 = p;                                                   \
        p = q;                                                            \
        q = t1;                                                           \
      }                                                                   \
    }

typedef double g3[N3][N3];
typedef double g2[N2];

struct fields
{
  g3 *u, *v, *w;
  g2 *a, *b, *ex, *ey, *hz;
  double *p, *q, *r;
};

static void
family_mint (struct fields *f)
{
  g3 *u = f->u, *v = f->v, *w = f->w;
  g2 *a = f->a, *b = f->b, *ex = f->ex, *ey = f->ey, *hz = f->hz;
  double *p = f->p, *q = f->q, *r = f->r;
#pragma mint copy(u, toDevice, N3, N3, N3)
#pragma mint copy(v, toDevice, N3, N3, N3)
#pragma mint copy(w, toDevice, N3, N3, N3)
#pragma mint copy(a, toDevice, N2, N2)
#pragma mint copy(b, toDevice, N2, N2)
#pragma mint copy(ex, toDevice, N2, N2)
#pragma mint copy(ey, toDevice, N2, N2)
#pragma mint copy(hz, toDevice, N2, N2)
#pragma mint copy(p, toDevice, N1)
#pragma mint copy(q, toDevice, N1)
#pragma mint copy(r, toDevice, N1)
#pragma mint parallel
  {
    STEPPED (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, N3, N3, N3)
#pragma mint copy(w, fromDevice, N3, N3, N3)
#pragma mint copy(a, fromDevice, N2, N2)
#pragma mint copy(hz, fromDevice, N2, N2)
#pragma mint copy(p, fromDevice, N1)
#pragma mint copy(r, fromDevice, N1)
  f->u = u;
  f->a = a;
  f->p = p;
}

static void
family_cpu (struct fields *f)
{
  g3 *u = f->u, *v = f->v, *w = f->w;
  g2 *a = f->a, *b = f->b, *ex = f->ex, *ey = f->ey, *hz = f->hz;
  double *p = f->p, *q = f->q, *r = f->r;
  STEPPED (NO_PRAGMA)
  f->u = u;
  f->a = a;
  f->p = p;
}

/* F's arrays, filled with the test data (seed SEED and up).  */
static void
fields_new (struct fields *f, int seed)
{
  size_t n3 = sizeof (g3) * N3, n2 = sizeof (g2) * N2;
  f->u = test_xmalloc (n3);
  f->v = test_xmalloc (n3);
  f->w = test_xmalloc (n3);
  f->a = test_xmalloc (n2);
  f->b = test_xmalloc (n2);
  f->ex = test_xmalloc (n2);
  f->ey = test_xmalloc (n2);
  f->hz = test_xmalloc (n2);
  f->p = test_xmalloc (sizeof (double) * N1);
  f->q = test_xmalloc (sizeof (double) * N1);
  f->r = test_xmalloc (sizeof (double) * N1);
  fill (&f->u[0][0][0], N3, N3, N3, seed);
  fill (&f->v[0][0][0], N3, N3, N3, seed + 1);
  fill (&f->w[0][0][0], N3, N3, N3, seed + 2);
  fill (&f->a[0][0], N2, N2, 1, seed + 3);
  fill (&f->b[0][0], N2, N2, 1, seed + 4);
  fill (&f->ex[0][0], N2, N2, 1, seed + 5);
  fill (&f->ey[0][0], N2, N2, 1, seed + 6);
  fill (&f->hz[0][0], N2, N2, 1, seed + 7);
  fill (f->p, N1, 1, 1, seed + 8);
  fill (f->q, N1, 1, 1, seed + 9);
  fill (f->r, N1, 1, 1, seed + 10);
}

int
main (void)
{
  struct fields m, c;
  fields_new (&m, 1);
  fields_new (&c, 1);
  family_mint (&m);
  family_cpu (&c);
  int bad = 0;
  bad |= test_report ("27-point box", max_error (&m.u[0][0][0], &c.u[0][0][0], N3 * N3 * N3), TOL_DOUBLE);
  bad |= test_report ("125-point box", max_error (&m.w[0][0][0], &c.w[0][0][0], N3 * N3 * N3), TOL_DOUBLE);
  bad |= test_report ("2-D 25-point box", max_error (&m.a[0][0], &c.a[0][0], N2 * N2), TOL_DOUBLE);
  bad |= test_report ("1-D 3-point", max_error (m.p, c.p, N1), TOL_DOUBLE);
  bad |= test_report ("1-D 5-point", max_error (m.r, c.r, N1), TOL_DOUBLE);
  bad |= test_report ("FDTD", max_error (&m.hz[0][0], &c.hz[0][0], N2 * N2), TOL_DOUBLE);
  return bad;
}
