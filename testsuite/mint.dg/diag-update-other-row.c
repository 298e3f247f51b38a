/* Host code in a region that writes (reads) an element at a constant
   subscript that the region's update toDevice (toHost) does not move,
   its constant range in that dimension being elsewhere: an inflow row
   set on the host beside an update of the other boundary row.  The
   write is an error as without the update, with a note at the update;
   so is the read.  An update whose range holds the subscript, or a
   subscript that is not a constant, is fine.  */
/* { dg-do compile } */

#define N 16

#define SWEEP(u, v)                                                      \
  _Pragma ("mint for nest(all)")                                         \
  for (int y = 1; y < N - 1; y++)                                        \
    for (int x = 1; x < N - 1; x++)                                      \
      v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]          \
                        + u[y + 1][x]);                                  \
  _Pragma ("mint for nest(all)")                                         \
  for (int y = 1; y < N - 1; y++)                                        \
    for (int x = 1; x < N - 1; x++)                                      \
      u[y][x] = v[y][x];

double monitor (double);

static double u1[N][N], v1[N][N];

void
inflow_other_row (int steps)
{
#pragma mint copy(u1, toDevice, N, N)
#pragma mint copy(v1, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          u1[N - 1][x] = 1.0 + t; /* { dg-error "host code writes an element of .u1. in the .parallel. region" } */
#pragma mint update(u1, toDevice, 0:N, 0:1) /* { dg-message "this update of .u1. does not move the element that host code writes at line 37" } */
        SWEEP (u1, v1)
      }
  }
#pragma mint copy(u1, fromDevice, N, N)
}

static double u2[N][N], v2[N][N];

void
inflow_same_row (int steps)
{
#pragma mint copy(u2, toDevice, N, N)
#pragma mint copy(v2, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          u2[N - 1][x] = 1.0 + t; /* { dg-bogus "host code writes" } */
#pragma mint update(u2, toDevice, 0:N, N - 1:1)
        SWEEP (u2, v2)
      }
  }
#pragma mint copy(u2, fromDevice, N, N)
}

static double u3[N][N], v3[N][N];

void
inflow_row_chosen (int steps, int r)
{
#pragma mint copy(u3, toDevice, N, N)
#pragma mint copy(v3, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          u3[r][x] = 1.0 + t; /* { dg-bogus "host code writes" } */
#pragma mint update(u3, toDevice, 0:N, 0:1)
        SWEEP (u3, v3)
      }
  }
#pragma mint copy(u3, fromDevice, N, N)
}

static double u4[N][N], v4[N][N];

void
probe_other_row (int steps)
{
#pragma mint copy(u4, toDevice, N, N)
#pragma mint copy(v4, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SWEEP (u4, v4)
#pragma mint update(u4, toHost, 0:N, 1:1) /* { dg-message "this update of .u4. does not move the element that host code reads at line 98" } */
        monitor (u4[1][3] + u4[2][3]); /* { dg-error "host code reads an element of .u4. in the .parallel. region" } */
      }
  }
#pragma mint copy(u4, fromDevice, N, N)
}

static double u5[N][N], v5[N][N];

void
probe_same_row (int steps)
{
#pragma mint copy(u5, toDevice, N, N)
#pragma mint copy(v5, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SWEEP (u5, v5)
#pragma mint update(u5, toHost, 0:N, 1:2)
        monitor (u5[1][3] + u5[2][3]); /* { dg-bogus "host code reads" } */
      }
  }
#pragma mint copy(u5, fromDevice, N, N)
}
