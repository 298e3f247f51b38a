/* Arrays of more than 4 dimensions are an error at the copy, and so is
   a pointer chain of 4 (its note suggests a 4-D array); a 4-D array or a
   pointer to a whole 3-D array takes 4 extents, a pointer to a whole 2-D
   array 3 (the note says the last is 1 for the one array it points to).
   A kernel using an array whose copy was refused gets no second error
   (never copied).  */
/* { dg-do compile } */

#define N 8
typedef double grid[N][N][N];
typedef float plane[N][N];

void
f (double (*a)[N][N][N], grid *g, plane *p, plane *q, double (*h)[N][N][N][N],
   double ****c)
{
#pragma mint copy(p, toDevice, N, N) /* { dg-error ".p. has 3 dimensions but 2 extents were given" } */
#pragma mint copy(q, toDevice, N, N, 1)
#pragma mint copy(a, toDevice, N, N, N) /* { dg-error ".a. has 4 dimensions but 3 extents were given" } */
#pragma mint copy(g, toDevice, N, N, N, 1)
#pragma mint copy(h, toDevice, N, N, N, N, 1) /* { dg-error ".h. has 5 dimensions; at most 4 are supported" } */
#pragma mint copy(c, toDevice, N, N, N, N) /* { dg-error ".c. has 4 dimensions; at most 3 are supported" } */
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++)
        p[0][y][x] = q[0][y][x] + a[0][0][y][x] + g[0][1][y][x]
                     + h[0][0][0][y][x] + c[0][0][y][x];
  }
}

/* { dg-message "points to a whole array, .double\\\[8\\\]\\\[8\\\]\\\[8\\\]..* its last extent is the number of such arrays" "" { target *-*-* } 19 } */
/* { dg-message "a stack of 3-D arrays can be one array of 4 dimensions" "" { target *-*-* } 22 } */
