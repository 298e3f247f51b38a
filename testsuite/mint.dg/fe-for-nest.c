/* The loops a `for' covers: perfectly nested, bounds fixed while the nest
   runs (but for a start that steps up from a residue of the outer loops'
   variables, as a red-black row does, whose variable must be declared in
   its `for'), loop variables changed only by their loops' increments (not
   in a condition, `i-- > 0'), conditions that bound the steps, no directive
   inside (one error for a single block), block shape within the limits.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n], double *b, int *len)
{
  int m = n;
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-error "statement stands between loop 1 and loop 2" } */
    for (int z = 0; z < n; z++)
      {
        a[z][0][0] = 1.0;
        for (int y = 0; y < n; y++)
          a[z][y][0] = 2.0;
      }
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < m; y++) /* { dg-error "bounds of the loop over .y. depend on .m., which changes" } */
        {
          m = y;
          a[z][y][0] = 2.0;
        }
#pragma mint for nest(2)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < z; y++) /* { dg-error "bounds of the loop over .y. depend on .z., which changes" } */
        a[z][y][0] = 2.0;
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1 + y / 2; x < n - 1; x += 2) /* { dg-error "bounds of the loop over .x. depend on .y." } */
        a[0][y][x] = 0.5 * (a[0][y][x - 1] + a[0][y][x + 1]);
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = y % 2 + y; x < n - 1; x += 2) /* { dg-error "bounds of the loop over .x. depend on .y." } */
        a[0][y][x] = 0.5 * (a[0][y][x - 1] + a[0][y][x + 1]);
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1 + y % 2; x > 0; x -= 2) /* { dg-error "bounds of the loop over .x. depend on .y." } */
        a[0][y][x] = 0.5 * (a[0][y][x - 1] + a[0][y][x + 1]);
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1 + y % 2; x < n - 1; x += 2)  /* a red-black row: fine */
        a[0][y][x] = 0.5 * (a[0][y][x - 1] + a[0][y][x + 1]);
    int col;
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (col = 1 + (y & 1); col < n - 1; col += 2) /* { dg-error "start of the loop over .col. depends on an outer loop variable: declare .col. in its .for. statement" } */
        a[0][y][col] = 0.5 * (a[0][y][col - 1] + a[0][y][col + 1]);
#pragma mint for nest(2)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < b[y]; x++) /* { dg-error "loop over .x. is compared with a bound of type .double.; the bound must have an integer type" } */
        a[0][y][x] = 1.0;
#pragma mint for
    for (long i = 0; (float) n > i; i++) /* { dg-error "bound of type .float." } */
      b[i] = 1.0;
#pragma mint for nest(2)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < len[y]; x++) /* { dg-error "bounds of the loop over .x. must be computable before the loop nest" } */
        a[0][y][x] = 1.0;
#pragma mint for
    for (int i = 0; i < n; i++) /* { dg-error "loop variable .i. is modified in the body" } */
      {
        b[i] = 1.0;
        i++; /* { dg-message "here" } */
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
#pragma mint single /* { dg-error "directives cannot stand inside a .#pragma mint for. loop nest" } */
        {
          b[i] = 2.0;
        }
      }
#pragma mint for
    for (int i = 0; i != n; i += 2) /* { dg-error "compare it with .<., .<=., .>. or .>=., or with .!=. where it steps by 1 or -1" } */
      b[i] = 1.0;
#pragma mint for
    for (int i = 0; i < n; i--) /* { dg-error "steps away from its bound" } */
      b[i] = 1.0;
#pragma mint for
    for (unsigned i = n - 1; i < n; i--) /* { dg-error "steps away from its bound" } */
      b[i] = 1.0; /* { dg-message "an unsigned variable counted down until it wraps past zero" "" { target *-*-* } 88 } */
#pragma mint for
    for (short i = 0; i < n; i++) /* { dg-error "loop over .i., of type .short int., can wrap around before it reaches its bound" } */
      b[i] = 1.0;
#pragma mint for
    for (signed char i = 0; i < 127; i += 2) /* { dg-error "loop over .i., of type .signed char., can wrap around" } */
      b[i] = 1.0;
#pragma mint for
    for (unsigned char i = 250; i > 2; i -= 4) /* { dg-error "loop over .i., of type .unsigned char., can wrap around" } */
      b[i] = 1.0;
#pragma mint for
    for (signed char i = 0; i < 126; i += 2)
      b[i] = 1.0;
#pragma mint for
    for (unsigned char i = 250; i > 3; i -= 4)
      b[i] = 1.0;
#pragma mint for nest(all) tile(8, 8, 32) /* { dg-error "2048 threads per block" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
#pragma mint for nest(all) tile(32, 32, 2) chunksize(1, 1, 2)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
#pragma mint for nest(all) tile(16, 16, 4) chunksize(1, 3, 1) /* { dg-error "tile size 16 in y is not a multiple of chunksize 3" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
#pragma mint copy(b, fromDevice, n)
}

/* for takes a loop, directly.  */
void
g (int n, double *b)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    {
      b[0] = 1.0;
    }
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    while (n-- > 0)
      b[n] = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
}

/* A floating loop variable, one whose address is taken, and a bound read
   from a bit-field say so.  */
struct options
{
  unsigned n : 10;
  unsigned on : 1;
};

void
h (int n, double *b, struct options o)
{
  double step = 1.0 / n;
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (double x = 0; x < 1.0; x += step) /* { dg-error "the loop variable .x. must have an integer type" } */
      b[(int) (x * n)] = x;
#pragma mint for
    for (int i = 0; i < n; (*(&i))++) /* { dg-error "the loop variable .i. has its address taken" } */
      b[i] = i;
#pragma mint for
    for (int i = 0; i < o.n; i++) /* { dg-error "the bounds of the loop over .i. read the bit-field .o.n., which a launch cannot take; copy it into a variable before the loop nest" } */
      b[i] = i;
  }
#pragma mint copy(b, fromDevice, n)
}

/* A loop variable of static storage: the error says it must be a local
   variable, not that the condition or the step is wrong.  */
int global_i;

void
static_variables (double *b, int n)
{
  static int static_i;
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (global_i = 1; global_i < n - 1; global_i++) /* { dg-error "the variable of a parallel loop must be a local variable of the function, but .global_i. has static storage" } */
      b[global_i] = 1.0; /* { dg-message "declare the loop variable in the .for." "" { target *-*-* } 183 } */
#pragma mint for
    for (static_i = 0; static_i < n; static_i += 2) /* { dg-error ".static_i. has static storage" } */
      b[static_i] = 2.0; /* { dg-message "set .static_i. after the loop where the program reads it" "" { target *-*-* } 186 } */
  }
#pragma mint copy(b, fromDevice, n)
}

/* A loop variable of a type the device code has no type for: an error
   naming it, not an inconsistent kernel.  */
void
wide_variable (double *w, const double *u, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (__int128 i = 1; i < n; i++) /* { dg-error "the loop variable .i. has type .__int128., which the device code cannot hold" } */
      w[(int) i] = u[(int) i - 1];
  }
#pragma mint copy(w, fromDevice, n)
}

/* A loop that steps its variable in its condition (`i-- > 0', the idiom
   for an unsigned variable counting down): the error says where the step
   goes, with the signed form.  */
void
stepped_in_condition (double *w, int n)
{
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned i = n; i-- > 0;) /* { dg-error "the condition of the loop steps its variable .i.; a parallel loop must change its variable only in the third clause of its .for." } */
      w[i] = 2 * w[i]; /* { dg-message "for \\(int i = n - 1; i >= 0; i--\\). in place of" "" { target *-*-* } 218 } */
#pragma mint for
    for (int i = n; i-- > 0;) /* { dg-error "the condition of the loop steps its variable .i." } */
      w[i] = w[i] + 1; /* { dg-message "start at the first value the body sees" "" { target *-*-* } 221 } */
  }
#pragma mint copy(w, fromDevice, n)
}

/* A pointer as the loop variable: the error says that it must have an
   integer type, and how to loop over an index.  */
void
pointer_variable (double *b, int n)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (double *p = b; p < b + n; p++) /* { dg-error "the loop variable .p. is a pointer, but it must have an integer type: loop over an index" } */
      *p = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
}
