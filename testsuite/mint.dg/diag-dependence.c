/* -Wmint-dependence: a point of the nest that reads or writes an element
   that another point writes, so that the GPU's result depends on the
   order of the points.  A warning at the access, naming the array, both
   subscripts and the point that writes; never an error.  The
   `independent' clause silences it.  */
/* { dg-do compile } */

#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))

void
one_d (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + 1.0; /* { dg-warning ".a\\\[i - 1\\\]. reads the element that the point \\(i - 1\\) of the parallel loop nest writes at .a\\\[i\\\].; the result depends on the order in which the points run \\\[-Wmint-dependence\\\]" } */
#pragma mint for
    for (int i = 0; i < n - 3; i++)
      a[i] = 0.5 * a[i + 3]; /* { dg-warning ".a\\\[i \\+ 3\\\]. reads the element that the point \\(i \\+ 3\\)" } */
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        a[i] = 1.0;
        a[i + 1] = 2.0; /* { dg-warning ".a\\\[i \\+ 1\\\]. writes the element that the point \\(i \\+ 1\\) of the parallel loop nest writes at .a\\\[i\\\]." } */
      }
#pragma mint for independent
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + 1.0;
#pragma mint for nowait, independent
    for (int i = 1; i < n; i++)
      b[i] = b[i - 1] + a[i];
    /* Not dependences: the same element of the point, another array, and
       odd distances along a loop of step 2.  */
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 2.0;
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
#pragma mint for
    for (int i = 1; i < n - 1; i += 2)
      a[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma mint for
    for (int i = 2; i < n - 2; i += 2)
      a[i] = a[i - 2]; /* { dg-warning ".a\\\[i - 2\\\]. reads the element that the point \\(i - 2\\)" } */
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}

void
grids (int nx, int ny, int nz, double (*v)[ny][nx], double *u)
{
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = v[z][y - 1][x] + v[z][y][x + 1]; /* { dg-warning ".v\\\[z\\\]\\\[y - 1\\\]\\\[x\\\]. reads the element that the point \\(z, y - 1, x\\)" } */
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[0][0][x] = v[1][y][x]; /* { dg-warning ".v\\\[0\\\]\\\[0\\\]\\\[x\\\]. writes the same element at different points of the parallel loop nest, such as \\(y, x\\) and \\(y \\+ 1, x\\)" } */
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x += 2)
          u[IDX (x, y, z)] = u[IDX (x, y - 1, z)]; /* { dg-warning ".u\\\[ny\\*nx\\*z \\+ nx\\*y - nx \\+ x\\\]. reads the element that the point \\(z, y - 1, x\\) of the parallel loop nest writes at .u\\\[ny\\*nx\\*z \\+ nx\\*y \\+ x\\\]." } */
    /* Subscripts through a loop inside the body: the dependence can only
       be suspected.  */
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        for (int k = 0; k < nz - 1; k++)
          v[k][y][x] = v[k + 1][y - 1][x]; /* { dg-warning "cannot prove that .v\\\[k \\+ 1\\\]\\\[y - 1\\\]\\\[x\\\]. does not read an element that another point of the parallel loop nest writes at .v\\\[k\\\]\\\[y\\\]\\\[x\\\].; the result may depend on the order in which the points run \\\[-Wmint-dependence\\\]" } */
    /* But not where the parallel subscripts keep the point.  */
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        for (int k = 0; k < nz - 1; k++)
          v[k][y][x] = v[k + 1][y][x];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
#pragma mint copy(u, fromDevice, nx * ny * nz)
}

/* Constant bounds: a flat row of 10 over a width of 8 overlaps the next
   row (x - 8 is in range), a width of 10 does not.  */
void
constant_rows (double *w)
{
#pragma mint copy(w, toDevice, 8 * 12)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 10; x++)
        w[8 * y + x] = x + y; /* { dg-warning ".w\\\[x \\+ 8\\*y\\\]. writes the same element at different points of the parallel loop nest, such as \\(y, x\\) and \\(y \\+ 1, x - 8\\)" } */
#pragma mint for nest(all)
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 10; x++)
        w[10 * y + x] = 2.0;
  }
#pragma mint copy(w, fromDevice, 8 * 12)
}

/* Periodic neighbours in place: the warning names the variables the
   program indexes with, not the temporaries GCC keeps the value of `?:'
   in; where the `?:' stands in the subscript itself, the `?:'.  */
void
periodic (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          {
            int xm = x == 0 ? n - 1 : x - 1;
            a[z][y][x] = 0.5 * a[z][y][xm]; /* { dg-warning "cannot prove that .a\\\[z\\\]\\\[y\\\]\\\[xm\\\]. does not read" } */
          }
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 0.5 * a[z][y][x == 0 ? n - 1 : x - 1]; /* { dg-warning "cannot prove that .a\\\[z\\\]\\\[y\\\]\\\[x == 0 \\? n - 1 : x - 1\\\]. does not read" } */
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

/* A subscript whose value the analysis does not follow is spelled out as
   the program computes it: `(unsigned char) (k + 6)', which wraps modulo
   256 and so is no sum of the loop variable and a constant.  */
void
wrapped (double *a)
{
#pragma mint copy(a, toDevice, 300)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned char k = 250; k != 4; k++)
      a[(unsigned char) (k + 6)] += 1; /* { dg-warning "cannot prove that .a\\\[\\(unsigned char\\) \\(k \\+ 6\\)\\\]. does not read" } */
  }
#pragma mint copy(a, fromDevice, 300)
}

/* Stores whose subscripts the analysis cannot compare: points may write
   one element (a histogram's bins, pairs of points), so the result may
   depend on their order; a store at the point's own element is no such
   store.  */
void
bins (int n, double *h, double *w, double *x)
{
#pragma mint copy(h, toDevice, 16)
#pragma mint copy(w, toDevice, n)
#pragma mint copy(x, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      h[i % 16] = x[i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements at .h\\\[i % 16\\\].; the result may depend on the order in which the points run \\\[-Wmint-dependence\\\]" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        w[i / 2] = x[i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements at .w\\\[i / 2\\\]." } */
        x[i] = 0.5 * x[i];
      }
  }
#pragma mint copy(h, fromDevice, 16)
#pragma mint copy(w, fromDevice, n)
}

/* A `?:' in a pointer's subscript, whose arms the front end scales by
   the element's size (the kernel divides the byte offset back), is
   spelled as the program writes it too, its `n - 1' not GCC's n + -1,
   its constants not scaled.  */
void
clamped (int n, double *u, const double *t)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(t, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i < n / 2 ? i : n - 1] = t[i]; /* { dg-warning "write different elements at .u\\\[i < \\(n / 2\\) \\? i : n - 1\\\]." } */
#pragma mint for
    for (int i = 1; i < n; i++)
      u[i < n / 2 ? i : n - 1] = u[i - 1]; /* { dg-warning "cannot prove that .u\\\[i - 1\\\]. does not read an element that another point of the parallel loop nest writes at .u\\\[i < \\(n / 2\\) \\? i : n - 1\\\]." } */
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i > 5 ? 5 : 3] = t[i]; /* { dg-warning "write different elements at .u\\\[i > 5 \\? 5 : 3\\\]." } */
  }
#pragma mint copy(u, fromDevice, n)
}
