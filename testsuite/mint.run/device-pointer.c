/* mint_device_pointer hands the device copy of an array to code outside
   mint, as CUDA-aware MPI would use it: a box of what a queued kernel
   wrote is read through the pointer and the layout (with the CUDA driver
   on a GPU, directly on the host fallback), and new values are written
   into another box that a queued kernel still reads; the kernel must see
   the old values, the kernel after it the new ones.  */
/* { dg-do run } */
#include "mint-test.h"

#ifdef __MINT__
#include <dlfcn.h>
#include <stdint.h>
#include <mint/mintrt.h>

/* Copies between host and device memory through the CUDA driver, which
   libmintrt has loaded and whose context it made current.  */
typedef int (*copy_from_device) (void *, unsigned long long, size_t);
typedef int (*copy_to_device) (unsigned long long, const void *, size_t);

static void *
driver_entry (const char *name)
{
  void *lib = dlopen ("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  void *entry = lib ? dlsym (lib, name) : NULL;
  if (!entry)
    {
      fprintf (stderr, "device-pointer: no %s in the CUDA driver\n", name);
      exit (2);
    }
  return entry;
}

/* Row by row between the box (x0, y0, z0) + (nx, ny, nz) at P, laid out
   as L says, and the contiguous BUF; TO_ARRAY writes the array.  */
static void
move_box (char *p, const struct mint_layout *l, int nx, int ny, int nz,
          double *buf, int to_array)
{
  size_t row = (size_t) nx * sizeof (double);
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      {
        char *at = p + (z * l->plane_stride + y * l->row_stride)
                       * (long long) sizeof (double);
        double *b = buf + ((size_t) z * ny + y) * nx;
        int r = 0;
        if (!l->on_device)
          memcpy (to_array ? (void *) at : b, to_array ? (void *) b : at, row);
        else if (to_array)
          r = ((copy_to_device) driver_entry ("cuMemcpyHtoD_v2"))
                ((uintptr_t) at, b, row);
        else
          r = ((copy_from_device) driver_entry ("cuMemcpyDtoH_v2"))
                (b, (uintptr_t) at, row);
        if (r != 0)
          {
            fprintf (stderr, "device-pointer: CUDA error %d\n", r);
            exit (2);
          }
      }
}
#endif

#define VALUE(z, y, x) (1.0 + 0.01 * (x) + 0.1 * (y) + (z))

static int
sequence (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx],
          double *box)
{
  double fresh[2 * nx];
  int status = 0;
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          u[z][y][x] = VALUE (z, y, x);
#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          v[z][y][x] = 2.0 * u[z][y][x];
#ifdef __MINT__
    struct mint_layout l;
    char *p = mint_device_pointer (&u[0][0][0], 2, 5, 1, 3, 2, 4, &l);
    status |= l.elem_size != sizeof (double) || l.nx != nx || l.ny != ny
              || l.nz != nz || l.row_stride < nx
              || l.plane_stride != l.row_stride * ny
              || (!l.on_device && (p != (char *) &u[2][1][2]
                                   || l.row_stride != nx));
    printf ("layout: %s, row stride %lld, plane stride %lld: %s\n",
            l.on_device ? "device" : "host", l.row_stride, l.plane_stride,
            status ? "FAILED" : "ok");
    move_box (p, &l, 5, 3, 4, box, 0);
    /* The kernel before reads these rows: the new values are for the
       next one.  */
    for (int i = 0; i < 2 * nx; i++)
      fresh[i] = -1.0 - i;
    p = mint_device_pointer (&u[0][0][0], 0, nx, 4, 2, 7, 1, &l);
    move_box (p, &l, nx, 2, 1, fresh, 1);
#else
    for (int z = 0; z < 4; z++)
      for (int y = 0; y < 3; y++)
        memcpy (box + (z * 3 + y) * 5, &u[2 + z][1 + y][2],
                5 * sizeof (double));
    for (int i = 0; i < 2 * nx; i++)
      fresh[i] = -1.0 - i;
    memcpy (&u[7][4][0], fresh, 2 * nx * sizeof (double));
#endif
#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          v[z][y][x] += u[z][y][x];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
  return status;
}

int
main (void)
{
  int nx = 23, ny = 9, nz = 11;
  size_t n = (size_t) nx * ny * nz;
  double (*u)[ny][nx] = test_xmalloc (n * sizeof (double));
  double (*v)[ny][nx] = test_xmalloc (n * sizeof (double));
  double (*ref)[ny][nx] = test_xmalloc (n * sizeof (double));
  double box[60], expect[60];
  fill (&u[0][0][0], nx, ny, nz, 1);
  fill (&v[0][0][0], nx, ny, nz, 2);

  int status = sequence (nx, ny, nz, u, v, box);
  /* What the box read held: the first kernel's values.  */
  for (int z = 0; z < 4; z++)
    for (int y = 0; y < 3; y++)
      for (int x = 0; x < 5; x++)
        expect[(z * 3 + y) * 5 + x] = VALUE (2 + z, 1 + y, 2 + x);
  status |= test_report ("box read through the pointer",
                         max_error (box, expect, 60), TOL_DOUBLE);
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        ref[z][y][x] = 3.0 * VALUE (z, y, x);
  for (int i = 0; i < 2 * nx; i++)
    ref[7][4][i] = 2.0 * VALUE (7, 4 + i / nx, i % nx) - 1.0 - i;
  status |= test_report ("box written through the pointer",
                         max_error (&v[0][0][0], &ref[0][0][0], n),
                         TOL_DOUBLE);
  free (u);
  free (v);
  free (ref);
  return status;
}
