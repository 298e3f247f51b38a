/* Sweeps whose parallel loop starts where the outer loops say, stepping
   over the points of one colour, as red-black solvers are written:
   `for (x = 1 + (y + c) % 2; x < nx - 1; x += 2)' over a flat grid with
   an index macro, `1 + ((y + z + p->color) & 1)' in 3-D with the colour
   in a structure, `2 - (y + c) % 2', three colours stepping by 3, a start
   that steps by 2 from 1 + a residue modulo 4, loop variables of types
   long and unsigned (GCC computes their starts in other types), and a y
   loop whose start depends on z (the x loop inside it over the whole
   row).  Each sweep is
   checked against the same loops in plain C; no point of a colour reads
   another of it, so the order of the points does not matter.
   Usage: solver-red-black-start [NX NY NZ]  (default 37 29 13).  */
/* { dg-do run } */
/* Some sweeps' starts and loop types (unsigned, long) give the
   dependence analysis no bound of a row: -Wmint-dependence cannot prove
   them apart (each sweep's answer is checked below).  */
/* { dg-options "-Wall -fplugin-arg-mint-Wno-dependence" } */
#include "mint-test.h"

struct colour
{
  int color;
  double omega;
};

#define U2(y, x) u[(size_t) (y) * nx + (x)]
#define F2(y, x) f[(size_t) (y) * nx + (x)]
#define RELAX2(y, x)                                                       \
  U2 (y, x) += 0.9 * (0.25 * (U2 (y, x - 1) + U2 (y, x + 1) + U2 (y - 1, x)  \
                              + U2 (y + 1, x) - F2 (y, x)) - U2 (y, x))

/* Red-black over a flat grid: START (y, c) is the row's first point of
   colour C, STEP the distance between its points; Y and X are the types
   of the loop variables.  */
#define FLAT_SWEEPS(START, STEP, COLOURS, Y, X, NEST_PRAGMA)               \
  for (int it = 0; it < 6; it++)                                           \
    for (int c = 0; c < COLOURS; c++)                                      \
      {                                                                    \
        NEST_PRAGMA                                                        \
        for (Y y = 1; y < ny - 1; y++)                                     \
          for (X x = START; x < nx - 1; x += STEP)                         \
            RELAX2 (y, x);                                                 \
      }

#define START_MOD(y, c) 1 + ((y) + (c)) % 2
#define START_SUB(y, c) 2 - ((y) + (c)) % 2
#define START_THREE(y, c) 1 + ((y) + (c)) % 3
#define START_FOUR(y, c) 1 + ((y) + (c)) % 4

/* The flat sweeps KIND on the device and in plain C.  */
#define FLAT_CASE(KIND, START, STEP, COLOURS, Y, X)                        \
  static void                                                              \
  flat_##KIND##_mint (int nx, int ny, double *u, double *f)                \
  {                                                                        \
    _Pragma ("mint copy(u, toDevice, nx, ny)")                            \
    _Pragma ("mint copy(f, toDevice, nx, ny)")                            \
    _Pragma ("mint parallel")                                             \
    {                                                                      \
      FLAT_SWEEPS (START (y, c), STEP, COLOURS, Y, X,                      \
                   _Pragma ("mint for nest(all) nowait"))                 \
    }                                                                      \
    _Pragma ("mint copy(u, fromDevice, nx, ny)")                          \
  }                                                                        \
                                                                           \
  static void                                                              \
  flat_##KIND##_cpu (int nx, int ny, double *u, double *f)                 \
  {                                                                        \
    FLAT_SWEEPS (START (y, c), STEP, COLOURS, Y, X, )                      \
  }

FLAT_CASE (mod, START_MOD, 2, 2, int, int)
FLAT_CASE (sub, START_SUB, 2, 2, int, int)
FLAT_CASE (three, START_THREE, 3, 3, int, int)
FLAT_CASE (four, START_FOUR, 2, 2, int, int)
/* GCC computes these starts in other types than the loop variable's.  */
FLAT_CASE (long_y, START_MOD, 2, 2, long, int)
FLAT_CASE (long_x, START_MOD, 2, 2, int, long)
FLAT_CASE (unsigned_y, START_MOD, 2, 2, unsigned, int)
FLAT_CASE (unsigned_three, START_THREE, 3, 3, unsigned, unsigned)

#define RELAX3(u, f, z, y, x)                                              \
  u[z][y][x] += p->omega * ((u[z][y][x - 1] + u[z][y][x + 1]               \
                             + u[z][y - 1][x] + u[z][y + 1][x]             \
                             + u[z - 1][y][x] + u[z + 1][y][x]             \
                             - f[z][y][x]) / 6.0 - u[z][y][x])

#define VLA_SWEEPS(NEST_PRAGMA)                                            \
  for (int it = 0; it < 5; it++)                                           \
    for (p->color = 0; p->color < 2; p->color++)                           \
      {                                                                    \
        NEST_PRAGMA                                                        \
        for (int z = 1; z < nz - 1; z++)                                   \
          for (int y = 1; y < ny - 1; y++)                                 \
            for (int x = 1 + ((y + z + p->color) & 1); x < nx - 1; x += 2) \
              RELAX3 (u, f, z, y, x);                                      \
      }

static void
vla_mint (int nx, int ny, int nz, double (*u)[ny][nx], double (*f)[ny][nx],
          struct colour *p)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(f, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    VLA_SWEEPS (_Pragma ("mint for nest(all)"))
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
}

static void
vla_cpu (int nx, int ny, int nz, double (*u)[ny][nx], double (*f)[ny][nx],
         struct colour *p)
{
  VLA_SWEEPS ()
}

/* v gets the points of rows of one colour per plane; its other rows keep
   their values.  */
#define ROWS(NEST_PRAGMA)                                                  \
  for (int c = 0; c < 2; c++)                                              \
    {                                                                      \
      NEST_PRAGMA                                                          \
      for (int z = 1; z < nz - 1; z++)                                     \
        for (int y = 1 + (z + c) % 2; y < ny - 1; y += 2)                  \
          for (int x = 1; x < nx - 1; x++)                                 \
            v[z][y][x] = (c + 1) * (u[z][y][x - 1] + u[z][y - 1][x]        \
                                    + u[z - 1][y][x]);                     \
    }

static void
rows_mint (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    ROWS (_Pragma ("mint for nest(all)"))
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

static void
rows_cpu (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
  ROWS ()
}

int
main (int argc, char **argv)
{
  int nx = argc > 3 ? atoi (argv[1]) : 37;
  int ny = argc > 3 ? atoi (argv[2]) : 29;
  int nz = argc > 3 ? atoi (argv[3]) : 13;
  size_t n2 = (size_t) nx * ny, n3 = n2 * nz;
  double *g[6];
  for (int k = 0; k < 6; k++)
    g[k] = test_xmalloc (n3 * sizeof (double));
  int status = 0;

  static const struct
  {
    const char *what;
    void (*mint) (int, int, double *, double *);
    void (*cpu) (int, int, double *, double *);
  } flat[] = {
    { "1 + (y + c) % 2", flat_mod_mint, flat_mod_cpu },
    { "2 - (y + c) % 2", flat_sub_mint, flat_sub_cpu },
    { "1 + (y + c) % 3, step 3", flat_three_mint, flat_three_cpu },
    { "1 + (y + c) % 4, step 2", flat_four_mint, flat_four_cpu },
    { "1 + (y + c) % 2, long y", flat_long_y_mint, flat_long_y_cpu },
    { "1 + (y + c) % 2, long x", flat_long_x_mint, flat_long_x_cpu },
    { "1 + (y + c) % 2, unsigned y",
      flat_unsigned_y_mint, flat_unsigned_y_cpu },
    { "1 + (y + c) % 3, step 3, unsigned y and x",
      flat_unsigned_three_mint, flat_unsigned_three_cpu },
  };
  for (size_t i = 0; i < sizeof flat / sizeof flat[0]; i++)
    {
      fill (g[0], nx, ny, 1, 1);
      fill (g[1], nx, ny, 1, 1);
      fill (g[2], nx, ny, 1, 2);
      flat[i].mint (nx, ny, g[0], g[2]);
      flat[i].cpu (nx, ny, g[1], g[2]);
      status |= test_report (flat[i].what, max_error (g[0], g[1], n2),
                             TOL_DOUBLE);
    }

  struct colour p = { 0, 1.3 };
  fill (g[0], nx, ny, nz, 3);
  fill (g[1], nx, ny, nz, 3);
  fill (g[2], nx, ny, nz, 4);
  vla_mint (nx, ny, nz, (double (*)[ny][nx]) g[0], (double (*)[ny][nx]) g[2],
            &p);
  vla_cpu (nx, ny, nz, (double (*)[ny][nx]) g[1], (double (*)[ny][nx]) g[2],
           &p);
  status |= test_report ("3-D, 1 + ((y + z + p->color) & 1)",
                         max_error (g[0], g[1], n3), TOL_DOUBLE);

  fill (g[3], nx, ny, nz, 5);
  fill (g[4], nx, ny, nz, 6);
  fill (g[5], nx, ny, nz, 6);
  rows_mint (nx, ny, nz, (double (*)[ny][nx]) g[3], (double (*)[ny][nx]) g[4]);
  rows_cpu (nx, ny, nz, (double (*)[ny][nx]) g[3], (double (*)[ny][nx]) g[5]);
  status |= test_report ("rows of y from 1 + (z + c) % 2",
                         max_error (g[4], g[5], n3), TOL_DOUBLE);

  for (int k = 0; k < 6; k++)
    free (g[k]);
  return status;
}
