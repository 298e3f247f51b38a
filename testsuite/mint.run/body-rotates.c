/* Rotates, which GCC folds `(k << 15) | (k >> 17)' of an unsigned into
   (a murmur hash's mixing, a xorshift generator's): 32-bit and 64-bit,
   left and right, by constants and by counts the body computes, a
   signed value rotated through unsigned, a rotate in a helper, and one
   in a loop's start.  */
/* { dg-do run } */
#include <stdint.h>
#include "mint-test.h"

#define W 67
#define H 29
#define MIX(k) ((k << 15) | (k >> 17))
#define RIGHT64(s) ((s >> 23) | (s << 41))
#define LEFT(k, r) ((k << r) | (k >> (32 - r)))
#define RIGHT(k, r) ((k >> r) | (k << (32 - r)))
#define LEFT64(s, r) ((s << r) | (s >> (64 - r)))
#define SIGNED(v) ((int32_t) (((uint32_t) v << 5) | ((uint32_t) v >> 27)))

static inline uint32_t
rotl32 (uint32_t x, int r)
{
  return (x << r) | (x >> (32 - r));
}

/* Every rotate of a point, from its hash K of A's neighbours, its
   64-bit hash S, its counts R (1 to 31) and Q (1 to 63) and the signed
   V.  */
#define ROTATES(a, h, g, i, x, y)                                        \
  do                                                                     \
    {                                                                    \
      uint32_t k = (a[y][x - 1] + 3 * a[y + 1][x]) * 0xcc9e2d51u;        \
      uint64_t s = (uint64_t) (a[y][x + 1] + 1) * 0x9E3779B97F4A7C15ULL; \
      int r = (x + 3 * y) % 31 + 1;                                      \
      long q = (7 * x + y) % 63 + 1;                                     \
      int32_t v = (int32_t) k;                                           \
      k = MIX (k);                                                       \
      k *= 0x1b873593u;                                                  \
      h[i][y][x] = k ^ rotl32 (k, 7);                                    \
      h[i + 1][y][x] = LEFT (k, r) + RIGHT (k, (long) r);                \
      h[i + 2][y][x] = (uint32_t) SIGNED (v);                            \
      g[i][y][x] = RIGHT64 (s);                                          \
      g[i + 1][y][x] = LEFT64 (s, q);                                    \
    }                                                                    \
  while (0)

/* The first x of row Y of the nest that starts at a rotate.  */
#define START(y) ((((y) << 30) | ((y) >> 2)) % 5)

static void
rotates_mint (uint32_t (*a)[W], uint32_t (*h)[H][W], uint64_t (*g)[H][W])
{
#pragma mint copy(a, toDevice, W, H)
#pragma mint copy(h, toDevice, W, H, 3)
#pragma mint copy(g, toDevice, W, H, 2)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8)
    for (int y = 0; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        ROTATES (a, h, g, 0, x, y);
#pragma mint for nest(all)
    for (unsigned y = 0; y < H; y++)
      for (unsigned x = START (y); x < W; x++)
        a[y][x] = x + y;
  }
#pragma mint copy(a, fromDevice, W, H)
#pragma mint copy(h, fromDevice, W, H, 3)
#pragma mint copy(g, fromDevice, W, H, 2)
}

int
main (void)
{
  static uint32_t a[H][W], aw[H][W], h[3][H][W], hw[3][H][W];
  static uint64_t g[2][H][W], gw[2][H][W];
  fill (&a[0][0], W, H, 1, 1);
  memcpy (aw, a, sizeof a);
  rotates_mint (a, h, g);
  for (int y = 0; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++)
      ROTATES (aw, hw, gw, 0, x, y);
  for (unsigned y = 0; y < H; y++)
    for (unsigned x = START (y); x < W; x++)
      aw[y][x] = x + y;
  int status = test_report ("32-bit rotates", max_error (&h[0][0][0],
                                                          &hw[0][0][0],
                                                          3 * H * W),
                            TOL_EXACT);
  status |= test_report ("64-bit rotates", max_error (&g[0][0][0],
                                                       &gw[0][0][0],
                                                       2 * H * W),
                         TOL_EXACT);
  status |= test_report ("rotated start", max_error (&a[0][0], &aw[0][0],
                                                     H * W), TOL_EXACT);
  return status;
}
