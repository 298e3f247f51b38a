/* GCC's builtins in the loop body: __builtin_expect (the likely and
   unlikely macros of many codes), __builtin_expect_with_probability,
   __builtin_prefetch (left out of the kernel), and bit counts on
   integer grids:
   __builtin_popcount, __builtin_clz, __builtin_ffs, __builtin_ctz and
   __builtin_parity with their long and long long forms, and
   __builtin_bswap16, 32 and 64.  A user function named like a builtin without the
   prefix (popcount) stays the program's own.  */
/* { dg-do run } */
#include <stdint.h>
#include "mint-test.h"

#define likely(x) __builtin_expect (!!(x), 1)
#define unlikely(x) __builtin_expect (!!(x), 0)
#define probably(x) __builtin_expect_with_probability (!!(x), 1, 0.9)

/* Not __builtin_popcount: the number of digits 7 in the low 3 octal
   digits.  */
static inline int
popcount (unsigned v)
{
  return ((v & 7) == 7) + (((v >> 3) & 7) == 7) + (((v >> 6) & 7) == 7);
}

#define BITS(m, w, y, x)                                                 \
  (__builtin_popcount (m[y][x]) + 2 * __builtin_popcountll (w[y][x])     \
   + 3 * __builtin_popcountl ((unsigned long) w[y][x] >> 3)              \
   + 5 * __builtin_clz (m[y][x] | 1) + 7 * __builtin_clzll (w[y][x] | 1) \
   + 11 * __builtin_clzl ((unsigned long) w[y][x] | 2)                   \
   + 13 * __builtin_ffs ((int) m[y][x]) + 17 * __builtin_ffsll ((long long) w[y][x]) \
   + 19 * __builtin_ffsl ((long) (w[y][x] >> 5)) + popcount (m[y][x])    \
   + 23 * __builtin_ctz (m[y][x] | 0x80000000u)                          \
   + 29 * __builtin_ctzll (w[y][x] | 1ull << 63)                         \
   + 31 * __builtin_ctzl ((unsigned long) w[y][x] >> 9 | 1ul << 40)      \
   + 37 * __builtin_parity (m[y][x]) + 41 * __builtin_parityll (w[y][x]) \
   + 43 * __builtin_parityl ((unsigned long) w[y][x] >> 7))
#define SWAPS(m, w, y, x)                                                \
  (__builtin_bswap64 (w[y][x]) ^ __builtin_bswap32 (m[y][x])             \
   ^ (uint64_t) __builtin_bswap16 ((uint16_t) (m[y][x] >> 3)) << 40)
#define SMOOTH(a, y, x)                                                  \
  (likely (a[y][x] > -0.9) ? 0.5 * a[y][x] + 0.25 * (a[y][x - 1] + a[y][x + 1]) \
   : unlikely (a[y][x] < -0.95) ? -1.0                                  \
   : probably (a[y][x] < -0.91) ? a[y][x] : 2.0 * a[y][x])

static void
compute_mint (int nx, int ny, uint32_t (*m)[nx], uint64_t (*w)[nx],
              int (*bits)[nx], uint64_t (*sw)[nx], double (*a)[nx],
              double (*b)[nx])
{
#pragma mint copy(m, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint copy(bits, toDevice, nx, ny)
#pragma mint copy(sw, toDevice, nx, ny)
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        bits[y][x] = BITS (m, w, y, x);
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        sw[y][x] = SWAPS (m, w, y, x);
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          __builtin_prefetch (&a[y][x + 1], 0, 1);
          b[y][x] = SMOOTH (a, y, x);
        }
  }
#pragma mint copy(bits, fromDevice, nx, ny)
#pragma mint copy(sw, fromDevice, nx, ny)
#pragma mint copy(b, fromDevice, nx, ny)
}

int
main (void)
{
  int nx = 67, ny = 29, n = nx * ny;
  uint32_t (*m)[nx] = test_xmalloc (sizeof (uint32_t[ny][nx]));
  uint64_t (*w)[nx] = test_xmalloc (sizeof (uint64_t[ny][nx]));
  int (*bits)[nx] = test_xmalloc (sizeof (int[ny][nx]));
  int (*bitsref)[nx] = test_xmalloc (sizeof (int[ny][nx]));
  uint64_t (*sw)[nx] = test_xmalloc (sizeof (uint64_t[ny][nx]));
  double (*a)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*b)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*bref)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  uint64_t seed = 88172645463325252ull;
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        m[y][x] = (uint32_t) seed >> (x % 32);
        w[y][x] = seed >> (y % 64);
        bits[y][x] = bitsref[y][x] = -1;
        sw[y][x] = 0;
      }
  fill (&a[0][0], nx, ny, 1, 1);
  for (int y = 0; y < ny; y++)
    a[y][y % nx] = -1.0 + 0.01 * (y % 11);
  fill (&b[0][0], nx, ny, 1, 2);
  fill (&bref[0][0], nx, ny, 1, 2);

  compute_mint (nx, ny, m, w, bits, sw, a, b);
  int swaps_wrong = 0;
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      swaps_wrong += sw[y][x] != SWAPS (m, w, y, x);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      bitsref[y][x] = BITS (m, w, y, x);
  for (int y = 0; y < ny; y++)
    for (int x = 1; x < nx - 1; x++)
      bref[y][x] = SMOOTH (a, y, x);

  int status = test_report ("bit counts", max_error (&bits[0][0],
                                                     &bitsref[0][0], n),
                            TOL_EXACT);
  status |= test_report ("byte swaps (elements wrong)", swaps_wrong,
                         TOL_EXACT);
  status |= test_report ("likely", max_error (&b[0][0], &bref[0][0], n),
                         TOL_DOUBLE);
  free (m);
  free (w);
  free (bits);
  free (bitsref);
  free (sw);
  free (a);
  free (b);
  free (bref);
  return status;
}
