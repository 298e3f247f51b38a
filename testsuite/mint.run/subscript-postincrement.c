/* Subscripts with a post-increment or post-decrement index with the
   value before it, as C does: a 3x3 median filter's private window filled
   by win[n++] (the kernel stored to win[n] after the increment: win[0]
   never set, win[9] past the end), a list of neighbours gathered under
   conditions by nb[cnt++], a store b[k++] and a load a[m--] of copied
   arrays.  Checked against the same loops on the host.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 23

#define MEDIAN(img, out, y, x)                                            \
  do                                                                      \
    {                                                                     \
      double win[9];                                                      \
      int n = 0;                                                          \
      for (int dy = -1; dy <= 1; dy++)                                    \
        for (int dx = -1; dx <= 1; dx++)                                  \
          win[n++] = img[y + dy][x + dx];                                 \
      for (int p = 1; p < 9; p++)                                         \
        for (int q = p; q > 0 && win[q - 1] > win[q]; q--)                \
          {                                                               \
            double t = win[q];                                            \
            win[q] = win[q - 1];                                          \
            win[q - 1] = t;                                               \
          }                                                               \
      out[y][x] = win[4];                                                 \
    }                                                                     \
  while (0)

#define GATHER(img, out, y, x)                                            \
  do                                                                      \
    {                                                                     \
      double nb[4];                                                       \
      int cnt = 0;                                                        \
      if (img[y][x - 1] > 0.5)                                            \
        nb[cnt++] = img[y][x - 1];                                        \
      if (img[y][x + 1] > 0.5)                                            \
        nb[cnt++] = img[y][x + 1];                                        \
      if (img[y - 1][x] > 0.5)                                            \
        nb[cnt++] = img[y - 1][x];                                        \
      if (img[y + 1][x] > 0.5)                                            \
        nb[cnt++] = img[y + 1][x];                                        \
      double s = cnt;                                                     \
      for (int p = 0; p < cnt; p++)                                       \
        s += (p + 1) * nb[p];                                             \
      out[y][x] = s;                                                      \
    }                                                                     \
  while (0)

#define PAIRS(a, b, c, i)                                                 \
  do                                                                      \
    {                                                                     \
      int k = 2 * (i);                                                    \
      b[k++] = a[i];                                                      \
      b[k] = -a[i];                                                       \
      int m = (i) + 1;                                                    \
      double x = a[m--];                                                  \
      c[i] = x + 100 * a[m];                                              \
    }                                                                     \
  while (0)

static void
filters_mint (double (*img)[NX], double (*med)[NX], double (*gat)[NX],
              double *a, double *b, double *c)
{
#pragma mint copy(img, toDevice, NX, NY)
#pragma mint copy(med, toDevice, NX, NY)
#pragma mint copy(gat, toDevice, NX, NY)
#pragma mint copy(a, toDevice, NX)
#pragma mint copy(b, toDevice, 2 * NX)
#pragma mint copy(c, toDevice, NX)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        MEDIAN (img, med, y, x);
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        GATHER (img, gat, y, x);
#pragma mint for
    for (int i = 1; i < NX - 1; i++)
      PAIRS (a, b, c, i);
  }
#pragma mint copy(med, fromDevice, NX, NY)
#pragma mint copy(gat, fromDevice, NX, NY)
#pragma mint copy(b, fromDevice, 2 * NX)
#pragma mint copy(c, fromDevice, NX)
}

int
main (void)
{
  static double img[NY][NX], med[2][NY][NX], gat[2][NY][NX];
  static double a[NX], b[2][2 * NX], c[2][NX];
  fill (&img[0][0], NX, NY, 1, 1);
  fill (a, NX, 1, 1, 2);
  filters_mint (img, med[0], gat[0], a, b[0], c[0]);
  for (int y = 1; y < NY - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      {
        MEDIAN (img, med[1], y, x);
        GATHER (img, gat[1], y, x);
      }
  for (int i = 1; i < NX - 1; i++)
    PAIRS (a, b[1], c[1], i);
  int status = test_report ("median filter, win[n++]",
                            max_error (&med[0][0][0], &med[1][0][0],
                                       NX * NY), 0.0);
  status |= test_report ("neighbours gathered, nb[cnt++]",
                         max_error (&gat[0][0][0], &gat[1][0][0], NX * NY),
                         TOL_DOUBLE);
  status |= test_report ("b[k++] and a[m--]",
                         max_error (b[0], b[1], 2 * NX)
                         + max_error (c[0], c[1], NX), TOL_DOUBLE);
  return status;
}
