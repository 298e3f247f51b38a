/* Updates that do not move what host code of the region, or after it,
   needs.

   After the region: host code reads an array that the region's kernels
   write and that it does not copy back, but moves with `update' toHost:
   the read sees the kernels' last values only where every path from a
   kernel that writes the array to the region's end passes such an
   update.  An update of a monitoring step, which later steps' kernels
   follow, gets a warning at the read, with a note at the update; an
   update after the time loop, also before a kernel that only reads the
   array, or at the end of every step, gets none.

   In the region: host code that writes (reads) an element at a constant
   subscript that the region's update toDevice (toHost) does not move,
   its constant range in that dimension being elsewhere (an inflow row
   set on the host beside an update of the other boundary row), is an
   error as without the update, with a note at the update.  So is a
   host loop's write (read) of rows 0 to N - 1 where the region's
   updates move only some of them.  An update whose range holds the
   subscript, updates that together hold a loop's rows, a subscript
   that is not a constant, or a loop's variable whose range is not
   constant or that skips rows, is fine.  */
/* { dg-do compile } */

#define N 16

/* One step of Jacobi over u through v.  */
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

static double g1[N][N], h1[N][N];

void
inflow_other_row (int steps)
{
#pragma mint copy(g1, toDevice, N, N)
#pragma mint copy(h1, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          g1[N - 1][x] = 1.0 + t; /* { dg-error "host code writes an element of .g1. in the .parallel. region" } */
#pragma mint update(g1, toDevice, 0:N, 0:1) /* { dg-message "this update of .g1. moves none of the elements that host code writes at line 135" } */
        JACOBI (g1, h1)
      }
  }
#pragma mint copy(g1, fromDevice, N, N)
}

static double g2[N][N], h2[N][N];

void
inflow_same_row (int steps)
{
#pragma mint copy(g2, toDevice, N, N)
#pragma mint copy(h2, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          g2[N - 1][x] = 1.0 + t; /* { dg-bogus "host code writes" } */
#pragma mint update(g2, toDevice, 0:N, N - 1:1)
        JACOBI (g2, h2)
      }
  }
#pragma mint copy(g2, fromDevice, N, N)
}

static double g3[N][N], h3[N][N];

void
inflow_row_chosen (int steps, int r)
{
#pragma mint copy(g3, toDevice, N, N)
#pragma mint copy(h3, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int x = 0; x < N; x++)
          g3[r][x] = 1.0 + t; /* { dg-bogus "host code writes" } */
#pragma mint update(g3, toDevice, 0:N, 0:1)
        JACOBI (g3, h3)
      }
  }
#pragma mint copy(g3, fromDevice, N, N)
}

static double g4[N][N], h4[N][N];

void
probe_other_row (int steps)
{
#pragma mint copy(g4, toDevice, N, N)
#pragma mint copy(h4, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (g4, h4)
#pragma mint update(g4, toHost, 0:N, 1:1) /* { dg-message "this update of .g4. does not move the element that host code reads at line 196" } */
        monitor (g4[1][3] + g4[2][3]); /* { dg-error "host code reads an element of .g4. in the .parallel. region" } */
      }
  }
#pragma mint copy(g4, fromDevice, N, N)
}

static double g5[N][N], h5[N][N];

void
probe_same_row (int steps)
{
#pragma mint copy(g5, toDevice, N, N)
#pragma mint copy(h5, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (g5, h5)
#pragma mint update(g5, toHost, 0:N, 1:2)
        monitor (g5[1][3] + g5[2][3]); /* { dg-bogus "host code reads" } */
      }
  }
#pragma mint copy(g5, fromDevice, N, N)
}

/* A boundary column that a host loop writes, row by row.  */
#define COLUMN(g, first, last)                                           \
  for (int y = first; y <= last; y++)                                    \
    g[y][N - 1] = 1.0 + t

static double c1[N][N], d1[N][N];

void
column_rows_left_out (int steps)
{
#pragma mint copy(c1, toDevice, N, N)
#pragma mint copy(d1, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        for (int y = 0; y < N; y++)
          c1[y][N - 1] = 1.0 + t; /* { dg-error "host code writes an element of .c1. in the .parallel. region" } */
#pragma mint update(c1, toDevice, N - 1:1, 1:N - 2) /* { dg-message "this update of .c1. does not move every element that host code writes at line 238" } */
        JACOBI (c1, d1)
      }
  }
#pragma mint copy(c1, fromDevice, N, N)
}

static double c2[N][N], d2[N][N];

void
column_rows_in_two_updates (int steps)
{
#pragma mint copy(c2, toDevice, N, N)
#pragma mint copy(d2, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        COLUMN (c2, 0, N - 1); /* { dg-bogus "host code writes" } */
#pragma mint update(c2, toDevice, N - 1:1, 1:N - 2)
#pragma mint update(c2, toDevice, N - 1:1, 0:1)
#pragma mint update(c2, toDevice, N - 1:1, N - 1:1)
        JACOBI (c2, d2)
      }
  }
#pragma mint copy(c2, fromDevice, N, N)
}

static double c3[N][N], d3[N][N];

void
column_rows_updated (int steps)
{
#pragma mint copy(c3, toDevice, N, N)
#pragma mint copy(d3, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        COLUMN (c3, 1, N - 2); /* { dg-bogus "host code writes" } */
#pragma mint update(c3, toDevice, N - 1:1, 1:N - 2)
        for (int y = 0; y < N; y += 2)
          c3[y][0] = 2.0; /* { dg-bogus "host code writes" } */
#pragma mint update(c3, toDevice, 0:1, 1:N - 2)
        JACOBI (c3, d3)
      }
  }
#pragma mint copy(c3, fromDevice, N, N)
}

static double c4[N][N], d4[N][N];

void
column_rows_to_n (int steps, int n)
{
#pragma mint copy(c4, toDevice, N, N)
#pragma mint copy(d4, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        COLUMN (c4, 0, n); /* { dg-bogus "host code writes" } */
#pragma mint update(c4, toDevice, N - 1:1, 1:N - 2)
        JACOBI (c4, d4)
      }
  }
#pragma mint copy(c4, fromDevice, N, N)
}

static double c5[N][N], d5[N][N];

void
probe_rows_left_out (int steps)
{
#pragma mint copy(c5, toDevice, N, N)
#pragma mint copy(d5, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (c5, d5)
#pragma mint update(c5, toHost, 0:N, 0:N / 2) /* { dg-message "this update of .c5. does not move every element that host code reads at line 322" } */
        for (int y = 0; y < N; y++)
          monitor (c5[y][3]); /* { dg-error "host code reads an element of .c5. in the .parallel. region" } */
      }
  }
#pragma mint copy(c5, fromDevice, N, N)
}

/* The same through pointers to rows (malloc'ed grids): a row read at a
   constant that the update does not move, a loop's rows of which it
   moves only some, and a row it moves.  */
void
pointer_row_left_out (int steps, double (*p)[N], double (*q)[N])
{
#pragma mint copy(p, toDevice, N, N)
#pragma mint copy(q, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (p, q)
#pragma mint update(p, toHost, 0:N, N / 2:1) /* { dg-message "this update of .p. does not move the element that host code reads at line 342" } */
        monitor (p[1][3]); /* { dg-error "host code reads an element of .p. in the .parallel. region" } */
      }
  }
#pragma mint copy(p, fromDevice, N, N)
}

void
pointer_rows_left_out (int steps, double (*p)[N], double (*q)[N])
{
#pragma mint copy(p, toDevice, N, N)
#pragma mint copy(q, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (p, q)
#pragma mint update(p, toHost, 0:N, 0:N / 2) /* { dg-message "this update of .p. does not move every element that host code reads at line 360" } */
        for (int y = 0; y < N; y++)
          monitor (p[y][3]); /* { dg-error "host code reads an element of .p. in the .parallel. region" } */
      }
  }
#pragma mint copy(p, fromDevice, N, N)
}

void
pointer_row_moved (int steps, double (*p)[N], double (*q)[N])
{
#pragma mint copy(p, toDevice, N, N)
#pragma mint copy(q, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        JACOBI (p, q)
#pragma mint update(p, toHost, 0:N, N / 2:1)
        monitor (p[N / 2][3]); /* { dg-bogus "host code reads" } */
      }
  }
#pragma mint copy(p, fromDevice, N, N)
}

/* A flat grid copied with two extents, read on the host at a row the
   update moves: its flat subscript is no row's (none).  */
void
flat_row_moved (int steps, double *p, double *q)
{
#pragma mint copy(p, toDevice, N, N)
#pragma mint copy(q, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            q[y * N + x] = 0.5 * (p[y * N + x - 1] + p[y * N + x + 1]);
#pragma mint update(q, toHost, 0:N, 1:1)
        for (int x = 0; x < N; x++)
          monitor (q[1 * N + x]); /* { dg-bogus "host code reads" } */
      }
  }
#pragma mint copy(q, fromDevice, N, N)
}
