/* Arrays of more than 3 dimensions are an error at the copy, also a
   pointer to a whole 3-D array (its note suggests a pointer to the first
   plane); a pointer to a whole 2-D array takes 3 extents (its note says
   the last is 1 for the one array it points to).  A kernel using an
   array whose copy was refused gets no second error (never copied).  */
/* { dg-do compile } */

#define N 8
typedef double grid[N][N][N];
typedef float plane[N][N];

void
f (double (*a)[N][N][N], grid *g, plane *p, plane *q)
{
#pragma mint copy(p, toDevice, N, N) /* { dg-error ".p. has 3 dimensions but 2 extents were given" } */
#pragma mint copy(q, toDevice, N, N, 1)
#pragma mint copy(a, toDevice, N, N, N) /* { dg-error ".a. has 4 dimensions; at most 3 are supported" } */
#pragma mint copy(g, toDevice, N, N, N) /* { dg-error ".g. has 4 dimensions; at most 3 are supported" } */
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++)
        p[0][y][x] = q[0][y][x] + a[0][0][y][x];
  }
}
