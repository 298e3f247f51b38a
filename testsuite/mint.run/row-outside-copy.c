/* A first subscript that the host computes selects the row u[m] of a 2-D
   array or the plane v[m] of a 3-D one, which the kernel indexes as an
   array of its own; where it selects one outside the array's copy (m
   past the rows or planes copied), libmintrt stops the launch, with or
   without a GPU, with a message that calls u[m] a row and v[m] a plane.
   Inside the copy, the nests compute what the loops do.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 24
#define NY 12
#define NZ 5

static double u[NY + 1][NX], w[NY][NX];
static double v[NZ + 1][NY][NX], w3[NZ][NY][NX];

static void
row_mint (int m)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(w, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        w[y][x] = u[m][x] + y;
  }
#pragma mint copy(w, fromDevice, NX, NY)
}

static void
plane_mint (int m)
{
#pragma mint copy(v, toDevice, NX, NY, NZ)
#pragma mint copy(w3, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(3)
    for (int z = 0; z < NZ; z++)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
          w3[z][y][x] = v[m][y][x] + z;
  }
#pragma mint copy(w3, fromDevice, NX, NY, NZ)
}

static void
row_past_copy (void *arg)
{
  (void) arg;
  row_mint (NY);
}

static void
plane_past_copy (void *arg)
{
  (void) arg;
  plane_mint (NZ);
}

int
main (void)
{
  fill (&u[0][0], NX, NY + 1, 1, 1);
  fill (&v[0][0][0], NX, NY, NZ + 1, 2);

  /* First, before this process uses the device: the driver does not
     survive the fork of test_stops.  */
  int status = test_stops ("a row past the copy", row_past_copy, NULL,
                           "uses the row u[m] (host address ",
                           "its first subscript selects a row outside the "
                           "array's copy");
  status |= test_stops ("a plane past the copy", plane_past_copy, NULL,
                        "uses the plane v[m] (host address ",
                        "its first subscript selects a plane outside the "
                        "array's copy");

  static double wref[NY][NX], w3ref[NZ][NY][NX];
  row_mint (NY - 1);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      wref[y][x] = u[NY - 1][x] + y;
  status |= test_report ("the last row copied",
                         max_error (&w[0][0], &wref[0][0], NX * NY),
                         TOL_EXACT);
  plane_mint (NZ - 1);
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        w3ref[z][y][x] = v[NZ - 1][y][x] + z;
  status |= test_report ("the last plane copied",
                         max_error (&w3[0][0][0], &w3ref[0][0][0],
                                    NX * NY * NZ), TOL_EXACT);
  return status;
}
