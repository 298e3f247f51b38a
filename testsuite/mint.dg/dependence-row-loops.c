/* Loops of the body that walk a row of a flat array: a point's row,
   row y of nx elements, is its own where each subscript stays within
   0..nx - 1, which the loop's test and start give the loop's variable in
   the loop (an ADI line solve: a forward recurrence from x = 1 and a
   backward one from nx - 2 down to 0, in one loop or two).  A loop that
   runs to nx, or down to -1, or reads x - 1 from x = 0, or a subscript
   taken after the loop, reaches the next or the last row, which another
   point writes.  */
/* { dg-do compile } */

struct grid { int nx; double a, c; };

#define IX(y, x) ((y) * P->nx + (x))
#define NY 64
#define W 48

void
solve (const struct grid *P, double *u, const double *r, const double *w)
{
#pragma mint copy(u, toDevice, NY * P->nx)
#pragma mint copy(r, toDevice, NY * P->nx)
#pragma mint copy(w, toDevice, W)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      {
        u[IX (y, 0)] = r[IX (y, 0)] * w[0];
        for (int x = 1; x < P->nx; x++)
          u[IX (y, x)] = (r[IX (y, x)] - P->a * u[IX (y, x - 1)]) * w[x]; /* { dg-bogus "cannot prove" } */
        for (int x = P->nx - 2; x >= 0; x--)
          {
            double next = u[IX (y, x + 1)]; /* { dg-bogus "cannot prove" } */
            u[IX (y, x)] -= P->c * w[x] * next; /* { dg-bogus "cannot prove" } */
          }
      }
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      for (int x = P->nx - 1; x > 0; x -= 2)
        u[IX (y, x)] = u[IX (y, x - 1)] + u[IX (y, x)]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(u, fromDevice, NY * P->nx)
}

void
past_the_row (const struct grid *P, double *u)
{
#pragma mint copy(u, toDevice, NY * P->nx + 1)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x <= P->nx; x++)
        u[IX (y, x)] = P->a * u[IX (y, x - 1)]; /* { dg-warning "cannot prove that .u\\\[P->nx\\*y \\+ x - 1\\\]. does not read" } */
#pragma mint for nest(1)
    for (int y = 1; y < NY; y++)
      for (int x = P->nx - 1; x > -2; x--)
        u[IX (y, x)] = P->c * u[IX (y, x)]; /* { dg-warning "cannot prove that .u\\\[P->nx\\*y \\+ x\\\]. does not read" } */
#pragma mint for nest(1)
    for (int y = 1; y < NY; y++)
      for (int x = 0; x < P->nx; x++)
        u[IX (y, x)] = P->c * u[IX (y, x - 1)]; /* { dg-warning "cannot prove that .u\\\[P->nx\\*y \\+ x - 1\\\]. does not read" } */
  }
#pragma mint copy(u, fromDevice, NY * P->nx + 1)
}

void
after_the_loop (const struct grid *P, double *u)
{
#pragma mint copy(u, toDevice, NY * P->nx + 1)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      {
        int x;
        for (x = 0; x < P->nx; x++)
          u[IX (y, x)] = P->a * u[IX (y, x)];
        u[IX (y, x)] = 0; /* { dg-warning "cannot prove" } */
      }
  }
#pragma mint copy(u, fromDevice, NY * P->nx + 1)
}

/* Rows of a constant length: the same.  */
void
constant_rows (double *u)
{
#pragma mint copy(u, toDevice, NY * W + 1)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x < W; x++)
        u[y * W + x] = 0.5 * u[y * W + x - 1]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(1)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x < W + 1; x++)
        u[y * W + x] = 0.5 * u[y * W + x - 1]; /* { dg-warning "cannot prove|depends on" } */
  }
#pragma mint copy(u, fromDevice, NY * W + 1)
}

/* Counters of size_t up to n - 1 (GCC's n + 0xff..ff), taken not to
   wrap as the parallel loops' bounds are; one past the row still
   warns.  */
typedef __SIZE_TYPE__ size_t;

void
size_t_rows (size_t n, double *u)
{
#pragma mint copy(u, toDevice, n * n)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (size_t y = 0; y < n; y++)
      for (size_t x = 1; x < n - 1; x++)
        u[y * n + x] = 0.5 * u[y * n + x - 1]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(1)
    for (size_t y = 0; y < n; y++)
      for (size_t x = 1; x <= n; x++)
        u[y * n + x] = 0.5 * u[y * n + x - 1]; /* { dg-warning "cannot prove" } */
  }
#pragma mint copy(u, fromDevice, n * n)
}

/* Going down, an unsigned `x > 0' (GCC's `x != 0') keeps x - 1 in the
   row; from n it does not.  */
void
size_t_down (size_t n, double *u)
{
#pragma mint copy(u, toDevice, n * n)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (size_t y = 0; y < n; y++)
      for (size_t x = n - 1; x > 0; x--)
        u[y * n + x] -= 0.5 * u[y * n + x - 1]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(1)
    for (size_t y = 0; y < n; y++)
      for (size_t x = n; x > 0; x--)
        u[y * n + x] -= 0.5 * u[y * n + x - 1]; /* { dg-warning "cannot prove" } */
  }
#pragma mint copy(u, fromDevice, n * n)
}
