/* Arrays whose rows are a few components (a pixel's 3 colours, a
   particle's 3 coordinates, a 2-vector): libmintrt packs such rows
   closer than 128 bytes apart, and the autotuned candidates give the
   narrow dimension one thread a point, the others' threads to the
   dimension above (to x where that is the outermost).  An image blurred
   over its 3 x 3 pixels, particles smoothed along their order, a field
   of 2-vectors under a 5-point star (nest(2): the components' loop runs
   in parallel too where mint chooses the shape, in each point where the
   defaults' applies) and a field of 3 components along y under a star in
   z and x, each over several steps so that the tuner runs every
   variant, with extents that no tile divides; the nests are written
   once, for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NY 203
#define NX 301
#define PARTS 70001
#define STEPS 9

typedef unsigned char pixel[NX][3];
typedef double particle[3];
typedef float vec2[NX][2];
typedef double comps[3][NX];

#define SWAP(type, a, b)                                                 \
  {                                                                      \
    type *t_ = a;                                                        \
    a = b;                                                               \
    b = t_;                                                              \
  }

#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < NY - 1; y++)                                   \
        for (int x = 1; x < NX - 1; x++)                                 \
          for (int c = 0; c < 3; c++)                                    \
            {                                                            \
              int s = 0;                                                 \
              for (int dy = -1; dy <= 1; dy++)                           \
                s += img[y + dy][x - 1][c] + img[y + dy][x][c]           \
                     + img[y + dy][x + 1][c];                            \
              blur[y][x][c] = (unsigned char) ((s + 4) / 9);             \
            }                                                            \
      PRAGMA (for nest(all) nowait)                                      \
      for (int i = 1; i < PARTS - 1; i++)                                \
        for (int c = 0; c < 3; c++)                                      \
          q[i][c] = 0.5 * p[i][c] + 0.25 * (p[i - 1][c] + p[i + 1][c]);  \
      PRAGMA (for nest(2) nowait)                                        \
      for (int y = 1; y < NY - 1; y++)                                   \
        for (int x = 1; x < NX - 1; x++)                                 \
          for (int c = 0; c < 2; c++)                                    \
            w[y][x][c] = 0.6f * v[y][x][c]                               \
                         + 0.1f * (v[y][x - 1][c] + v[y][x + 1][c]       \
                                   + v[y - 1][x][c] + v[y + 1][x][c]);   \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < NY - 1; y++)                                   \
        for (int c = 0; c < 3; c++)                                      \
          for (int x = 1; x < NX - 1; x++)                               \
            h[y][c][x] = 0.4 * e[y][c][x]                                \
                         + 0.1 * (e[y][c][x - 1] + e[y][c][x + 1]       \
                                  + e[y - 1][c][x] + e[y + 1][c][x]);   \
      PRAGMA (single)                                                    \
      {                                                                  \
        SWAP (pixel, img, blur);                                         \
        SWAP (particle, p, q);                                           \
        SWAP (vec2, v, w);                                               \
        SWAP (comps, e, h);                                              \
      }                                                                  \
    }

struct fields
{
  pixel *img, *blur;
  particle *p, *q;
  vec2 *v, *w;
  comps *e, *h;
};

/* F's arrays as the nests' locals, and back (the nests swap them).  */
#define FIELDS_IN(f)                                                     \
  pixel *img = (f)->img, *blur = (f)->blur;                              \
  particle *p = (f)->p, *q = (f)->q;                                     \
  vec2 *v = (f)->v, *w = (f)->w;                                         \
  comps *e = (f)->e, *h = (f)->h
#define FIELDS_OUT(f) ((f)->img = img, (f)->p = p, (f)->v = v, (f)->e = e)

static void
run_mint (struct fields *f)
{
  FIELDS_IN (f);
#pragma mint copy(img, toDevice, 3, NX, NY)
#pragma mint copy(blur, toDevice, 3, NX, NY)
#pragma mint copy(p, toDevice, 3, PARTS)
#pragma mint copy(q, toDevice, 3, PARTS)
#pragma mint copy(v, toDevice, 2, NX, NY)
#pragma mint copy(w, toDevice, 2, NX, NY)
#pragma mint copy(e, toDevice, NX, 3, NY)
#pragma mint copy(h, toDevice, NX, 3, NY)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(img, fromDevice, 3, NX, NY)
#pragma mint copy(p, fromDevice, 3, PARTS)
#pragma mint copy(v, fromDevice, 2, NX, NY)
#pragma mint copy(e, fromDevice, NX, 3, NY)
  FIELDS_OUT (f);
}

static void
run_c (struct fields *f)
{
  FIELDS_IN (f);
  NESTS (NO_PRAGMA)
  FIELDS_OUT (f);
}

static void
fields_fill (struct fields *f)
{
  f->img = test_xmalloc (sizeof (pixel) * NY);
  f->blur = test_xmalloc (sizeof (pixel) * NY);
  f->p = test_xmalloc (sizeof (particle) * PARTS);
  f->q = test_xmalloc (sizeof (particle) * PARTS);
  f->v = test_xmalloc (sizeof (vec2) * NY);
  f->w = test_xmalloc (sizeof (vec2) * NY);
  f->e = test_xmalloc (sizeof (comps) * NY);
  f->h = test_xmalloc (sizeof (comps) * NY);
  fill (&f->img[0][0][0], 3, NX, NY, 1);
  fill (&f->blur[0][0][0], 3, NX, NY, 1);
  fill (&f->p[0][0], 3, PARTS, 1, 2);
  fill (&f->q[0][0], 3, PARTS, 1, 2);
  fill (&f->v[0][0][0], 2, NX, NY, 3);
  fill (&f->w[0][0][0], 2, NX, NY, 3);
  fill (&f->e[0][0][0], NX, 3, NY, 4);
  fill (&f->h[0][0][0], NX, 3, NY, 4);
}

int
main (void)
{
  struct fields got, want;
  int bad = 0;

  fields_fill (&got);
  fields_fill (&want);
  run_mint (&got);
  run_c (&want);
  bad |= test_report ("image of 3 bytes a pixel",
                      max_error (&got.img[0][0][0], &want.img[0][0][0],
                                 (size_t) 3 * NX * NY), TOL_EXACT);
  bad |= test_report ("particles of 3 doubles",
                      max_error (&got.p[0][0], &want.p[0][0],
                                 (size_t) 3 * PARTS), TOL_DOUBLE);
  bad |= test_report ("field of 2-vectors",
                      max_error (&got.v[0][0][0], &want.v[0][0][0],
                                 (size_t) 2 * NX * NY), TOL_FLOAT);
  bad |= test_report ("field of 3 components along y",
                      max_error (&got.e[0][0][0], &want.e[0][0][0],
                                 (size_t) 3 * NX * NY), TOL_DOUBLE);
  return bad;
}
