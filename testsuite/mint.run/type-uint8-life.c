/* Game of Life on uint8_t grids: a time loop of generations with the
   grids swapped in a single block, the population counted in a long
   reduction over the unsigned char cells, a checksum in an unsigned char
   reduction (it wraps), and whether the last generation changed anything
   in a _Bool max reduction.  */
/* { dg-do run } */
#include <stdint.h>
#include "mint-test.h"

#define GENERATIONS 9
#define NEIGHBOURS(a, y, x)                                              \
  (a[y - 1][x - 1] + a[y - 1][x] + a[y - 1][x + 1] + a[y][x - 1]         \
   + a[y][x + 1] + a[y + 1][x - 1] + a[y + 1][x] + a[y + 1][x + 1])
/* Without branches, as the optimizer's levels want their bodies.  */
#define RULE(a, y, x)                                                    \
  ((NEIGHBOURS (a, y, x) == 3) | ((NEIGHBOURS (a, y, x) == 2) & a[y][x]))
#define WEIGHT(y, x) ((uint8_t) (x + 7 * y))

struct counts
{
  long population;
  unsigned char checksum;
  _Bool changed;
};

static uint8_t *
life_mint (int nx, int ny, uint8_t (*a)[nx], uint8_t (*b)[nx],
           struct counts *out)
{
  long population = 0;
  unsigned char checksum = 11;
  _Bool changed = 0;
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int gen = 0; gen < GENERATIONS; gen++)
      {
#pragma mint for nest(all) tile(32, 4)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            b[y][x] = RULE (a, y, x);
#pragma mint for nest(all) reduction(+:population)
        for (int y = 0; y < ny; y++)
          for (int x = 0; x < nx; x++)
            population += b[y][x];
#pragma mint for nest(all) tile(16, 4) reduction(+:checksum)
        for (int y = 0; y < ny; y++)
          for (int x = 0; x < nx; x++)
            checksum += b[y][x] * WEIGHT (y, x);
#pragma mint single
        {
          uint8_t (*t)[nx] = a;
          a = b;
          b = t;
        }
      }
#pragma mint for nest(all) reduction(max:changed)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        if (a[y][x] != b[y][x])
          changed = 1;
  }
#pragma mint copy(a, fromDevice, nx, ny)
  out->population = population;
  out->checksum = checksum;
  out->changed = changed;
  return &a[0][0];
}

static uint8_t *
life_cpu (int nx, int ny, uint8_t (*a)[nx], uint8_t (*b)[nx],
          struct counts *out)
{
  long population = 0;
  unsigned char checksum = 11;
  _Bool changed = 0;
  for (int gen = 0; gen < GENERATIONS; gen++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[y][x] = RULE (a, y, x);
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          {
            population += b[y][x];
            checksum += b[y][x] * WEIGHT (y, x);
          }
      uint8_t (*t)[nx] = a;
      a = b;
      b = t;
    }
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      if (a[y][x] != b[y][x])
        changed = 1;
  out->population = population;
  out->checksum = checksum;
  out->changed = changed;
  return &a[0][0];
}

/* A soup of live cells (about one in three) with a glider.  */
static void
seed (int nx, int ny, uint8_t (*a)[nx])
{
  fill (&a[0][0], nx, ny, 1, 5);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      a[y][x] = a[y][x] % 3 == 0;
  static const int glider[5][2] = { { 1, 2 }, { 2, 3 }, { 3, 1 }, { 3, 2 },
                                    { 3, 3 } };
  for (int i = 0; i < 5; i++)
    a[glider[i][0]][glider[i][1]] = 1;
}

int
main (void)
{
  int nx = 67, ny = 41;
  size_t bytes = sizeof (uint8_t[ny][nx]);
  uint8_t (*a)[nx] = test_xmalloc (bytes), (*b)[nx] = test_xmalloc (bytes);
  uint8_t (*ra)[nx] = test_xmalloc (bytes), (*rb)[nx] = test_xmalloc (bytes);
  seed (nx, ny, a);
  memcpy (b, a, bytes);
  memcpy (ra, a, bytes);
  memcpy (rb, a, bytes);

  struct counts got, want;
  uint8_t *grid = life_mint (nx, ny, a, b, &got);
  uint8_t *ref = life_cpu (nx, ny, ra, rb, &want);
  printf ("population %ld (cpu %ld), checksum %u (cpu %u), changed %d "
          "(cpu %d)\n", got.population, want.population, got.checksum,
          want.checksum, got.changed, want.changed);
  int status = test_report ("grid", max_error (grid, ref, (size_t) nx * ny),
                            TOL_EXACT);
  status |= test_report ("population", max_error (&got.population,
                                                  &want.population, 1),
                         TOL_EXACT);
  status |= test_report ("checksum", max_error (&got.checksum,
                                                &want.checksum, 1),
                         TOL_EXACT);
  status |= test_report ("changed", max_error (&got.changed, &want.changed,
                                               1), TOL_EXACT);
  if (want.population < 100 || !want.changed)
    status |= test_report ("the soup stays alive", 1, 0);
  free (a);
  free (b);
  free (ra);
  free (rb);
  return status;
}
