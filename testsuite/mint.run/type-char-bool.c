/* char flags and _Bool masks: bit masks and right shifts of plain char
   (signed or not as the host's char is), division and modulo of negative
   chars; _Bool stores of int values (normalized to 0 or 1), _Bool logic
   and arithmetic, a 2-D _Bool mask read at its neighbours; scalars of
   type char, _Bool, short and unsigned char passed by value; an int count
   of a mask, an "any" over _Bool (reduction(max)), the same by |= of
   _Bool elements, and an "every" by &= of an | of a _Bool element and a
   comparison (reduction(min)).  */
/* { dg-do run } */
#include "mint-test.h"

#define N 257
#define FLAGS(c, i) ((c[i] & 0x0f) | ((c[i] >> 2) & 0x30) | (c[i] < 0) << 7)
#define QUOT(c, i, bias) (c[i] / 4 + c[i] % 4 * 3 + bias)
#define MASK(u, i) (u[i] & 4)
#define BOTH(m, c, i, invert) (invert ? !m[i] && c[i] > 0 : m[i] + (c[i] > 0))
#define SCALED(u, i, width, top) (u[i] * width / 1000 + top)
#define EDGE(m, y, x)                                                    \
  (m[y][x] && !(m[y - 1][x] && m[y + 1][x] && m[y][x - 1] && m[y][x + 1]))

struct outputs
{
  char flags[N], quot[N];
  _Bool mask[N], both[N];
  short scaled[N];
};

static void
compute_mint (const char *c, const unsigned short *u, struct outputs *o,
              char bias, _Bool invert, short width, unsigned char top,
              int *count, _Bool *any, _Bool *some, _Bool *every)
{
  char *flags = o->flags, *quot = o->quot;
  _Bool *mask = o->mask, *both = o->both;
  short *scaled = o->scaled;
  int n = 0;
  _Bool seen = 0, masked = 0, all = 1;
#pragma mint copy(c, toDevice, N)
#pragma mint copy(u, toDevice, N)
#pragma mint copy(flags, toDevice, N)
#pragma mint copy(quot, toDevice, N)
#pragma mint copy(mask, toDevice, N)
#pragma mint copy(both, toDevice, N)
#pragma mint copy(scaled, toDevice, N)
#pragma mint parallel
  {
#pragma mint for tile(64)
    for (int i = 0; i < N; i++)
      {
        flags[i] = FLAGS (c, i);
        quot[i] = QUOT (c, i, bias);
        mask[i] = MASK (u, i);
        scaled[i] = SCALED (u, i, width, top);
      }
#pragma mint for tile(64)
    for (int i = 0; i < N; i++)
      both[i] = BOTH (mask, c, i, invert);
#pragma mint for tile(64) reduction(+:n)
    for (int i = 0; i < N; i++)
      n += mask[i];
#pragma mint for tile(64) reduction(max:seen)
    for (int i = 0; i < N; i++)
      seen = seen | (both[i] && flags[i] == 7);
#pragma mint for tile(64) reduction(max:masked) reduction(min:all)
    for (int i = 0; i < N; i++)
      {
        masked |= both[i];
        all &= mask[i] | (c[i] > -100);
      }
  }
#pragma mint copy(flags, fromDevice, N)
#pragma mint copy(quot, fromDevice, N)
#pragma mint copy(mask, fromDevice, N)
#pragma mint copy(both, fromDevice, N)
#pragma mint copy(scaled, fromDevice, N)
  *count = n;
  *any = seen;
  *some = masked;
  *every = all;
}

static void
edges_mint (int nx, int ny, _Bool (*m)[nx], _Bool (*e)[nx])
{
#pragma mint copy(m, toDevice, nx, ny)
#pragma mint copy(e, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 8)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        e[y][x] = EDGE (m, y, x);
  }
#pragma mint copy(e, fromDevice, nx, ny)
}

int
main (void)
{
  char c[N];
  unsigned short u[N];
  fill (c, N, 1, 1, 1);
  fill (u, N, 1, 1, 2);
  static struct outputs got, want;
  memset (&got, 1, sizeof got);
  memset (&want, 1, sizeof want);
  int count, rcount = 0;
  _Bool any, rany = 0, some, rsome = 0, every, revery = 1;
  compute_mint (c, u, &got, -5, 1, 300, 200, &count, &any, &some, &every);
  for (int i = 0; i < N; i++)
    {
      want.flags[i] = FLAGS (c, i);
      want.quot[i] = QUOT (c, i, (char) -5);
      want.mask[i] = MASK (u, i);
      want.scaled[i] = SCALED (u, i, (short) 300, (unsigned char) 200);
    }
  for (int i = 0; i < N; i++)
    {
      want.both[i] = BOTH (want.mask, c, i, 1);
      rcount += want.mask[i];
      rany = rany | (want.both[i] && want.flags[i] == 7);
      rsome |= want.both[i];
      revery &= want.mask[i] | (c[i] > -100);
    }

  int nx = 45, ny = 23;
  _Bool (*m)[nx] = test_xmalloc (sizeof (_Bool[ny][nx]));
  _Bool (*e)[nx] = test_xmalloc (sizeof (_Bool[ny][nx]));
  _Bool (*re)[nx] = test_xmalloc (sizeof (_Bool[ny][nx]));
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      {
        m[y][x] = (x - 20) * (x - 20) + 4 * (y - 11) * (y - 11) < 300
                  || (x * 7 + y * 3) % 11 == 0;
        e[y][x] = re[y][x] = (x + y) % 2;
      }
  edges_mint (nx, ny, m, e);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      re[y][x] = EDGE (m, y, x);

  printf ("count %d (cpu %d), any %d (cpu %d)\n", count, rcount, any, rany);
  int status = test_report ("char flags", max_error (got.flags, want.flags,
                                                     N), TOL_EXACT);
  status |= test_report ("char quotients", max_error (got.quot, want.quot,
                                                      N), TOL_EXACT);
  status |= test_report ("_Bool mask", max_error (got.mask, want.mask, N),
                         TOL_EXACT);
  status |= test_report ("_Bool logic", max_error (got.both, want.both, N),
                         TOL_EXACT);
  status |= test_report ("short scaled", max_error (got.scaled, want.scaled,
                                                    N), TOL_EXACT);
  status |= test_report ("count", max_error (&count, &rcount, 1), TOL_EXACT);
  status |= test_report ("any", max_error (&any, &rany, 1), TOL_EXACT);
  status |= test_report ("some", max_error (&some, &rsome, 1), TOL_EXACT);
  status |= test_report ("every", max_error (&every, &revery, 1), TOL_EXACT);
  status |= test_report ("edges", max_error (&e[0][0], &re[0][0],
                                             (size_t) nx * ny), TOL_EXACT);
  if (rcount == 0 || rcount == N || !rany || !rsome || revery)
    status |= test_report ("the data have both values", 1, 0);
  free (m);
  free (e);
  free (re);
  return status;
}
