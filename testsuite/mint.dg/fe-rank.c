/* Arrays of more than 3 dimensions are an error at the copy, also a
   pointer to a whole 3-D array (its note suggests a pointer to the first
   plane).  */
/* { dg-do compile } */

#define N 8
typedef double grid[N][N][N];

void
f (double (*a)[N][N][N], grid *g)
{
#pragma mint copy(a, toDevice, N, N, N) /* { dg-error ".a. has 4 dimensions; at most 3 are supported" } */
#pragma mint copy(g, toDevice, N, N, N) /* { dg-error ".g. has 4 dimensions; at most 3 are supported" } */
#pragma mint parallel
  {
  }
}
