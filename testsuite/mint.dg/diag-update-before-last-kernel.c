/* Host code after a region reads an array that the region's kernels
   write and that it does not copy back, but moves with `update' toHost:
   the read sees the kernels' last values only where every path from a
   kernel that writes the array to the region's end passes such an
   update.  An update of a monitoring step, which later steps' kernels
   follow, gets a warning at the read, with a note at the update; an
   update after the time loop, also before a kernel that only reads the
   array, or at the end of every step, gets none.  */
/* { dg-do compile } */

#define N 16

#define JACOBI(u, v)                                                     \
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

double
update_while_monitoring (int steps)
{
#pragma mint copy(u1, toDevice, N, N)
#pragma mint copy(v1, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (u1, v1)
        if (t % 4 == 3)
          {
#pragma mint update(u1, toHost, 0:N, 0:N) /* { dg-message "kernels that write .u1. may run after this update of it" } */
            monitor (u1[2][N / 2]);
          }
      }
  }
  return u1[N / 2][N / 2]; /* { dg-warning "host code reads an element of .u1. after the .parallel. region, whose kernels may write the array on the device after its last .update. to the host" } */
}

static double u2[N][N], v2[N][N];

double
update_after_loop (int steps)
{
#pragma mint copy(u2, toDevice, N, N)
#pragma mint copy(v2, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (u2, v2)
      }
#pragma mint update(u2, toHost, 0:N, 0:N)
  }
  return u2[N / 2][N / 2]; /* { dg-bogus "host code reads" } */
}

static double u3[N][N], v3[N][N];

double
update_before_norm (int steps)
{
  double norm = 0;
#pragma mint copy(u3, toDevice, N, N)
#pragma mint copy(v3, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (u3, v3)
      }
#pragma mint update(u3, toHost, 0:N, 0:N)
#pragma mint for nest(all) reduction(+:norm)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++)
        norm += u3[y][x] * u3[y][x];
  }
  return u3[N / 2][N / 2] / norm; /* { dg-bogus "host code reads" } */
}

static double u4[N][N], v4[N][N];

double
update_every_step (int steps)
{
#pragma mint copy(u4, toDevice, N, N)
#pragma mint copy(v4, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (u4, v4)
#pragma mint update(u4, toHost, 0:N, N / 2:1)
        monitor (u4[N / 2][3]);
      }
  }
  return u4[N / 2][N / 2]; /* { dg-bogus "host code reads" } */
}
