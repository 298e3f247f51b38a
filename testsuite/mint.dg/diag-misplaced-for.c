/* Clauses and directives in the wrong place: tile and chunksize sizes
   for more dimensions than the parallel loop nest has (tile(32, 8)
   without nest(all)) are ignored, with a warning and a note where more
   loops are nested, also in the count of threads (tile(16, 16, 16) of
   nest(2) was a false error); a `for' on the time loop makes its pointer swap a
   race, and the error says where the directive belongs.  */
/* { dg-do compile } */

void
rows (int w, int h, float (*a)[w], float (*b)[w])
{
#pragma mint copy(a, toDevice, w, h)
#pragma mint copy(b, toDevice, w, h)
#pragma mint parallel
  {
#pragma mint for tile(32, 8) /* { dg-warning ".tile. gives sizes for 2 dimensions, but the parallel loop nest has 1: those past the first 1 are ignored" } */
    /* { dg-message ".nest\\(2\\). makes the directive parallelize 2 of the 2 loops nested here" "" { target *-*-* } 16 } */
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        b[y][x] = a[y][x - 1] + a[y][x + 1];
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) /* { dg-warning ".tile. gives sizes for 3 dimensions, but the parallel loop nest has 2" } */
    /* { dg-warning ".chunksize. gives sizes for 3 dimensions" "" { target *-*-* } 21 } */
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        a[y][x] = b[y][x];
#pragma mint for nest(2) tile(16, 16, 16) /* { dg-warning ".tile. gives sizes for 3 dimensions, but the parallel loop nest has 2" } */
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        b[y][x] = a[y][x];
  }
#pragma mint copy(a, fromDevice, w, h)
}

void
time_loop (int n, int steps, float *u, float *v)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int t = 0; t < steps; t++)
      {
        for (int i = 1; i < n - 1; i++)
          v[i] = 0.5f * (u[i - 1] + u[i + 1]);
        float *s = u;
        u = v; /* { dg-error "write to the pointer .u., which is declared outside the loop nest, is a data race: the points of the nest run at once; a swap between time steps belongs to the host code around the .for. loop nest" } */
        v = s; /* { dg-error "write to the pointer .v." } */
      }
  }
#pragma mint copy(u, fromDevice, n)
}
