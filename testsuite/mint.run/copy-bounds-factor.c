/* Subscripts that take a loop variable times a factor, at every point:
   a multigrid restriction's f[2 * y][2 * x] and f[2 * y + 1][2 * x + 1],
   a mirror u[NY - 1 - y][x] and u[n - 1 - y][x] with n held in a
   variable, rows 2 * y + ng with ghost layers ng wide, and rows 3 * y of
   a loop of step 2.  The launch took such an axis for any index, and a
   copy a row short ran, the kernel reading outside it: now each stops
   the program at the launch, and a whole copy computes what the loops
   do.  A prolongation's fine[2 * i + 1] (a 1-D array, flat, whose
   subscript the launch checked before) is the same for 1-D grids; a 1-D
   array of fixed size read as rows, rows[(y + 1) * NX + x] (helper H2
   of round 85), took its one axis for any index too, where a pointer
   passed the same way got a flat array's checks.  A prolongation by
   injection, c[y / 2][x >> 1] (helper H2), the same with a quotient.
   Built without the plugin every copy runs to the end.  An array read
   in five forms along y, one more than a footprint holds (u[y], u[y +
   ng], u[2 * y], u[ny - y], u[ng + ny]), had the fifth folded into the
   first, whose axis then took any index: a copy of 22 rows, where the
   loops read row 22, ran on the device with rows it did not copy.  Now
   the kernel checks those accesses as it runs: the program stops on a
   GPU, and runs the loops on the host.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 16
#define NY 12
#define CX (NX / 2)
#define CY (NY / 2)

static double f[2 * NY][NX], c[2][CY][CX], u[NY][NX], v[2][NY][NX];
static double line[2][2 * NX + 1], coarse[NX + 1], rows[NX * NY];

static void
restrict_mint (double (*c)[CX], int rows)
{
#pragma mint copy(f, toDevice, NX, rows)
#pragma mint copy(c, toDevice, CX, CY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < CY; y++)
      for (int x = 0; x < CX; x++)
        c[y][x] = 0.25 * (f[2 * y][2 * x] + f[2 * y + 1][2 * x]
                          + f[2 * y][2 * x + 1] + f[2 * y + 1][2 * x + 1]);
  }
#pragma mint copy(c, fromDevice, CX, CY)
}

static void
prolong_mint (double *fine, int elements)
{
#pragma mint copy(coarse, toDevice, NX + 1)
#pragma mint copy(fine, toDevice, elements)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < NX; i++)
      fine[2 * i + 1] = 0.5 * (coarse[i] + coarse[i + 1]);
  }
#pragma mint copy(fine, fromDevice, elements)
}

static void
mirror_mint (double (*v)[NX], int rows)
{
#pragma mint copy(u, toDevice, NX, rows)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < NY / 2; y++)
      for (int x = 0; x < NX; x++)
        v[y][x] = u[NY - 1 - y][x] - u[y][x];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
mirror_n_mint (double (*v)[NX], int n, int rows)
{
#pragma mint copy(u, toDevice, NX, rows)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < NX; x++)
        v[y][x] = u[n - 1 - y][x];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
ghost_mint (double (*c)[CX], int ng, int rows)
{
#pragma mint copy(f, toDevice, NX, rows)
#pragma mint copy(c, toDevice, CX, CY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < CY - ng; y++)
      for (int x = 0; x < CX; x++)
        c[y][x] = f[2 * y + ng][x] + f[2 * y + ng + 1][x];
  }
#pragma mint copy(c, fromDevice, CX, CY)
}

static void
stride_mint (double (*v)[NX], int rows)
{
#pragma mint copy(f, toDevice, NX, rows)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < NY / 2; y += 2)
      for (int x = 0; x < NX; x++)
        v[y][x] = f[3 * y][x] + f[3 * y + 2][x];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
rows_mint (double (*v)[NX], int elements)
{
#pragma mint copy(rows, toDevice, elements)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < NY - 1; y++)
      for (int x = 0; x < NX; x++)
        v[y][x] = rows[(y + 1) * NX + x] - rows[y * NX + x];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
inject_mint (double (*v)[NX], double (*c)[CX], int rows)
{
#pragma mint copy(c, toDevice, CX, rows)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        v[y][x] = c[y / 2][x >> 1];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
five_forms_mint (double (*v)[NX], int ng, int ny, int rows)
{
#pragma mint copy(f, toDevice, NX, rows)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < NY / 2 - 2; y++)
      for (int x = 0; x < NX; x++)
        v[y][x] = f[y][x] + f[y + ng][x] + f[2 * y][x] + f[ny - y][x]
                  + f[ng + ny][x];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
five_forms_short (void *arg)
{
  (void) arg;
  five_forms_mint (v[0], 2, NY + 8, NY + 10);
}

static void
short_copy (void *arg)
{
  int which = *(int *) arg;
  if (which == 0)
    restrict_mint (c[0], 2 * CY - 1);
  else if (which == 1)
    prolong_mint (line[0], 2 * NX - 1);
  else if (which == 2)
    mirror_mint (v[0], NY - 1);
  else if (which == 3)
    mirror_n_mint (v[0], NY, NY - 1);
  else if (which == 4)
    ghost_mint (c[0], 1, 2 * CY - 2);
  else if (which == 5)
    stride_mint (v[0], 3 * 4 + 2);
  else if (which == 6)
    rows_mint (v[0], NX * (NY - 1));
  else
    inject_mint (v[0], c[0], CY - 1);
}

int
main (void)
{
  const char *more = "copy every element the loops use";
  int status = 0;
  for (int which = 0; which < 8; which++)
    {
      static const char *what[] = { "restriction f[2 * y + 1], a row short",
                                    "prolongation fine[2 * i + 1], "
                                    "an element short",
                                    "mirror u[NY - 1 - y], a row short",
                                    "mirror u[n - 1 - y], a row short",
                                    "rows 2 * y + ng + 1, a row short",
                                    "rows 3 * y + 2 of step 2, a row short",
                                    "1-D rows[(y + 1) * NX + x], "
                                    "a row short",
                                    "injection c[y / 2][x >> 1], "
                                    "a row short" };
      status |= test_stops (what[which], short_copy, &which, "kernel ",
                            more);
    }
  status |= test_stops_on_device ("five forms, a row short",
                                  five_forms_short, NULL,
                                  "in an access the launch could not check",
                                  more);

  fill (&f[0][0], NX, 2 * NY, 1, 1);
  fill (&u[0][0], NX, NY, 1, 2);
  fill (coarse, NX + 1, 1, 1, 3);
  fill (rows, NX * NY, 1, 1, 4);
  double err = 0;
  restrict_mint (c[0], 2 * CY);
  for (int y = 0; y < CY; y++)
    for (int x = 0; x < CX; x++)
      c[1][y][x] = 0.25 * (f[2 * y][2 * x] + f[2 * y + 1][2 * x]
                           + f[2 * y][2 * x + 1] + f[2 * y + 1][2 * x + 1]);
  err = fmax (err, max_error (&c[0][0][0], &c[1][0][0], CX * CY));
  prolong_mint (line[0], 2 * NX + 1);
  for (int i = 0; i < NX; i++)
    line[1][2 * i + 1] = 0.5 * (coarse[i] + coarse[i + 1]);
  err = fmax (err, max_error (line[0], line[1], 2 * NX + 1));
  mirror_mint (v[0], NY);
  for (int y = 0; y < NY / 2; y++)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = u[NY - 1 - y][x] - u[y][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  mirror_n_mint (v[0], NY, NY);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = u[NY - 1 - y][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  ghost_mint (c[0], 1, 2 * CY - 1);
  for (int y = 0; y < CY - 1; y++)
    for (int x = 0; x < CX; x++)
      c[1][y][x] = f[2 * y + 1][x] + f[2 * y + 2][x];
  err = fmax (err, max_error (&c[0][0][0], &c[1][0][0], CX * CY));
  stride_mint (v[0], 3 * 4 + 3);
  for (int y = 0; y < NY / 2; y += 2)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = f[3 * y][x] + f[3 * y + 2][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  inject_mint (v[0], c[0], CY);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = c[0][y / 2][x >> 1];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  rows_mint (v[0], NX * NY);
  for (int y = 0; y < NY - 1; y++)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = rows[(y + 1) * NX + x] - rows[y * NX + x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  five_forms_mint (v[0], 2, NY + 8, 2 * NY);
  for (int y = 0; y < NY / 2 - 2; y++)
    for (int x = 0; x < NX; x++)
      v[1][y][x] = f[y][x] + f[y + 2][x] + f[2 * y][x] + f[NY + 8 - y][x]
                   + f[NY + 10][x];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], NX * NY));
  return status | test_report ("whole copies", err, TOL_DOUBLE);
}
