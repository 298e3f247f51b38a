/* A 4-D array (a stack of 3-D ones) takes four extents, x first; its z
   extent must be its 3-D arrays' where both are constants, its updates
   give four ranges, and a kernel indexes one of its 3-D arrays for the
   whole nest: a first subscript that changes in the nest is an error at
   the access, once where two accesses share a place (the arms of a
   ?:).  An array of fewer dimensions takes three extents at most.  */
/* { dg-do compile } */

#define N 8

double A[2][N][N][N], B[2][N][N][N], C[2][N][N][N], D[2][N][N][N];
double E[2][N][N][N], P[N][N];

void
f (int steps)
{
#pragma mint copy(A, toDevice, N, N, 2, N) /* { dg-error "the 3-D arrays of .A. hold 8 planes, but the copy gives 2 as its z extent" } */
#pragma mint copy(B, toDevice, N, N, N, 2, 1) /* { dg-error ".copy. takes at most 4 extents \\(NX, NY, NZ, NW\\)" } */
#pragma mint copy(C, toDevice, N, N, N) /* { dg-error ".C. has 4 dimensions but 3 extents were given" } */
#pragma mint copy(P, toDevice, N, N, 1, 1) /* { dg-error ".copy. takes at most 3 extents \\(NX, NY, NZ\\) of .P., which is no 4-D array" } */
#pragma mint copy(D, toDevice, N, N, N, 2)
#pragma mint copy(E, toDevice, N, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              D[x % 2][z][y][x] = D[t % 2][z][y][x]; /* { dg-error "the first subscript of the 4-D array .D. must not change in the loop nest: it selects the 3-D array the kernel indexes, which the host computes before the nest" } */
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              E[t % 2][z][y][x] = z < 2 ? E[x % 2][z][y][x] : E[y % 2][z][y][x]; /* { dg-error "the first subscript of the 4-D array .E. must not change in the loop nest" } */
#pragma mint update(D, toHost, 0:N, 0:N, 0:N) /* { dg-error ".D. has 4 dimensions but 3 ranges were given" } */
#pragma mint update(D, toHost, 0:N, 0:N, 0:N, 0:2, 0:1) /* { dg-error ".update. takes at most 4 ranges" } */
      }
  }
#pragma mint copy(D, fromDevice, N, N, N, 2)
#pragma mint copy(E, fromDevice, N, N, N, 2)
}
