/* A function whose region copies a global array to the device, and whose
   kernels write it, but copies it back nowhere (a stage meant to run in
   its caller's region) loses those writes where a call outside any
   region makes it run: a warning at the call where host code after it
   may read the global (an element, or a function of the unit that
   reaches it; in a function other than main, its callers may), with a
   note at the function.  None where a region around the call, or around
   a call of the function that makes it, holds the global; none where
   nothing after the call reads it; none for a global the kernels only
   read or one the function copies back.  A global structure's member
   counts as a global; a read in the loop's next iteration, and a later
   region's copy toDevice (also in a function called), count as reads;
   a function that a region reaches elsewhere (step) warns at its own
   callers outside regions.  A call through a local pointer set only to
   the function is a call of it.  */
/* { dg-do compile } */

#define N 64
double g[N][N], h[N][N], k[N][N], result;
struct fields
{
  double a[N];
} F;

static void
smooth (int n) /* { dg-message ".smooth. copies .h. to the device in a .parallel. region whose kernels write it, but not back" } */
{
#pragma mint copy(g, toDevice, N, N)
#pragma mint copy(h, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        h[y][x] = 0.25 * (g[y][x - 1] + g[y][x + 1] + g[y - 1][x]
                          + g[y + 1][x]);
  }
}

static void
complete (int n)
{
#pragma mint copy(g, toDevice, N, N)
#pragma mint copy(k, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        k[y][x] = g[y][x] + 1;
  }
#pragma mint copy(k, fromDevice, N, N)
}

static void
scale (void) /* { dg-message ".scale. copies .F.a. to the device" } */
{
#pragma mint copy(F.a, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      F.a[i] = 2 * F.a[i];
  }
}

static void
use_h (void)
{
#pragma mint copy(k, toDevice, N, N)
#pragma mint copy(h, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++)
        k[y][x] = h[y][x] + 1;
  }
#pragma mint copy(k, fromDevice, N, N)
}

static void
step (void)
{
  smooth (N);
}

static void
library_step (void)
{
  smooth (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h. on the device, which no region copies back" } */
}

static double
total (void)
{
  double t = 0;
  for (int i = 0; i < N; i++)
    t += h[i][1];
  return t;
}

static double
other (void)
{
  double t = 0;
  for (int i = 0; i < N; i++)
    t += k[i][1] + g[i][1];
  return t;
}

static int
in_region (void)
{
#pragma mint copy(g, toDevice, N, N)
#pragma mint copy(h, toDevice, N, N)
#pragma mint parallel
  {
    smooth (N);
    step ();
  }
#pragma mint copy(h, fromDevice, N, N)
  return h[1][1] > 0;
}


int
main (void)
{
  int r = in_region ();
  complete (N);
  result = other ();
  library_step ();
  smooth (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h." } */
  result += total ();
  smooth (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h." } */
  result += h[2][2];
  scale (); /* { dg-warning "call to .scale. outside any .parallel. region writes the global .F.a." } */
  result += F.a[1];
  void (*smoothing) (int) = smooth;
  smoothing (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h." } */
  result += h[4][4];
  for (int t = 0; t < 4; t++)
    {
      result += h[1][1];
      smooth (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h." } */
    }
  smooth (N); /* { dg-warning "call to .smooth. outside any .parallel. region writes the global .h." } */
  use_h ();
  step (); /* { dg-warning "call to .step. outside any .parallel. region writes the global .h." } */
  result += h[3][3];
  return r + (k[1][1] > 0);
}
