/* Flags: a min or max variable that the body sets to one constant K.
   The program ends with K where a point set it, whatever the variable
   held before, and with that value where none did: an int set to 1 that
   starts at 5, an unsigned short set to 12 under min that starts at 9, a
   float set to -2 under max, a flag no point sets, one in a loop of the
   body, two flags of one kernel, and a _Bool set to 1 beside |, which
   is an update (1 is its greatest value).  */
/* { dg-do run } */
#include "mint-test.h"

struct flags
{
  int changed, never, looped;
  unsigned short small;
  float fl;
  long wide;
  _Bool seen;
};

static void
flags_mint (int n, double (*a)[n], double (*b)[n], int start,
            struct flags *f)
{
  int changed = start, never = start + 2, looped = start;
  unsigned short small = 9;
  float fl = 3.5f;
  long wide = 40;
  _Bool seen = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(max:changed)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] != b[y][x])
          changed = 1;
#pragma mint for nest(2) reduction(max:never)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] < -1.0)
          never = 1;
#pragma mint for nest(2) reduction(min:small) reduction(max:fl, wide)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] != b[y][x])
          {
            small = 12;
            fl = -2.0f;
            if (x > 2)
              wide = 7;
          }
#pragma mint for nest(2) reduction(max:looped)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        for (int q = 0; q < 3; q++)
          if (a[y][x] + q > 1.9 * n)
            looped = 2;
#pragma mint for nest(2) reduction(max:seen)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          seen |= a[y][x] > 0.5 * n;
          if (b[y][x] < 0.0)
            seen = 1;
        }
  }
  *f = (struct flags) { changed, never, looped, small, fl, wide, seen };
}

static void
flags_plain (int n, double (*a)[n], double (*b)[n], int start,
             struct flags *f)
{
  *f = (struct flags) { start, start + 2, start, 9, 3.5f, 40, 0 };
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        if (a[y][x] != b[y][x])
          {
            f->changed = 1;
            f->small = 12;
            f->fl = -2.0f;
            if (x > 2)
              f->wide = 7;
          }
        if (a[y][x] < -1.0)
          f->never = 1;
        for (int q = 0; q < 3; q++)
          if (a[y][x] + q > 1.9 * n)
            f->looped = 2;
        f->seen |= a[y][x] > 0.5 * n;
        if (b[y][x] < 0.0)
          f->seen = 1;
      }
}

int
main (int argc, char **argv)
{
  int n = 37, start = argc + 4;
  double (*a)[n] = test_xmalloc (sizeof (double) * n * n);
  double (*b)[n] = test_xmalloc (sizeof (double) * n * n);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      a[y][x] = b[y][x] = x + y;
  b[29][11] = -3.0;
  b[5][30] += 1.0;
  (void) argv;

  struct flags r, ref;
  flags_mint (n, a, b, start, &r);
  flags_plain (n, a, b, start, &ref);
  printf ("changed %d (cpu %d), never %d (cpu %d), looped %d (cpu %d), "
          "small %d (cpu %d), fl %g (cpu %g), wide %ld (cpu %ld), seen %d "
          "(cpu %d)\n", r.changed, ref.changed, r.never, ref.never, r.looped,
          ref.looped, r.small, ref.small, r.fl, ref.fl, r.wide, ref.wide,
          r.seen, ref.seen);
  int status = r.changed != ref.changed || r.never != ref.never
               || r.looped != ref.looped || r.small != ref.small
               || r.fl != ref.fl || r.wide != ref.wide || r.seen != ref.seen;
  status |= ref.changed != 1 || ref.never != start + 2 || ref.looped != 2
            || ref.small != 12 || ref.wide != 7 || !ref.seen;
  printf ("%s\n", status ? "FAIL" : "PASS");
  return status;
}
