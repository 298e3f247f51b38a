/* Malformed clauses: missing or extra parentheses, wrong numbers of
   arguments, non-constant and non-positive sizes, junk after a directive.
   Each is an error at the offending token's line.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for tile 16, 16 /* { dg-error "expected .\\(." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile /* { dg-error "expected .\\(. at end of line" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile((16, 16) /* { dg-error "expected .\\)." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile(16, 16)) /* { dg-error "junk at end of .#pragma mint for." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for chunksize(1, 1 /* { dg-error "expected .\\). at end of line" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile(16, 16, 1, 1) /* { dg-error "at most 3 sizes" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(1, 2) /* { dg-error "expected .\\)." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest() /* { dg-error "expected an expression" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile() /* { dg-error "expected an expression" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(2) nest(2) /* { dg-error "duplicate .nest. clause" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for reduction(+ sum) /* { dg-error "expected .:." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

/* tile, chunksize and nest take integer constants.  */
void
g (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for tile(n) /* { dg-error ".tile. argument must be an integer constant" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for chunksize(n, 1) /* { dg-error ".chunksize. argument must be an integer constant" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(n) /* { dg-error ".nest. argument must be an integer constant" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(deep) /* { dg-error ".nest. argument must be 1, 2, 3 or .all." } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile(1.5) /* { dg-error ".tile. argument must be an integer constant" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

/* Sizes are positive.  */
void
h (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for tile(0, 16) /* { dg-error ".tile. argument must be positive" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for chunksize(-2) /* { dg-error ".chunksize. argument must be positive" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(0) /* { dg-error ".nest. argument must be positive" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for nest(-1) /* { dg-error ".nest. argument must be positive" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile(16, 16 - 16) /* { dg-error ".tile. argument must be positive" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
#pragma mint for tile(100000) /* { dg-error "too large" } */
    for (int z = 0; z < n; z++)
      a[z][0][0] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

/* Junk after a directive, and directives without a name.  */
void
k (double *b, int n)
{
#pragma mint copy(b, toDevice, n) extra /* { dg-error "junk at end of .#pragma mint copy." } */
#pragma mint copy(b, toDevice, n)
#pragma mint parallel default(shared) 7 /* { dg-error "junk at end of .#pragma mint parallel." } */
  {
#pragma mint barrier now /* { dg-error "junk at end of .#pragma mint barrier." } */
#pragma mint single x /* { dg-error "junk at end of .#pragma mint single." } */
    {
    }
#pragma mint for nowait(1) /* { dg-error "junk at end of .#pragma mint for." } */
    for (int i = 0; i < n; i++)
      b[i] = 1.0;
#pragma mint for tile(16) 5 /* { dg-error "junk at end of .#pragma mint for." } */
    for (int i = 0; i < n; i++)
      b[i] = 1.0;
#pragma mint /* { dg-error "expected a directive name" } */
#pragma mint 42 /* { dg-error "expected a directive name" } */
  }
#pragma mint copy(b, fromDevice, n)
}

/* The only clause of parallel is default(shared).  */
void
m (double *b, int n)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel default(private) /* { dg-error "only .default\\(shared\\). is supported" } */
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel shared /* { dg-error "unknown clause .shared. for .#pragma mint parallel." } */
  {
  }
}
