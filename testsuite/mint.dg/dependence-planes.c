/* Double buffers: planes of one array selected by a subscript the nest
   does not change.  Planes that always differ (t % 2 and (t + 1) % 2,
   t & 1 and (t + 1) & 1, cur and 1 - cur, nxt = 1 - cur set before the
   nest, cur and cur ^ 1, 0 and 1) are no dependence, in 3-D (a 4-D
   array) and in 2-D (a 3-D one); one plane read and written is, and
   planes that may be one are a warning.  */
/* { dg-do compile } */

#define N 16

double A[2][N][N][N], B[2][N][N];

#define STAR3(a, w, z, y, x)                                              \
  (a[w][z][y][x - 1] + a[w][z][y][x + 1] + a[w][z - 1][y][x]              \
   + a[w][z + 1][y][x])
#define STAR2(a, w, y, x)                                                 \
  (a[w][y][x - 1] + a[w][y][x + 1] + a[w][y - 1][x] + a[w][y + 1][x])

void
differ (int steps, int cur)
{
#pragma mint copy(A, toDevice, N, N, N, 2)
#pragma mint copy(B, toDevice, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[(t + 1) % 2][z][y][x] = STAR3 (A, t % 2, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[t & 1][z][y][x] = STAR3 (A, (t + 1) & 1, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[1 - cur][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[cur ^ 1][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[0][z][y][x] = STAR3 (A, 1, z, y, x);
        int nxt = 1 - cur;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[(t + 1) % 2][y][x] = STAR2 (B, t % 2, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[nxt][y][x] = STAR2 (B, cur, y, x);
        cur = nxt;
      }
  }
#pragma mint copy(A, fromDevice, N, N, N, 2)
#pragma mint copy(B, fromDevice, N, N, 2)
}

void
same (int steps, int cur, int nxt)
{
#pragma mint copy(A, toDevice, N, N, N, 2)
#pragma mint copy(B, toDevice, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[t % 2][z][y][x] = A[t % 2][z][y][x - 1]; /* { dg-warning ".A\\\[t % 2\\\]\\\[z\\\]\\\[y\\\]\\\[x - 1\\\]. reads the element that the point \\(z, y, x - 1\\) of the parallel loop nest writes at .A\\\[t % 2\\\]\\\[z\\\]\\\[y\\\]\\\[x\\\]." } */
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[t % 2][y][x] = B[t % 2][y - 1][x]; /* { dg-warning ".B\\\[t % 2\\\]\\\[y - 1\\\]\\\[x\\\]. reads the element that the point \\(y - 1, x\\)" } */
        /* (t + 2) % 2 is t % 2.  */
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[(t + 2) % 2][z][y][x] = A[t % 2][z][y][x + 1]; /* { dg-warning "cannot prove that .A\\\[\\(t \\+ 2\\) % 2\\\]. and .A\\\[t % 2\\\]. are different planes of .A., of which the loop nest writes the first; the result may depend on the order in which the points run \\\[-Wmint-dependence\\\]" } */
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = A[cur][z][y][x + 1]; /* { dg-warning "cannot prove that .A\\\[nxt\\\]. and .A\\\[cur\\\]. are different planes" } */
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[nxt][y][x] = B[cur][y][x + 1]; /* { dg-warning "cannot prove that .B\\\[cur\\\]\\\[y\\\]\\\[x \\+ 1\\\]. does not read an element that another point of the parallel loop nest writes at .B\\\[nxt\\\]\\\[y\\\]\\\[x\\\]." } */
        /* Not where the program asserts the points independent.  */
#pragma mint for nest(all) independent
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = A[cur][z][y][x + 1];
        int tmp = cur;
        cur = nxt;
        nxt = tmp;
      }
  }
#pragma mint copy(A, fromDevice, N, N, N, 2)
#pragma mint copy(B, fromDevice, N, N, 2)
}

/* nxt = 1 - cur holds at the nest only where nothing changes cur in
   between, also on one branch, nor in that assignment.  */
void
changed (int steps, int cur)
{
#pragma mint copy(A, toDevice, N, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        int nxt = 1 - cur;
        if (t == 3)
          cur = 0;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = A[cur][z][y][x + 1]; /* { dg-warning "cannot prove that .A\\\[nxt\\\]. and .A\\\[cur\\\]. are different planes" } */
        int next = 1 - cur;
        cur = t;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[next][z][y][x] = A[cur][z][y][x + 1]; /* { dg-warning "cannot prove that .A\\\[next\\\]. and .A\\\[cur\\\]. are different planes" } */
        cur = 1 - next;
        /* The cur that next is set from is not the cur of the nest.  */
        cur = 5 - cur;
        next = cur;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[next][z][y][x] = A[cur][z][y][x + 1]; /* { dg-warning "cannot prove that .A\\\[next\\\]. and .A\\\[cur\\\]. are different planes" } */
        cur = 1 - next;
      }
  }
#pragma mint copy(A, fromDevice, N, N, N, 2)
}

/* cur set from the step's parity (int cur = t & 1), nxt from cur, in
   two declarations or in one: 1 - cur, !cur and cur ^ 1 are then planes
   that differ, also in forms that GCC's folding would spell otherwise
   ((t & 1) == 0); no warning.  */
void
parity_variables (int steps)
{
#pragma mint copy(A, toDevice, N, N, N, 2)
#pragma mint copy(B, toDevice, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        int cur = t & 1;
        int nxt = 1 - cur;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[nxt][y][x] = STAR2 (B, cur, y, x);
      }
    for (int t = 0; t < steps; t++)
      {
        int cur = t & 1, nxt = !cur;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[nxt][y][x] = STAR2 (B, cur, y, x);
      }
    for (int t = 0; t < steps; t++)
      {
        int cur = t & 1, nxt = cur ^ 1;
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[nxt][z][y][x] = STAR3 (A, cur, z, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[nxt][y][x] = STAR2 (B, cur, y, x);
      }
  }
#pragma mint copy(A, fromDevice, N, N, N, 2)
#pragma mint copy(B, fromDevice, N, N, 2)
}
