/* A miniWeather-style step over global flat arrays holding one plane
   per variable, each selected by a constant (ID_DENS, ID_UMOM): the
   fluxes of both planes in one nest, which the parallel loops' symbolic
   bounds keep apart (no -Wmint-dependence), then the update of the
   state; between steps the host code brings the state to the host with
   `update toHost' and calls an output routine that reads the global
   state through a function it calls.  The recorded sums and the final
   state are those of the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define ID_DENS 0
#define ID_UMOM 1
#define NUM_VARS 2
#define STEPS 6
#define SIZE(nx, nz) (((nx) + 1) * ((nz) + 1) * NUM_VARS)
/* Element (k, i) of variable V's plane.  */
#define AT(v, k, i) ((v) * (nz + 1) * (nx + 1) + (k) * (nx + 1) + (i))

double *state, *flux;
static double sums[STEPS];

static double
plane_sum (int v, int nx, int nz)
{
  double s = 0.0;
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx + 1; i++)
      s += state[AT (v, k, i)];
  return s;
}

static void
output (int step, int nx, int nz)
{
  sums[step]
    = plane_sum (ID_DENS, nx, nz) + 2.0 * plane_sum (ID_UMOM, nx, nz);
}

static void
steps_mint (int nx, int nz)
{
#pragma mint copy(state, toDevice, SIZE (nx, nz))
#pragma mint copy(flux, toDevice, SIZE (nx, nz))
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int k = 0; k < nz; k++)
          for (int i = 0; i < nx + 1; i++)
            {
              double d = state[AT (ID_DENS, k, i)];
              double u = state[AT (ID_UMOM, k, i)];
              flux[AT (ID_DENS, k, i)] = d * u;
              flux[AT (ID_UMOM, k, i)] = u * u;
            }
#pragma mint for nest(all)
        for (int k = 0; k < nz; k++)
          for (int i = 0; i < nx; i++)
            {
              state[AT (ID_DENS, k, i)]
                -= 0.1 * (flux[AT (ID_DENS, k, i + 1)]
                          - flux[AT (ID_DENS, k, i)]);
              state[AT (ID_UMOM, k, i)]
                -= 0.1 * (flux[AT (ID_UMOM, k, i + 1)]
                          - flux[AT (ID_UMOM, k, i)]);
            }
#pragma mint update(state, toHost, 0:SIZE (nx, nz))
        output (t, nx, nz);
      }
  }
#pragma mint copy(state, fromDevice, SIZE (nx, nz))
}

static void
steps_plain (double *s, double *f, double *sum, int nx, int nz)
{
  int plane = (nz + 1) * (nx + 1);
  for (int t = 0; t < STEPS; t++)
    {
      for (int v = 0; v < NUM_VARS; v++)
        for (int k = 0; k < nz; k++)
          for (int i = 0; i < nx + 1; i++)
            {
              double d = s[ID_DENS * plane + k * (nx + 1) + i];
              double u = s[ID_UMOM * plane + k * (nx + 1) + i];
              f[v * plane + k * (nx + 1) + i] = v == ID_DENS ? d * u : u * u;
            }
      for (int v = 0; v < NUM_VARS; v++)
        for (int k = 0; k < nz; k++)
          for (int i = 0; i < nx; i++)
            s[v * plane + k * (nx + 1) + i]
              -= 0.1 * (f[v * plane + k * (nx + 1) + i + 1]
                        - f[v * plane + k * (nx + 1) + i]);
      double dens = 0.0, umom = 0.0;
      for (int k = 0; k < nz; k++)
        for (int i = 0; i < nx + 1; i++)
          {
            dens += s[ID_DENS * plane + k * (nx + 1) + i];
            umom += s[ID_UMOM * plane + k * (nx + 1) + i];
          }
      sum[t] = dens + 2.0 * umom;
    }
}

int
main (void)
{
  int nx = 45, nz = 19;
  size_t size = SIZE (nx, nz);
  state = test_xmalloc (size * sizeof (double));
  flux = test_xmalloc (size * sizeof (double));
  double *s = test_xmalloc (size * sizeof (double));
  double *f = test_xmalloc (size * sizeof (double));
  for (size_t n = 0; n < size; n++)
    {
      state[n] = s[n] = 1.0 + 0.001 * (double) (n % 97);
      flux[n] = f[n] = 0.0;
    }
  double sum[STEPS];
  steps_mint (nx, nz);
  steps_plain (s, f, sum, nx, nz);
  double err = max_error (state, s, size);
  double err_sums = max_error (sums, sum, STEPS);
  int status = test_report ("constant planes and an output routine",
                            err > err_sums ? err : err_sums, TOL_DOUBLE);
  free (state);
  free (flux);
  free (s);
  free (f);
  return status;
}
