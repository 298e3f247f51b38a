/* A sixth-order Jacobi relaxation as a solver writes it, against the same
   loops in plain C: flat grids indexed through a macro, the sizes and
   coefficients in a structure, relaxed until the largest change
   (reduction(max) every CHECK sweeps) drops below a tolerance.  Its
   update reads u at a star of radius 3, so its autotuned variants
   include the walk through a ring of shared planes; the grids have rows
   of even length (the ring's 16-byte copies, blocks inside and at every
   edge) and of odd length (every block's copy checked).
   Usage: solver-high-order-flat [NX NY NZ]  (default 70 40 45, and 69 37
   23 after it).  */
/* { dg-do run } */
/* The strides are p->nx and p->nx * p->ny, the bounds the locals copied
   from them, which -Wmint-dependence takes equal: no warning.  */
/* { dg-options "-Wall" } */
#include "mint-test.h"

#define H 3                     /* ghost planes, the star's radius */
#define CHECK 4

struct problem
{
  int nx, ny, nz;               /* points a side, ghosts included */
  double c0, c1, c2, c3;        /* the operator's weights by distance */
  double omega;                 /* relaxation */
};

#define IDX(p, x, y, z) (((long) (z) * (p)->ny + (y)) * (p)->nx + (x))
#define ARM(u, c, q, row, plane)                                         \
  (u[(c) - (q)] + u[(c) + (q)] + u[(c) - (q) * (row)]                    \
   + u[(c) + (q) * (row)] + u[(c) - (q) * (plane)] + u[(c) + (q) * (plane)])
#define RELAX(p, u, f, c, row, plane)                                    \
  ((1 - (p)->omega) * u[c]                                               \
   + (p)->omega * ((p)->c1 * ARM (u, c, 1, row, plane)                    \
                   + (p)->c2 * ARM (u, c, 2, row, plane)                  \
                   + (p)->c3 * ARM (u, c, 3, row, plane) - f[c])          \
     / (p)->c0)

/* The loops of a relaxation, PRAGMA before each nest (mint-test.h).  */
#define RELAXATION(PRAGMA)                                               \
  while (change > tol && sweeps < max)                                   \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int z = H; z < nz - H; z++)                                   \
        for (int y = H; y < ny - H; y++)                                 \
          for (int x = H; x < nx - H; x++)                               \
            {                                                            \
              long c = IDX (p, x, y, z);                                 \
              v[c] = RELAX (p, u, f, c, p->nx, (long) p->nx * p->ny);   \
            }                                                            \
      sweeps++;                                                          \
      if (sweeps % CHECK == 0)                                           \
        {                                                                \
          change = 0.0;                                                  \
          PRAGMA (for nest(all) reduction(max:change))                   \
          for (int z = H; z < nz - H; z++)                               \
            for (int y = H; y < ny - H; y++)                             \
              for (int x = H; x < nx - H; x++)                           \
                change = fmax (change, fabs (v[IDX (p, x, y, z)]         \
                                             - u[IDX (p, x, y, z)]));    \
        }                                                                \
      PRAGMA (single)                                                    \
      {                                                                  \
        double *t = u;                                                   \
        u = v;                                                           \
        v = t;                                                           \
      }                                                                  \
    }

static int
relax_mint (const struct problem *p, double *u, double *v, const double *f,
            double tol, int max)
{
  int nx = p->nx, ny = p->ny, nz = p->nz, sweeps = 0;
  long n = (long) nx * ny * nz;
  double change = INFINITY;
  (void) n;                     /* without the plugin */
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint parallel
  {
    RELAXATION (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
  return sweeps;
}

static int
relax_cpu (const struct problem *p, double *u, double *v, const double *f,
           double tol, int max)
{
  int nx = p->nx, ny = p->ny, nz = p->nz, sweeps = 0;
  double change = INFINITY;
  RELAXATION (NO_PRAGMA)
  return sweeps;
}

static int
check (int nx, int ny, int nz)
{
  struct problem p = { nx, ny, nz, 6 * 49.0 / 18, 1.5, -0.15, 1.0 / 90,
                       0.8 };
  long n = (long) nx * ny * nz;
  /* u and v for mint, then for plain C; f.  */
  double *g[5];
  for (int a = 0; a < 5; a++)
    {
      g[a] = test_xmalloc (n * sizeof (double));
      fill (g[a], nx, ny, nz, a < 4 ? 1 : 2);
    }
  int sweeps = relax_mint (&p, g[0], g[1], g[4], 1e-3, 40);
  int want = relax_cpu (&p, g[2], g[3], g[4], 1e-3, 40);
  char what[64];
  snprintf (what, sizeof what, "sixth-order relaxation %dx%dx%d", nx, ny,
            nz);
  int status = test_report_sweeps (what, sweeps, want,
                                   max_error (g[0], g[2], n), TOL_DOUBLE);
  for (int a = 0; a < 5; a++)
    free (g[a]);
  return status;
}

int
main (int argc, char **argv)
{
  int n[3] = { 70, 40, 45 };
  test_size_args (argc, argv, 3, n);
  int status = check (n[0], n[1], n[2]);
  if (argc == 1)
    status |= check (69, 37, 23);
  return status;
}
