/* unsigned and unsigned long elements: wrapping multiplication, shifts and
   comparisons of unsigned values, exact results.  */
/* { dg-do run } */
#include "mint-test.h"

#define HASH32(a, y, x) (a[y][x] * 2654435761u + (a[y][x + 1] >> 3))
#define HASH64(a, y, x)                                                  \
  (a[y][x] * 6364136223846793005ul + (a[y - 1][x] > a[y][x] ? 1ul : 0ul))

static void
compute_mint (int nx, int ny, unsigned (*u)[nx], unsigned (*hu)[nx],
              unsigned long (*l)[nx], unsigned long (*hl)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(hu, toDevice, nx, ny)
#pragma mint copy(l, toDevice, nx, ny)
#pragma mint copy(hl, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 4)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx - 1; x++)
        hu[y][x] = HASH32 (u, y, x);
#pragma mint for nest(all) tile(32, 4)
    for (int y = 1; y < ny; y++)
      for (int x = 0; x < nx; x++)
        hl[y][x] = HASH64 (l, y, x);
  }
#pragma mint copy(hu, fromDevice, nx, ny)
#pragma mint copy(hl, fromDevice, nx, ny)
}

int
main (void)
{
  int nx = 45, ny = 19;
  unsigned (*u)[nx] = test_xmalloc (sizeof (unsigned[ny][nx]));
  unsigned (*hu)[nx] = test_xmalloc (sizeof (unsigned[ny][nx]));
  unsigned (*huref)[nx] = test_xmalloc (sizeof (unsigned[ny][nx]));
  unsigned long (*l)[nx] = test_xmalloc (sizeof (unsigned long[ny][nx]));
  unsigned long (*hl)[nx] = test_xmalloc (sizeof (unsigned long[ny][nx]));
  unsigned long (*hlref)[nx] = test_xmalloc (sizeof (unsigned long[ny][nx]));
  fill (&u[0][0], nx, ny, 1, 1);
  fill (&hu[0][0], nx, ny, 1, 2);
  fill (&huref[0][0], nx, ny, 1, 2);
  fill (&l[0][0], nx, ny, 1, 3);
  fill (&hl[0][0], nx, ny, 1, 4);
  fill (&hlref[0][0], nx, ny, 1, 4);

  compute_mint (nx, ny, u, hu, l, hl);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx - 1; x++)
      huref[y][x] = HASH32 (u, y, x);
  for (int y = 1; y < ny; y++)
    for (int x = 0; x < nx; x++)
      hlref[y][x] = HASH64 (l, y, x);

  int status = test_report ("unsigned", max_error (&hu[0][0], &huref[0][0],
                                                   nx * ny), TOL_EXACT);
  status |= test_report ("unsigned long",
                         max_error (&hl[0][0], &hlref[0][0], nx * ny),
                         TOL_EXACT);
  free (u);
  free (hu);
  free (huref);
  free (l);
  free (hl);
  free (hlref);
  return status;
}
