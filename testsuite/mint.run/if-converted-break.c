/* A loop of the body of constant trip count with a break, unrolled at
   level 3, whose copies' tests become selects: each copy sets the
   test's local again, and the selects of the other locals must read the
   branch's condition, not the test's next value (helper B's finding 1
   of round 82: a doubling until a threshold, after a value updated
   twice, and an integer twin in 1-D).  */
/* { dg-do run } */
#include "mint-test.h"

enum { NX = 64, NY = 40, N = 300 };

static void
doubled_mint (double (*u)[NX], double (*v)[NX])
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        {
          double m = u[y][x];
          m += u[y][x - 1];
          for (int q = 0; q < 10; q++)
            {
              if (m > 50)
                break;
              m = m * 2 + 1;
            }
          v[y][x] = m;
        }
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
doubled_cpu (double (*u)[NX], double (*v)[NX])
{
  for (int y = 1; y < NY - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      {
        double m = u[y][x] + u[y][x - 1];
        for (int q = 0; q < 10 && m <= 50; q++)
          m = m * 2 + 1;
        v[y][x] = m;
      }
}

static void
steps_mint (const int *a, int *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N; i++)
      {
        int s = a[i];
        s += a[i - 1];
        for (int q = 0; q < 2; q++)
          {
            if (s > 40)
              break;
            s = 3 * s + q;
          }
        b[i] = s;
      }
  }
#pragma mint copy(b, fromDevice, N)
}

int
main (void)
{
  double (*u)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  double (*v)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  double (*ref)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      {
        u[y][x] = ((x * 7 + y * 13) % 17) * 0.1 - 0.4;
        v[y][x] = ref[y][x] = 0;
      }
  doubled_mint (u, v);
  doubled_cpu (u, ref);
  double e = 0;
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      e = fmax (e, test_relative_error (v[y][x], ref[y][x]));
  int status = test_report ("doubled until 50", e, 0);

  int a[N], b[N] = { 0 }, want[N] = { 0 };
  for (int i = 0; i < N; i++)
    a[i] = (i * 11) % 23 - 5;
  steps_mint (a, b);
  int wrong = 0;
  for (int i = 1; i < N; i++)
    {
      int s = a[i] + a[i - 1];
      for (int q = 0; q < 2 && s <= 40; q++)
        s = 3 * s + q;
      want[i] = s;
      wrong += b[i] != want[i];
    }
  status |= test_report ("integers, two steps", wrong, 0);
  free (u);
  free (v);
  free (ref);
  return status;
}
