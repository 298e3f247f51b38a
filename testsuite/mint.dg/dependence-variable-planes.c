/* Flat arrays holding one plane per variable (a structure of arrays,
   as a finite-volume code ported from Fortran keeps its state), of
   symbolic extents, with a loop over the variables inside the point:
   planes ll differ and so do the points (k, i) of each, with the plane
   written as ll*(nz+1)*(nx+1) + k*(nx+1) + i, through index macros, or
   through an index variable set in the loop; no warning.  A read of the
   neighbouring variable's plane at a neighbouring point is a true
   dependence, warned at the read.  */
/* { dg-do compile } */

#define NUM_VARS 4
#define FLUX(ll, k, i) flux[((ll) * (nz + 1) + (k)) * (nx + 1) + (i)]
#define TEND(ll, k, i) tend[(ll) * nz * nx + (k) * nx + (i)]

void
fluxes (double *flux, double *tend, const double *state, int nx, int nz)
{
  int ll, k, i;                 /* declared at the top, C89 style */
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint copy(tend, toDevice, nx * nz * NUM_VARS)
#pragma mint copy(state, toDevice, (nx + 2) * (nz + 2) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (k = 0; k < nz + 1; k++)
      for (i = 0; i < nx + 1; i++)
        for (ll = 0; ll < NUM_VARS; ll++)
          flux[ll * (nz + 1) * (nx + 1) + k * (nx + 1) + i]
            = 0.5 * (state[ll * (nz + 2) * (nx + 2) + (k + 1) * (nx + 2) + i]
                     + state[ll * (nz + 2) * (nx + 2) + (k + 1) * (nx + 2)
                             + i + 1]);
#pragma mint for nest(2)
    for (k = 0; k < nz; k++)
      for (i = 0; i < nx; i++)
        for (ll = 0; ll < NUM_VARS; ll++)
          TEND (ll, k, i) = -(FLUX (ll, k, i + 1) - FLUX (ll, k, i));
#pragma mint for nest(2)
    for (k = 0; k < nz; k++)
      for (i = 0; i < nx; i++)
        for (ll = 0; ll < NUM_VARS; ll++)
          {
            int inds = ll * nz * nx + k * nx + i;
            tend[inds] = 2.0 * tend[inds];
          }
#pragma mint for nest(2)
    for (k = 0; k < nz; k++)
      for (i = 0; i < nx; i++)
        for (ll = 0; ll < NUM_VARS; ll++)
          {
            TEND (ll, k, i) += 1.0;
            if (ll < NUM_VARS - 1)
              tend[ll * nz * nx + k * nx + i]
                += tend[(ll + 1) * nz * nx + k * nx + i + 1]; /* { dg-warning "reads the element that the point \\(k, i \\+ 1\\) of the parallel loop nest writes" } */
          }
  }
#pragma mint copy(tend, fromDevice, nx * nz * NUM_VARS)
}

/* The number of variables a scalar, the loop over them counting
   down.  */
void
scaled (double *q, int nv, int nx, int ny)
{
#pragma mint copy(q, toDevice, nx * ny * nv)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        for (int v = nv - 1; v >= 0; v--)
          q[(v * ny + y) * nx + x] *= 0.5;
  }
#pragma mint copy(q, fromDevice, nx * ny * nv)
}

/* Each point reads, in each plane, the element of the next point, which
   that point writes.  */
void
shifted (double *q, int nv, int nx, int ny)
{
#pragma mint copy(q, toDevice, nx * ny * nv)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx - 1; x++)
        for (int v = 0; v < nv; v++)
          q[(v * ny + y) * nx + x] = q[(v * ny + y) * nx + x + 1]; /* { dg-warning "reads the element that the point \\(y, x \\+ 1\\)" } */
  }
#pragma mint copy(q, fromDevice, nx * ny * nv)
}

/* The current plane set in the time loop, the next one from it: one
   value at both reads, so the planes differ (no warning).  */
void
planes_set_in_step (double (*u)[24][32], int steps)
{
#pragma mint copy(u, toDevice, 32, 24, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        int c = t % 2;
        int n = 1 - c;
#pragma mint for nest(all)
        for (int y = 0; y < 24; y++)
          for (int x = 1; x < 31; x++)
            u[n][y][x] = 0.5 * u[c][y][x] + 0.25 * (u[c][y][x - 1]
                                                    + u[c][y][x + 1]);
      }
  }
#pragma mint copy(u, fromDevice, 32, 24, 2)
}
