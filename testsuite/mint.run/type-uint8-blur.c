/* An 8-bit image, flat and indexed through a macro: a 3x3 box blur with
   integer rounding, a Gaussian blur rounded through float, a gain passed
   as an unsigned char scalar with saturation, and the darkest pixel
   (min over unsigned char) and the sum of all pixels (unsigned long long
   over unsigned char) as reductions.  */
/* { dg-do run } */
#include "mint-test.h"

#define W 83
#define H 47
#define PX(img, x, y) img[(y) * W + (x)]
#define BOX(img, x, y)                                                   \
  ((PX (img, x - 1, y - 1) + PX (img, x, y - 1) + PX (img, x + 1, y - 1) \
    + PX (img, x - 1, y) + PX (img, x, y) + PX (img, x + 1, y)           \
    + PX (img, x - 1, y + 1) + PX (img, x, y + 1)                        \
    + PX (img, x + 1, y + 1) + 4) / 9)
#define GAUSS(img, x, y)                                                 \
  ((unsigned char) ((0.25f * PX (img, x, y)                              \
                     + 0.125f * (PX (img, x - 1, y) + PX (img, x + 1, y) \
                                 + PX (img, x, y - 1)                    \
                                 + PX (img, x, y + 1))                   \
                     + 0.0625f * (PX (img, x - 1, y - 1)                 \
                                  + PX (img, x + 1, y - 1)               \
                                  + PX (img, x - 1, y + 1)               \
                                  + PX (img, x + 1, y + 1)))             \
                    + 0.5f))
#define BRIGHTEN(img, x, y, gain)                                        \
  (PX (img, x, y) * gain / 16 > 255 ? 255 : PX (img, x, y) * gain / 16)

struct results
{
  unsigned char darkest;
  unsigned long long sum;
};

static void
filter_mint (unsigned char *img, unsigned char *box, unsigned char *gauss,
             unsigned char *bright, unsigned char gain, struct results *r)
{
  unsigned char darkest = 255;
  unsigned long long sum = 0;
#pragma mint copy(img, toDevice, W * H)
#pragma mint copy(box, toDevice, W * H)
#pragma mint copy(gauss, toDevice, W * H)
#pragma mint copy(bright, toDevice, W * H)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        PX (box, x, y) = BOX (img, x, y);
#pragma mint for nest(all) tile(32, 8)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        PX (gauss, x, y) = GAUSS (img, x, y);
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        PX (bright, x, y) = BRIGHTEN (img, x, y, gain);
#pragma mint for nest(all) reduction(min:darkest)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        darkest = PX (box, x, y) < darkest ? PX (box, x, y) : darkest;
#pragma mint for reduction(+:sum)
    for (int i = 0; i < W * H; i++)
      sum += gauss[i];
  }
#pragma mint copy(box, fromDevice, W * H)
#pragma mint copy(gauss, fromDevice, W * H)
#pragma mint copy(bright, fromDevice, W * H)
  r->darkest = darkest;
  r->sum = sum;
}

static void
filter_cpu (unsigned char *img, unsigned char *box, unsigned char *gauss,
            unsigned char *bright, unsigned char gain, struct results *r)
{
  r->darkest = 255;
  r->sum = 0;
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++)
      {
        PX (box, x, y) = BOX (img, x, y);
        PX (gauss, x, y) = GAUSS (img, x, y);
        if (PX (box, x, y) < r->darkest)
          r->darkest = PX (box, x, y);
      }
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      PX (bright, x, y) = BRIGHTEN (img, x, y, gain);
  for (int i = 0; i < W * H; i++)
    r->sum += gauss[i];
}

int
main (void)
{
  unsigned char *img = test_xmalloc (W * H);
  unsigned char *out[3], *ref[3];
  fill (img, W, H, 1, 3);
  for (int i = 0; i < 3; i++)
    {
      out[i] = test_xmalloc (W * H);
      ref[i] = test_xmalloc (W * H);
      fill (out[i], W, H, 1, 4 + i);
      memcpy (ref[i], out[i], W * H);
    }
  struct results got, want;
  filter_mint (img, out[0], out[1], out[2], 29, &got);
  filter_cpu (img, ref[0], ref[1], ref[2], 29, &want);
  printf ("darkest %u (cpu %u), sum %llu (cpu %llu)\n", got.darkest,
          want.darkest, got.sum, want.sum);
  static const char *const names[3] = { "box", "gauss", "bright" };
  int status = 0;
  for (int i = 0; i < 3; i++)
    status |= test_report (names[i], max_error (out[i], ref[i], W * H),
                           TOL_EXACT);
  status |= test_report ("darkest", max_error (&got.darkest,
                                                 &want.darkest, 1),
                         TOL_EXACT);
  status |= test_report ("sum", max_error (&got.sum, &want.sum, 1),
                         TOL_EXACT);
  free (img);
  for (int i = 0; i < 3; i++)
    {
      free (out[i]);
      free (ref[i]);
    }
  return status;
}
