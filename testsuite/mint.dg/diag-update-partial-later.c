/* After a region that does not copy an array back but moves it toHost
   with `update' after its last kernel: host code reads only what the
   updates move.  A read of a row outside every update's range is an
   error with a note at the update; so is a later region's copy to the
   device of the whole array, where the updates move part of it.  Rows
   the updates move, and a whole update, are fine.  */
/* { dg-do compile } */

#define N 40

double monitor (double);

/* The region's kernels: U from V and back.  */
#define STEPS(u, v, steps)                                               \
  for (int t = 0; t < (steps); t++)                                      \
    {                                                                    \
      _Pragma ("mint for nest(all)")                                     \
      for (int j = 0; j < N; j++)                                        \
        for (int i = 0; i < N; i++)                                      \
          v[j][i] = u[j][i] + 1.0;                                       \
      _Pragma ("mint for nest(all)")                                     \
      for (int j = 0; j < N; j++)                                        \
        for (int i = 0; i < N; i++)                                      \
          u[j][i] = 0.5 * v[j][i];                                       \
    }

static double u1[N][N], v1[N][N];

double
read_outside_the_update (int steps)
{
#pragma mint copy(u1, toDevice, N, N)
#pragma mint copy(v1, toDevice, N, N)
#pragma mint parallel
  {
    STEPS (u1, v1, steps)
#pragma mint update(u1, toHost, 0:N, 0:1) /* { dg-message "this update of .u1. moves none of the elements that host code reads at line 44" } */
  }
#pragma mint copy(v1, fromDevice, N, N)
  double s = 0;
  for (int i = 0; i < N; i++)
    s += u1[0][i];
  for (int i = 0; i < N; i++)
    s += u1[5][i]; /* { dg-error "host code reads an element of .u1. after the .parallel. region, whose kernels write the array on the device, which does not copy it back, and whose updates to the host do not move that element" } */
  return s;
}

static double u2[N][N], v2[N][N];

double
rows_moved (int steps)
{
#pragma mint copy(u2, toDevice, N, N)
#pragma mint copy(v2, toDevice, N, N)
#pragma mint parallel
  {
    STEPS (u2, v2, steps)
#pragma mint update(u2, toHost, 0:N, 0:2)
#pragma mint update(u2, toHost, 0:N, 5:1)
  }
#pragma mint copy(v2, fromDevice, N, N)
  double s = 0;
  for (int i = 0; i < N; i++)
    s += u2[0][i] + u2[1][i] + u2[5][i];
  return s;
}

static double u3[N][N], v3[N][N];

void
copied_again (int steps)
{
#pragma mint copy(u3, toDevice, N, N)
#pragma mint copy(v3, toDevice, N, N)
#pragma mint parallel
  {
    STEPS (u3, v3, steps)
#pragma mint update(u3, toHost, 0:N, 1:N - 2) /* { dg-message "this update of .u3. moves part of it" } */
  }
#pragma mint copy(v3, fromDevice, N, N)
#pragma mint copy(u3, toDevice, N, N) /* { dg-error "this copy of .u3. to the device copies the elements on the host, which the kernels of an earlier .parallel. region wrote on the device without copying them back" } */
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        u3[j][i] *= 2;
  }
#pragma mint copy(u3, fromDevice, N, N)
}

static double u4[N][N], v4[N][N];

void
copied_again_whole (int steps)
{
#pragma mint copy(u4, toDevice, N, N)
#pragma mint copy(v4, toDevice, N, N)
#pragma mint parallel
  {
    STEPS (u4, v4, steps)
#pragma mint update(u4, toHost, 0:N, 0:N / 2)
#pragma mint update(u4, toHost, 0:N, N / 2:N - N / 2)
  }
#pragma mint copy(v4, fromDevice, N, N)
#pragma mint copy(u4, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        u4[j][i] *= 2;
  }
#pragma mint copy(u4, fromDevice, N, N)
}
