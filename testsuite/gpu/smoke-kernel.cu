/* Hand-written kernels for the GPU smoke test of libmintrt, written to the
   kernel parameter convention of mint/mintrt.h: per parallel dimension
   (x first) long long lo, n; per array T *ptr, long long row_stride,
   plane_stride (in elements); the scalars in their exact types; a
   T *accumulator per reduction.  Tiles and chunks must match the
   descriptors in smoke.c.  */

#define HEAT_TILE_X 32
#define HEAT_TILE_Y 4
#define HEAT_TILE_Z 4
#define HEAT_CHUNK_Z 4          /* so a block is 32 x 4 x 1 threads */
#define AXPY_TILE_X 128

/* One 7-point heat update of this thread's column of HEAT_CHUNK_Z points;
   returns the sum of the new values.  */
__device__ static double
heat_column (long long lo_x, long long n_x, long long lo_y, long long n_y,
             long long lo_z, long long n_z,
             const double *u, long long u_row, long long u_plane,
             double *unew, long long unew_row, long long unew_plane,
             double c0, float c1)
{
  long long x = blockIdx.x * (long long) HEAT_TILE_X + threadIdx.x;
  long long y = blockIdx.y * (long long) HEAT_TILE_Y + threadIdx.y;
  long long z0 = blockIdx.z * (long long) HEAT_TILE_Z
                 + threadIdx.z * (long long) HEAT_CHUNK_Z;
  double sum = 0;

  if (x >= n_x || y >= n_y)
    return 0;
  x += lo_x;
  y += lo_y;
  for (long long z = z0; z < z0 + HEAT_CHUNK_Z && z < n_z; z++)
    {
      const double *p = u + (z + lo_z) * u_plane + y * u_row + x;
      double v = c0 * p[0]
                 + c1 * (p[-1] + p[1] + p[-u_row] + p[u_row]
                         + p[-u_plane] + p[u_plane]);
      unew[(z + lo_z) * unew_plane + y * unew_row + x] = v;
      sum += v;
    }
  return sum;
}

/* heat with reduction(+:sum).  */
extern "C" __global__ void
mint_smoke_heat_sum (long long lo_x, long long n_x, long long lo_y,
                     long long n_y, long long lo_z, long long n_z,
                     const double *u, long long u_row, long long u_plane,
                     double *unew, long long unew_row, long long unew_plane,
                     double c0, float c1, double *sum)
{
  double s = heat_column (lo_x, n_x, lo_y, n_y, lo_z, n_z, u, u_row,
                          u_plane, unew, unew_row, unew_plane, c0, c1);
  if (s != 0)
    atomicAdd (sum, s);
}

/* heat, launched with nowait.  */
extern "C" __global__ void
mint_smoke_heat (long long lo_x, long long n_x, long long lo_y,
                 long long n_y, long long lo_z, long long n_z,
                 const double *u, long long u_row, long long u_plane,
                 double *unew, long long unew_row, long long unew_plane,
                 double c0, float c1)
{
  heat_column (lo_x, n_x, lo_y, n_y, lo_z, n_z, u, u_row, u_plane, unew,
               unew_row, unew_plane, c0, c1);
}

/* y = a x + y + bias over flat (MINT_COPY_FLAT) float arrays.  */
extern "C" __global__ void
mint_smoke_axpy (long long lo_x, long long n_x,
                 const float *x, long long x_row, long long x_plane,
                 float *y, long long y_row, long long y_plane,
                 float a, int bias)
{
  long long i = blockIdx.x * (long long) AXPY_TILE_X + threadIdx.x;

  if (i >= n_x)
    return;
  i += lo_x;
  y[i] = a * x[i] + y[i] + bias;
}
