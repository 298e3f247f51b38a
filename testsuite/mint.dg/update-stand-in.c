/* An update may name a local pointer that stands for arrays the region
   copies (ping-pong pointers set to them before the region and swapped
   after each step): like a launch, it acts on the device array the
   pointer holds at that moment.  Host code that writes through the
   pointer and then updates it, or updates it and then reads through it,
   is fine; where the program swaps the pointer in between, the update
   moves the other array, an error as without it.  A pointer also set to
   an array the region does not copy is refused, with a note there, and
   an update toDevice that no host code of the region writes for gets
   the stale-update warning.  */
/* { dg-do compile } */

#define N 32
static double u[N][N], v[N][N], w[N][N];

#define STEP(dst, src)                                                    \
  for (int y = 1; y < N - 1; y++)                                         \
    for (int x = 1; x < N - 1; x++)                                       \
      dst[y][x] = 0.25 * (src[y][x - 1] + src[y][x + 1] + src[y - 1][x]   \
                          + src[y + 1][x])

double
accepted (int steps)
{
  double (*a)[N] = u, (*b)[N] = v, s = 0;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        if (t % 4 == 0)
          {
            for (int x = 2; x < 6; x++)
              a[3][x] = t;
#pragma mint update(a, toDevice, 2:4, 3:1)
          }
#pragma mint for nest(all)
        STEP (b, a);
        double (*tmp)[N] = a;
        a = b;
        b = tmp;
#pragma mint update(a, toHost, 0:N, 5:1)
        s += a[5][7];
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
  return s;
}

void
swapped_before_update (int steps)
{
  double (*a)[N] = u, (*b)[N] = v;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        STEP (b, a);
        a[3][3] = 1.0; /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
        double (*tmp)[N] = a;
        a = b;
        b = tmp;
#pragma mint update(a, toDevice, 3:1, 3:1)
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
}

double
swapped_after_update (int steps)
{
  double (*a)[N] = u, (*b)[N] = v, s = 0;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        STEP (b, a);
#pragma mint update(b, toHost, 0:N, 5:1)
        double (*tmp)[N] = a;
        a = b;
        b = tmp;
        s += b[5][7]; /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
  return s;
}

void
also_uncopied (int steps, int c)
{
  double (*a)[N] = c ? u : w; /* { dg-message ".a. is set here to an array the region does not copy" } */
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint update(a, toDevice, 0:N, 0:1) /* { dg-error ".update. of .a., which is not copied to the device" } */
#pragma mint for nest(all)
        STEP (v, u);
      }
  }
#pragma mint copy(v, fromDevice, N, N)
}

void
stale (int steps)
{
  double (*a)[N] = u, (*b)[N] = v;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        STEP (b, a);
        double (*tmp)[N] = a;
        a = b;
        b = tmp;
#pragma mint update(a, toDevice, 0:N, 0:N) /* { dg-warning "this update copies .a. to the device, but no host code of the .parallel. region writes it" } */
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
}

void
too_few_ranges (int steps)
{
  double (*a)[N] = u, (*b)[N] = v;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        STEP (b, a);
        double (*tmp)[N] = a;
        a = b;
        b = tmp;
        double *row = a[0];
#pragma mint update(row, toHost, 0:N) /* { dg-error ".update. of .row. gives 1 range, but its copy gives 2 extents" } */
      }
  }
#pragma mint copy(u, fromDevice, N, N)
#pragma mint copy(v, fromDevice, N, N)
}
