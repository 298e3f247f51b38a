/* Boundary loops over flat arrays.  Stam's set_bnd (x[IX(0,i)] from
   x[IX(1,i)], x[IX(i,0)] from x[IX(i,1)], IX(i,j) = i + (N+2)*j): a
   point's faces are rows of N + 2 apart from the column it reads, whose
   values 1..N stay below N + 2.  Neumann faces of a flat grid
   (u[nx*j] = u[nx*j + 1], u[nx*j + nx - 1] = u[nx*j + nx - 2]): the
   last, made at every point from j = 0, lies in the copy only where
   nx >= 2, so the rows are apart.  A face read one row of N + 2 too
   short (x[IX(i,0)] from x[N + i]: the point i + ... writes it), and a
   face copy where nothing says the rows are longer than 1, keep the
   warning.  Periodic ghost rows with their corners (i from 0 to N + 1,
   rows N^2 + 2N elements apart, a multiple of N + 2) give none; a copy
   one row of N + 1 on keeps it.  The ghost rows of a rectangular grid of
   rows of nx + 2 filled over i from 1 to nx (rows ny (nx + 2) and
   (ny + 1) (nx + 2) apart, multiples of nx + 2, more than nx - 1) give
   none either; rows ny (nx - 1) apart, or ny (nx + 2) + 1, or a loop
   that runs over a whole row, keep it.  The same rows through a macro
   of ghost offsets (P(i, -1) and P(i, ny) one element on) give none,
   with the corners too; one element further, where ny may be 0, the
   warning stays.  So do the fixed cells of a zebra sweep's rows two
   apart, which every row's sweep keeps.  */
/* { dg-do compile } */

void
short_row (int N, float *x)
{
#pragma mint copy(x, toDevice, (N + 2) * (N + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i <= N; i++)
      x[(N + 2) * i] = x[N + i]; /* { dg-warning "cannot prove that .x.N \\+ i.. does not read an element" } */
  }
#pragma mint copy(x, fromDevice, (N + 2) * (N + 2))
}

void
one_row_on (int N, double *q)
{
#pragma mint copy(q, toDevice, (N + 2) * (N + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i <= N + 1; i++)
      q[i] = q[i + N + 1]; /* { dg-warning "cannot prove that .q.N \\+ i \\+ 1.. does not read" } */
  }
#pragma mint copy(q, fromDevice, (N + 2) * (N + 2))
}

void
rows_of_one (int nx, int ny, double *u)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for
    for (int j = 0; j < ny; j++)
      u[nx * j] = u[nx * j + 1]; /* { dg-warning "cannot prove that .u.nx\\*j \\+ 1.. does not read" } */
  }
#pragma mint copy(u, fromDevice, nx * ny)
}

#define IX(i, j) ((i) + (N + 2) * (j))

void
set_bnd (int N, int b, float *x)
{
#pragma mint copy(x, toDevice, (N + 2) * (N + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i <= N; i++)
      {
        x[IX(0, i)] = b == 1 ? -x[IX(1, i)] : x[IX(1, i)]; /* { dg-bogus "cannot prove" } */
        x[IX(N + 1, i)] = b == 1 ? -x[IX(N, i)] : x[IX(N, i)]; /* { dg-bogus "cannot prove" } */
        x[IX(i, 0)] = b == 2 ? -x[IX(i, 1)] : x[IX(i, 1)]; /* { dg-bogus "cannot prove" } */
        x[IX(i, N + 1)] = b == 2 ? -x[IX(i, N)] : x[IX(i, N)]; /* { dg-bogus "cannot prove" } */
      }
  }
#pragma mint copy(x, fromDevice, (N + 2) * (N + 2))
}

void
neumann (int nx, int ny, double *u)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for
    for (int j = 0; j < ny; j++)
      {
        u[nx * j] = u[nx * j + 1]; /* { dg-bogus "cannot prove" } */
        u[nx * j + nx - 1] = u[nx * j + nx - 2]; /* { dg-bogus "cannot prove" } */
      }
#pragma mint for
    for (int i = 0; i < nx; i++)
      {
        u[i] = u[nx + i]; /* { dg-bogus "cannot prove" } */
        u[nx * (ny - 1) + i] = u[nx * (ny - 2) + i]; /* { dg-bogus "cannot prove" } */
      }
  }
#pragma mint copy(u, fromDevice, nx * ny)
}

void
periodic_rows (int N, double *q)
{
#pragma mint copy(q, toDevice, (N + 2) * (N + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i <= N + 1; i++)
      {
        q[IX(i, 0)] = q[IX(i, N)]; /* { dg-bogus "cannot prove" } */
        q[IX(i, N + 1)] = q[IX(i, 1)]; /* { dg-bogus "cannot prove" } */
      }
  }
#pragma mint copy(q, fromDevice, (N + 2) * (N + 2))
}

void
rectangular_ghost_rows (int nx, int ny, double *h)
{
#pragma mint copy(h, toDevice, (nx + 2) * (ny + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i <= nx; i++)
      {
        h[i] = h[(nx + 2) + i]; /* { dg-bogus "cannot prove" } */
        h[(ny + 1) * (nx + 2) + i] = h[ny * (nx + 2) + i]; /* { dg-bogus "cannot prove" } */
      }
#pragma mint for
    for (int i = 1; i <= nx; i++)
      h[i] = h[ny * (nx - 1) + i]; /* { dg-warning "cannot prove that .h.nx\\*ny - ny \\+ i.. does not read" } */
#pragma mint for
    for (int i = 1; i <= nx; i++)
      h[i] = h[ny * (nx + 2) + 1 + i]; /* { dg-warning "cannot prove that .h.nx\\*ny \\+ 2\\*ny \\+ i \\+ 1.. does not read" } */
#pragma mint for
    for (int i = 0; i <= nx + 2; i++)
      h[i] = h[ny * (nx + 2) + i]; /* { dg-warning "cannot prove that .h.nx\\*ny \\+ 2\\*ny \\+ i.. does not read" } */
  }
#pragma mint copy(h, fromDevice, (nx + 2) * (ny + 2))
}

#define P(i, j) pp[((j) + 1) * (nx + 2) + (i) + 1]

void
ghost_rows_macro (int nx, int ny, double *pp)
{
#pragma mint copy(pp, toDevice, (nx + 2) * (ny + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < nx; i++)
      {
        P (i, -1) = P (i, 0); /* { dg-bogus "cannot prove" } */
        P (i, ny) = P (i, ny - 1); /* { dg-bogus "cannot prove" } */
      }
#pragma mint for
    for (int i = -1; i <= nx; i++)
      {
        P (i, -1) = P (i, 0); /* { dg-bogus "cannot prove" } */
        P (i, ny) = P (i, ny - 1); /* { dg-bogus "cannot prove" } */
      }
#pragma mint for
    for (int i = -1; i <= nx + 1; i++)
      {
        P (i, -1) = 1.0;
        P (i, ny) = 2.0; /* { dg-warning "cannot prove that .pp.ny\\*nx \\+ 2\\*ny \\+ nx \\+ i \\+ 3.. does not write an element" } */
      }
  }
#pragma mint copy(pp, fromDevice, (nx + 2) * (ny + 2))
}

/* A zebra line sweep over a flat grid, rows two apart: the fixed cell
   u[y*nx + nx - 2] of one row and u[(y-1)*nx + 1] read from the row
   below meet only where 2*nx*t = 2*nx - 3, an even number against an odd
   one.  Over every row (step 1) they meet where nx is 3.  */
void
zebra (int nx, int ny, double *u, const double *f, int color)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(f, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for
    for (int y = 1 + color; y < ny - 1; y += 2)
      {
        double below = u[(y - 1) * nx + 1]; /* { dg-bogus "cannot prove" } */
        for (int x = 1; x < nx - 1; x++)
          u[y * nx + x] = 0.5 * (f[y * nx + x] + below);
        u[y * nx + nx - 2] = f[y * nx + nx - 2];
      }
#pragma mint for
    for (int y = 1; y < ny - 1; y++)
      {
        double below = u[(y - 1) * nx + 1]; /* { dg-warning "cannot prove that .u.nx\\*y - nx \\+ 1.. does not read" } */
        u[y * nx + nx - 2] = f[y * nx + nx - 2] + below;
      }
  }
#pragma mint copy(u, fromDevice, nx * ny)
}
