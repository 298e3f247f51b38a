/* Arrays reached through structure members in each style: a flat float
   image indexed through a macro with its width member, rows of a
   pointer-to-array member (float (*)[NX]), fixed arrays inside a global
   structure and inside one reached through a pointer, scalar and array
   members of elements of arrays of structures, and a union member.  Host code in
   the region (no single block) swaps two members' pointers between the
   kernels.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 19
#define PX(img, x, y) img->px[(y) * img->w + (x)]

struct image
{
  int w, h;
  float *px;
  float (*rows)[NX], (*spare)[NX];
};

struct planes
{
  double a[NY][NX], b[NY][NX];
  int scale;
};

struct coefficient
{
  double gain, bias;
  double *weights;
};

union buffer
{
  double *d;
  long *l;
};

static struct planes global;

static void
compute_mint (struct image *img, struct planes *local,
              const struct coefficient co[2], union buffer out)
{
#pragma mint copy(img->px, toDevice, img->w * img->h)
#pragma mint copy(img->rows, toDevice, NX, NY)
#pragma mint copy(img->spare, toDevice, NX, NY)
#pragma mint copy(global.a, toDevice, NX, NY)
#pragma mint copy(global.b, toDevice, NX, NY)
#pragma mint copy(local->a, toDevice, NX, NY)
#pragma mint copy(out.d, toDevice, NX * NY)
#pragma mint copy(co[1].weights, toDevice, NX)
#pragma mint parallel
  {
    for (int pass = 0; pass < 3; pass++)
      {
#pragma mint for nest(all) tile(32, 4)
        for (int y = 1; y < img->h - 1; y++)
          for (int x = 1; x < img->w - 1; x++)
            img->spare[y][x] = img->rows[y][x]
                               + co[1].gain * (PX (img, x - 1, y)
                                               + PX (img, x + 1, y))
                               - co[0].bias;
        float (*t)[NX] = img->rows;
        img->rows = img->spare;
        img->spare = t;
      }
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        global.b[y][x] = global.a[y][x - 1] + global.a[y - 1][x]
                         + local->a[y][x] * global.scale;
#pragma mint for
    for (int i = 0; i < NX * NY; i++)
      out.d[i] = global.b[i / NX][i % NX] * co[0].gain + local->scale
                 + co[1].weights[i % NX];
  }
#pragma mint copy(img->rows, fromDevice, NX, NY)
#pragma mint copy(global.b, fromDevice, NX, NY)
#pragma mint copy(out.d, fromDevice, NX * NY)
}

static void
compute_cpu (struct image *img, struct planes *local,
             const struct coefficient co[2], union buffer out,
             struct planes *g)
{
  for (int pass = 0; pass < 3; pass++)
    {
      for (int y = 1; y < img->h - 1; y++)
        for (int x = 1; x < img->w - 1; x++)
          img->spare[y][x] = img->rows[y][x]
                             + co[1].gain * (PX (img, x - 1, y)
                                             + PX (img, x + 1, y))
                             - co[0].bias;
      float (*t)[NX] = img->rows;
      img->rows = img->spare;
      img->spare = t;
    }
  for (int y = 1; y < NY - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      g->b[y][x] = g->a[y][x - 1] + g->a[y - 1][x]
                   + local->a[y][x] * g->scale;
  for (int i = 0; i < NX * NY; i++)
    out.d[i] = g->b[i / NX][i % NX] * co[0].gain + local->scale
               + co[1].weights[i % NX];
}

static void
init_image (struct image *img)
{
  img->w = NX;
  img->h = NY;
  img->px = test_xmalloc (sizeof (float[NY][NX]));
  img->rows = test_xmalloc (sizeof (float[NY][NX]));
  img->spare = test_xmalloc (sizeof (float[NY][NX]));
  fill (img->px, NX, NY, 1, 1);
  fill (&img->rows[0][0], NX, NY, 1, 2);
  fill (&img->spare[0][0], NX, NY, 1, 3);
}

int
main (void)
{
  static struct planes local, ref;
  struct image img, rimg;
  init_image (&img);
  init_image (&rimg);
  fill (&global.a[0][0], NX, NY, 1, 4);
  fill (&global.b[0][0], NX, NY, 1, 5);
  fill (&local.a[0][0], NX, NY, 1, 6);
  global.scale = 3;
  local.scale = -2;
  ref = global;
  double weights[NX];
  fill (weights, NX, 1, 1, 8);
  const struct coefficient co[2] = { { 0.5, 0.125, NULL },
                                     { 0.25, 0.0, weights } };
  union buffer out = { test_xmalloc (sizeof (double[NY][NX])) };
  union buffer rout = { test_xmalloc (sizeof (double[NY][NX])) };
  fill (out.d, NX, NY, 1, 7);
  fill (rout.d, NX, NY, 1, 7);

  compute_mint (&img, &local, co, out);
  compute_cpu (&rimg, &local, co, rout, &ref);
  int status = test_report ("image rows", max_error (&img.rows[0][0],
                                                     &rimg.rows[0][0],
                                                     NX * NY), TOL_FLOAT);
  status |= test_report ("planes", max_error (&global.b[0][0], &ref.b[0][0],
                                              NX * NY), TOL_DOUBLE);
  status |= test_report ("union", max_error (out.d, rout.d, NX * NY),
                         TOL_DOUBLE);
  free (img.px);
  free (img.rows);
  free (img.spare);
  free (rimg.px);
  free (rimg.rows);
  free (rimg.spare);
  free (out.d);
  free (rout.d);
  return status;
}
