/* An update(..., toDevice) of an array that kernels of its region write
   but no host code of the region writes moves the host's values from
   before the region: on the elements a kernel wrote, it puts them back,
   where the plain program (the update does nothing there) keeps the
   kernels' results.  A warning at the update; so where host code of the
   region writes the array only at fixed elements, fewer than the update
   moves (u[0] = t, then all of u); none where host code of the region
   writes the array (or one it swaps with) elsewhere, gives it to a
   function, where the update moves no more than the fixed elements
   written, or where no kernel writes it.  */
/* { dg-do compile } */

#define N 64

void set_row (double *row, int n);

void
stale (double (*u)[N], double (*v)[N])
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < 10; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                              + u[y + 1][x]);
#pragma mint update(v, toDevice, 0:N, 0:N) /* { dg-warning "this update copies .v. to the device, but no host code of the .parallel. region writes it: on the elements a kernel wrote, it puts back the values from before the region" } */
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            u[y][x] = v[y][x];
      }
  }
#pragma mint copy(u, fromDevice, N, N)
}

/* The host sets a row of the array it swaps in, then moves it.  */
void
written (double (*u)[N], double (*v)[N], double (*k)[N])
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint copy(k, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < 10; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            v[y][x] = k[y][x] * (u[y][x - 1] + u[y][x + 1]);
#pragma mint single
        {
          double (*s)[N] = u;
          u = v;
          v = s;
          for (int x = 0; x < N; x++)
            u[0][x] = t;
        }
#pragma mint update(u, toDevice, 0:N, 0:1)
#pragma mint update(k, toDevice, 0:N, 0:N)
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
}

/* A function sets the row.  */
void
called (double (*u)[N], double (*v)[N])
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        v[y][x] = u[y][x - 1] + u[y][x + 1];
    set_row (v[0], N);
#pragma mint update(v, toDevice, 0:N, 0:1)
#pragma mint for nest(all)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        u[y][x] = v[y - 1][x];
  }
#pragma mint copy(u, fromDevice, N, N)
}

/* The host sets one element, then moves the whole array, or that
   element and the corner only.  */
static double g[N];
static double h[N];

void
fixed (int steps)
{
#pragma mint copy(g, toDevice, N)
#pragma mint copy(h, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N; i++)
          g[i] = g[i] + 1;
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          h[i] = 0.5 * g[i];
        g[0] = t;
        h[0] = t;
        h[N - 1] = -t;
#pragma mint update(g, toDevice, 0:N) /* { dg-warning "this update copies 64 elements of .g. to the device, but host code of the .parallel. region writes 1: on the elements a kernel wrote" } */
#pragma mint update(h, toDevice, 0:1)
#pragma mint update(h, toDevice, N - 1:1)
      }
  }
#pragma mint copy(g, fromDevice, N)
#pragma mint copy(h, fromDevice, N)
}

/* A row that host code sets with memcpy, which GCC folds into one store
   of the row's bytes, is written whole, not at one element: no warning
   for the update that moves it.  */
static double r[N][N], s[N][N], row0[N];

void
row_by_memcpy (int steps)
{
#pragma mint copy(r, toDevice, N, N)
#pragma mint copy(s, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < N; y++)
          for (int x = 0; x < N; x++)
            r[y][x] = 2 * s[y][x];
        __builtin_memcpy (r[0], row0, sizeof row0);
#pragma mint update(r, toDevice, 0:N, 0:1) /* { dg-bogus "update copies" } */
      }
  }
#pragma mint copy(r, fromDevice, N, N)
}
