/* Host code that reads through a local pointer which may hold several
   copied arrays (ping-pong pointers swapped through a third, or set by
   `?:') reads each of them: an error where one of them is stale on the
   host, after the region where that one is not copied back (its elements
   from before the region, where without mint they hold the kernels'
   results), in the region where a kernel writes it.  One error for a
   read, also where every array it may hold is stale; none where each is
   copied back or only read by the kernels.  */
/* { dg-do compile } */

#define N 16

#define PRAGMA(text) _Pragma (#text)

/* Seven Jacobi steps over u and v through the pointers a and b, swapped
   through t after each.  */
#define PING_PONG(u, v, a, b, t)                                         \
  double (*a)[N] = u, (*b)[N] = v, (*t)[N];                              \
  PRAGMA (mint copy(u, toDevice, N, N))                                  \
  PRAGMA (mint copy(v, toDevice, N, N))                                  \
  PRAGMA (mint parallel)                                                 \
  {                                                                      \
    for (int s = 0; s < 7; s++)                                          \
      {                                                                  \
        PRAGMA (mint for nest(all))                                      \
        for (int y = 1; y < N - 1; y++)                                  \
          for (int x = 1; x < N - 1; x++)                                \
            b[y][x] = 0.5 * (a[y][x - 1] + a[y][x + 1]);                 \
        t = a;                                                           \
        a = b;                                                           \
        b = t;                                                           \
      }                                                                  \
  }

static double u1[N][N], v1[N][N];

double
one_copied_back (void)
{
  PING_PONG (u1, v1, a, b, t)
#pragma mint copy(u1, fromDevice, N, N)
  return a[3][3]; /* { dg-error "host code reads an element of .v1. after the .parallel. region" } */
  /* { dg-message ".a. may point into .v1. here" "" { target *-*-* } 42 } */
}

static double u2[N][N], v2[N][N];

double
both_copied_back (void)
{
  PING_PONG (u2, v2, a, b, t)
#pragma mint copy(u2, fromDevice, N, N)
#pragma mint copy(v2, fromDevice, N, N)
  return a[3][3] + b[3][3]; /* { dg-bogus "host code reads" } */
}

static double u3[N][N], v3[N][N];

double
none_copied_back (void)
{
  PING_PONG (u3, v3, a, b, t)
  return a[3][3]; /* { dg-error "host code reads an element of .u3. after" } */
  /* { dg-message ".a. may point into .u3. here" "" { target *-*-* } 63 } */
}

static double u4[N][N], v4[N][N];

double
written_one_in_region (int c)
{
  double (*p)[N] = c ? u4 : v4;
  double r;
#pragma mint copy(u4, toDevice, N, N)
#pragma mint copy(v4, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        v4[y][x] = 0.5 * (u4[y][x - 1] + u4[y][x + 1]);
    r = p[3][3]; /* { dg-error "host code reads an element of .v4. in the .parallel. region" } */
    /* { dg-message ".p. may point into .v4. here" "" { target *-*-* } 82 } */
  }
#pragma mint copy(v4, fromDevice, N, N)
  return r;
}

static double u5[N][N], v5[N][N], w5[N][N];

double
both_only_read_in_region (int c)
{
  double (*p)[N] = c ? u5 : v5;
  double r;
#pragma mint copy(u5, toDevice, N, N)
#pragma mint copy(v5, toDevice, N, N)
#pragma mint copy(w5, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        w5[y][x] = u5[y][x - 1] + v5[y][x + 1];
    r = p[3][3]; /* { dg-bogus "host code reads" } */
  }
#pragma mint copy(w5, fromDevice, N, N)
  return r;
}
