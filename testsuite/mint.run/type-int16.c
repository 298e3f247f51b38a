/* 16- and 8-bit integer arithmetic as C defines it: products of int16_t
   values that overflow int16_t but not int (kept in int, or wrapped when
   stored into int16_t), division, modulo and right shifts of negative
   values, a short sum that wraps (reduction(+) over short) and a short
   max; int8_t division by a negative divisor; and a 3-D uint16_t stencil
   over T*** grids with integer rounding.  */
/* { dg-do run } */
#include <stdint.h>
#include "mint-test.h"

MINT_TEST_DEFINE_ALLOC3D (uint16_t, u16)

#define N 301
#define PRODUCT(a, b, i) (a[i] * b[i])
#define MIX(a, b, i)                                                     \
  ((int16_t) ((uint16_t) a[i] << 4) ^ (a[i] / 7 + a[i] % 7 + (b[i] >> 3)))
#define SMALL(s, i) (s[i] / -3 + s[i] % -3 * 10)
#define SMOOTH(u, z, y, x)                                               \
  ((2 * u[z][y][x] + u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]    \
    + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x] + 4) / 8)

struct sums
{
  short total;
  int16_t top;
};

static void
compute_mint (int16_t *a, int16_t *b, int32_t *prod, int16_t *wrap,
              int16_t *mix, int8_t *s, int8_t *small, struct sums *r)
{
  short total = 1000;
  int16_t top = -32768;
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(prod, toDevice, N)
#pragma mint copy(wrap, toDevice, N)
#pragma mint copy(mix, toDevice, N)
#pragma mint copy(s, toDevice, N)
#pragma mint copy(small, toDevice, N)
#pragma mint parallel
  {
#pragma mint for tile(64)
    for (int i = 0; i < N; i++)
      {
        prod[i] = PRODUCT (a, b, i);
        wrap[i] = PRODUCT (a, b, i);
        mix[i] = MIX (a, b, i);
        small[i] = SMALL (s, i);
      }
#pragma mint for tile(32) reduction(+:total)
    for (int i = 0; i < N; i++)
      total += PRODUCT (a, b, i);
#pragma mint for tile(32) reduction(max:top)
    for (int i = 0; i < N; i++)
      top = wrap[i] > top ? wrap[i] : top;
  }
#pragma mint copy(prod, fromDevice, N)
#pragma mint copy(wrap, fromDevice, N)
#pragma mint copy(mix, fromDevice, N)
#pragma mint copy(small, fromDevice, N)
  r->total = total;
  r->top = top;
}

static void
smooth_mint (uint16_t ***u, uint16_t ***v, int nx, int ny, int nz)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = SMOOTH (u, z, y, x);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int16_t a[N], b[N], wrap[N], mix[N], rwrap[N], rmix[N];
  int32_t prod[N], rprod[N];
  int8_t s[N], small[N], rsmall[N];
  for (int i = 0; i < N; i++)
    {
      /* -300 .. 300: products up to 90000, beyond int16_t.  */
      a[i] = (int16_t) ((i * 37) % 601 - 300);
      b[i] = (int16_t) ((i * 91 + 17) % 601 - 300);
      s[i] = (int8_t) (i * 53 % 256 - 128);
    }
  fill (prod, N, 1, 1, 1);
  fill (wrap, N, 1, 1, 2);
  fill (mix, N, 1, 1, 3);
  fill (small, N, 1, 1, 4);
  memcpy (rprod, prod, sizeof prod);
  memcpy (rwrap, wrap, sizeof wrap);
  memcpy (rmix, mix, sizeof mix);
  memcpy (rsmall, small, sizeof small);

  struct sums got, want = { 1000, -32768 };
  compute_mint (a, b, prod, wrap, mix, s, small, &got);
  for (int i = 0; i < N; i++)
    {
      rprod[i] = PRODUCT (a, b, i);
      rwrap[i] = PRODUCT (a, b, i);
      rmix[i] = MIX (a, b, i);
      rsmall[i] = SMALL (s, i);
      want.total += PRODUCT (a, b, i);
      want.top = rwrap[i] > want.top ? rwrap[i] : want.top;
    }

  int nx = 29, ny = 13, nz = 11;
  uint16_t ***u = alloc3d_u16 (nx, ny, nz), ***v = alloc3d_u16 (nx, ny, nz);
  uint16_t ***rv = alloc3d_u16 (nx, ny, nz);
  fill (u[0][0], nx, ny, nz, 5);
  fill (v[0][0], nx, ny, nz, 6);
  memcpy (rv[0][0], v[0][0], sizeof (uint16_t) * nx * ny * nz);
  smooth_mint (u, v, nx, ny, nz);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        rv[z][y][x] = SMOOTH (u, z, y, x);

  printf ("total %d (cpu %d), top %d (cpu %d)\n", got.total, want.total,
          got.top, want.top);
  int status = test_report ("int32 products", max_error (prod, rprod, N),
                            TOL_EXACT);
  status |= test_report ("int16 products", max_error (wrap, rwrap, N),
                         TOL_EXACT);
  status |= test_report ("int16 mix", max_error (mix, rmix, N), TOL_EXACT);
  status |= test_report ("int8 division", max_error (small, rsmall, N),
                         TOL_EXACT);
  status |= test_report ("short sum", max_error (&got.total, &want.total, 1),
                         TOL_EXACT);
  status |= test_report ("int16 max", max_error (&got.top, &want.top, 1),
                         TOL_EXACT);
  status |= test_report ("uint16 stencil", max_error (v[0][0], rv[0][0],
                                                      (size_t) nx * ny * nz),
                         TOL_EXACT);
  free3d_u16 (u);
  free3d_u16 (v);
  free3d_u16 (rv);
  return status;
}
