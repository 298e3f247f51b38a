/* Rows of flat arrays whose length is a scalar: the points of a nest
   stay apart only where each subscript stays within its row.  A row of
   nx + 1 elements read or written up to i = nx + 1 reaches the first
   element of the next row, which another point writes; halo fills that
   copy one column of a row to another, and a red-black sweep whose
   colour a loop around the nest counts from 0, stay in their rows.  */
/* { dg-do compile } */

#define NUM_VARS 4
#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))

void
past_the_row (double *u, double *v, int nx, int nz, int m)
{
#pragma mint copy(u, toDevice, (nx + 1) * (nz + 1) + 1)
#pragma mint copy(v, toDevice, (nx + 1) * (nz + 1) + 1)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i <= nx + 1; i++)
        v[k * (nx + 1) + i] = u[k * (nx + 1) + i] + k; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
#pragma mint for nest(2)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i <= nx; i++)
        u[k * (nx + 1) + i] = 2.0 * u[k * (nx + 1) + i]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(2)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx + m; i++)
        u[k * (nx + 1) + i] = 2.0 * u[k * (nx + 1) + i]; /* { dg-warning "cannot prove that .u\\\[nx\\*k \\+ i \\+ k\\\]. does not read an element" } */
  }
#pragma mint copy(v, fromDevice, (nx + 1) * (nz + 1) + 1)
#pragma mint copy(u, fromDevice, (nx + 1) * (nz + 1) + 1)
}

/* miniWeather's halo fills: columns nx and nx + 1 of each row of each
   variable's plane copied to columns 0 and 1, and rows of a plane copied
   to other rows of it; the lengths are never negative.  */
void
halo (double *state, int nx, int nz)
{
#pragma mint copy(state, toDevice, (nx + 4) * (nz + 4) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int ll = 0; ll < NUM_VARS; ll++)
      for (int k = 0; k < nz; k++)
        {
          state[ll * (nz + 4) * (nx + 4) + (k + 2) * (nx + 4) + 0] /* { dg-bogus "cannot prove" } */
            = state[ll * (nz + 4) * (nx + 4) + (k + 2) * (nx + 4) + nx];
          state[ll * (nz + 4) * (nx + 4) + (k + 2) * (nx + 4) + nx + 2] /* { dg-bogus "cannot prove" } */
            = state[ll * (nz + 4) * (nx + 4) + (k + 2) * (nx + 4) + 2];
        }
#pragma mint for nest(2)
    for (int ll = 0; ll < NUM_VARS; ll++)
      for (int i = 0; i < nx + 4; i++)
        state[ll * (nz + 4) * (nx + 4) + 0 * (nx + 4) + i] /* { dg-bogus "cannot prove" } */
          = state[ll * (nz + 4) * (nx + 4) + 2 * (nx + 4) + i];
  }
#pragma mint copy(state, fromDevice, (nx + 4) * (nz + 4) * NUM_VARS)
}

/* A colour counted from 0 keeps x - 1 in the row; from -3 it may not.  */
void
red_black (double *u, int nx, int ny, int nz, int first)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint parallel
  {
    for (int colour = 0; colour < 2; colour++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1 + colour; x < nx - 1; x += 2)
              u[IDX (x, y, z)] = (u[IDX (x - 1, y, z)] + u[IDX (x + 1, y, z)]) / 2.0; /* { dg-bogus "cannot prove" } */
      }
    for (int colour = -3; colour < 2; colour++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1 + colour; x < nx - 1; x += 2)
              u[IDX (x, y, z)] = (u[IDX (x - 1, y, z)] + u[IDX (x + 1, y, z)]) / 2.0; /* { dg-warning "cannot prove" } */
      }
  }
#pragma mint copy(u, fromDevice, nx * ny * nz)
}
