/* Updates of ping-pong pointers over two fixed-size arrays (`double
   (*a)[NX] = u, (*b)[NX] = v;', swapped after each step): a source box
   written on the host through the pointer and moved toDevice every few
   steps, and a probe row moved toHost after the swap and read through
   the pointer.  Each update acts on the device array the pointer holds
   at that moment; the probes and both arrays equal the plain
   program's.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 50
#define NY 40
#define STEPS 30

static double u[NY][NX], v[NY][NX], ru[NY][NX], rv[NY][NX];

#define STEP(dst, src)                                                    \
  for (int j = 1; j < NY - 1; j++)                                        \
    for (int i = 1; i < NX - 1; i++)                                      \
      dst[j][i] = src[j][i] + 0.2 * (src[j][i - 1] + src[j][i + 1]        \
                                     + src[j - 1][i] + src[j + 1][i]      \
                                     - 4.0 * src[j][i])

#define INJECT(a, t)                                                      \
  for (int j = 18; j < 22; j++)                                           \
    for (int i = 10; i < 14; i++)                                         \
      a[j][i] = 10.0 + (t)

static double
probe (double (*a)[NX])
{
  double s = 0.0;
  for (int i = 0; i < NX; i++)
    s += a[20][i] * i;
  return s;
}

static void
steps (double *hist)
{
  double (*a)[NX] = u, (*b)[NX] = v;
  int nh = 0;
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
        if (t % 5 == 3)
          {
            INJECT (a, t);
#pragma mint update(a, toDevice, 10:4, 18:4)
          }
#pragma mint for nest(all)
        STEP (b, a);
        double (*tmp)[NX] = a;
        a = b;
        b = tmp;
        if (t % 5 == 4)
          {
#pragma mint update(a, toHost, 0:NX, 20:1)
            hist[nh++] = probe (a);
          }
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
steps_plain (double *hist)
{
  double (*a)[NX] = ru, (*b)[NX] = rv;
  int nh = 0;
  for (int t = 0; t < STEPS; t++)
    {
      if (t % 5 == 3)
        INJECT (a, t);
      STEP (b, a);
      double (*tmp)[NX] = a;
      a = b;
      b = tmp;
      if (t % 5 == 4)
        hist[nh++] = probe (a);
    }
}

int
main (void)
{
  double hist[STEPS / 5], rhist[STEPS / 5];
  fill (&u[0][0], NX, NY, 1, 1);
  fill (&ru[0][0], NX, NY, 1, 1);
  fill (&v[0][0], NX, NY, 1, 2);
  fill (&rv[0][0], NX, NY, 1, 2);
  steps (hist);
  steps_plain (rhist);
  int status = test_report ("probes", max_error (hist, rhist, STEPS / 5),
                            TOL_DOUBLE);
  status |= test_report ("u", max_error (&u[0][0], &ru[0][0], NX * NY),
                         TOL_DOUBLE);
  status |= test_report ("v", max_error (&v[0][0], &rv[0][0], NX * NY),
                         TOL_DOUBLE);
  return status;
}
