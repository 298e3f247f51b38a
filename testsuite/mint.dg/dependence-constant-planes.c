/* Flat arrays holding one plane per variable, each plane selected by a
   constant (miniWeather's ID_DENS, ID_UMOM, ...), of symbolic extents:
   the parallel loops' symbolic bounds keep a point within its plane
   (0 <= i < nx + 1 and 0 <= k < nz: the row is nx + 1 elements, the
   plane nz + 1 rows), so that the planes the points write cannot meet;
   no warning, in 2-D and through a 3-D index macro.  A read of the next
   variable's plane at a neighbouring point is a true dependence, warned
   at the read; and where the loop runs past its plane (k up to nz + 1)
   the planes can meet: warned.  */
/* { dg-do compile } */

#define ID_DENS 0
#define ID_UMOM 1
#define ID_WMOM 2
#define NUM_VARS 3
#define IDX(v, k, j, i) \
  ((((v) * (nz + 2) + (k)) * (ny + 2) + (j)) * (nx + 2) + (i))

void
fluxes (double *flux, const double *state, int nx, int nz)
{
  int k, i;
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint copy(state, toDevice, (nx + 2) * (nz + 2) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (k = 0; k < nz; k++)
      for (i = 0; i < nx + 1; i++)
        {
          double d = state[ID_DENS * (nz + 2) * (nx + 2) + k * (nx + 2) + i];
          double u = state[ID_UMOM * (nz + 2) * (nx + 2) + k * (nx + 2) + i];
          flux[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = d * u; /* { dg-bogus "cannot prove" } */
          flux[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = d * u * u; /* { dg-bogus "cannot prove" } */
          flux[ID_WMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = u; /* { dg-bogus "cannot prove" } */
        }
  }
#pragma mint copy(flux, fromDevice, (nx + 1) * (nz + 1) * NUM_VARS)
}

void
fluxes3d (double *q, int nx, int ny, int nz)
{
#pragma mint copy(q, toDevice, (nx + 2) * (ny + 2) * (nz + 2) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k <= nz; k++)
      for (int j = 1; j <= ny; j++)
        for (int i = 1; i <= nx; i++)
          {
            double r = q[IDX (ID_DENS, k, j, i)]; /* { dg-bogus "cannot prove" } */
            q[IDX (ID_UMOM, k, j, i)] /= r; /* { dg-bogus "cannot prove" } */
            q[IDX (ID_WMOM, k, j, i)] /= r; /* { dg-bogus "cannot prove" } */
          }
  }
#pragma mint copy(q, fromDevice, (nx + 2) * (ny + 2) * (nz + 2) * NUM_VARS)
}

/* The density plane's point reads the momentum plane at the next point,
   which that point writes.  */
void
cross_plane_race (double *flux, int nx, int nz)
{
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
        {
          flux[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = 1.0;
          flux[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i]
            = flux[(ID_DENS + 1) * (nz + 1) * (nx + 1) + k * (nx + 1) + i + 1]; /* { dg-warning "reads the element that the point \\(k, i \\+ 1\\)" } */
        }
  }
#pragma mint copy(flux, fromDevice, (nx + 1) * (nz + 1) * NUM_VARS)
}

/* k runs to nz + 1: the point (nz + 1, i) of the density plane writes
   the element that (0, i) writes in the momentum plane.  */
void
past_the_plane (double *flux, int nx, int nz)
{
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 3) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 0; k <= nz + 1; k++)
      for (int i = 0; i < nx + 1; i++)
        {
          flux[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = 1.0;
          flux[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = 2.0; /* { dg-warning "does not write an element that another point" } */
        }
  }
#pragma mint copy(flux, fromDevice, (nx + 1) * (nz + 3) * NUM_VARS)
}

/* The rows' length is not a scalar of the kernel: the bound of i says
   nothing of it, and the rows, and so the planes, may meet.  */
void
unknown_bound (double *flux, int nx, int nz, int m)
{
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < m; i++)
        {
          flux[ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = 1.0;
          flux[ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = 2.0; /* { dg-warning "cannot prove that .flux\\\[.*\\\]. does not write an element that another point of the parallel loop nest writes" } */
        }
  }
#pragma mint copy(flux, fromDevice, (nx + 1) * (nz + 1) * NUM_VARS)
}
