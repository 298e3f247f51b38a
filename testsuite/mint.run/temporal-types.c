/* Level 4's batches of steps over grids of float, int, short and unsigned
   char: a smoothing step whose integer forms round by division, the grids
   reached through a structure's pointer members and swapped in the time
   loop, the result stored back into the structure.  Step counts from 0 to
   20 (batches of 3 and the steps left over), the extents long in z (more
   than one block's 64 planes) and flat in z.  Each type is checked
   against the plain C loop; integer results must be exact.
   Usage: temporal-types [NX NY NZ]  (default 37 29 70).  */
/* { dg-do run } */
#include "mint-test.h"

#define IDX(x, y, z) (((size_t) (z) * ny + (y)) * nx + (x))
#define SMOOTH(T, V, U)                                                    \
  V[IDX (x, y, z)] = (T) ((U[IDX (x - 1, y, z)] + U[IDX (x + 1, y, z)]     \
                           + U[IDX (x, y - 1, z)] + U[IDX (x, y + 1, z)]   \
                           + U[IDX (x, y, z - 1)] + U[IDX (x, y, z + 1)]   \
                           + 2 * U[IDX (x, y, z)]) / 8)

/* STEPS steps from U to V, the two swapped after each; NEST_PRAGMA
   stands before the loop nest.  */
#define TIME_LOOP(T, NEST_PRAGMA)                                          \
  for (int s = 0; s < steps; s++)                                          \
    {                                                                      \
      NEST_PRAGMA                                                          \
      for (int z = 1; z < nz - 1; z++)                                     \
        for (int y = 1; y < ny - 1; y++)                                   \
          for (int x = 1; x < nx - 1; x++)                                 \
            SMOOTH (T, v, u);                                              \
      T *t = u;                                                            \
      u = v;                                                               \
      v = t;                                                               \
    }

/* For element type T: the structure, its time loop on the device and the
   same loop in plain C, and the check of STEPS steps from fresh grids.  */
#define TEMPORAL_TYPE(T, NAME, TOL)                                        \
  struct field_##NAME                                                      \
  {                                                                        \
    int nx, ny, nz;                                                        \
    T *cur, *next;                                                         \
  };                                                                       \
                                                                           \
  static void                                                              \
  evolve_mint_##NAME (struct field_##NAME *f, int steps)                   \
  {                                                                        \
    int nx = f->nx, ny = f->ny, nz = f->nz;                                \
    T *u = f->cur, *v = f->next;                                           \
    _Pragma ("mint copy(u, toDevice, nx, ny, nz)")                        \
    _Pragma ("mint copy(v, toDevice, nx, ny, nz)")                        \
    _Pragma ("mint parallel")                                             \
    {                                                                      \
      TIME_LOOP (T, _Pragma ("mint for nest(all)"));                      \
    }                                                                      \
    _Pragma ("mint copy(u, fromDevice, nx, ny, nz)")                      \
    f->cur = u;                                                            \
    f->next = v;                                                           \
  }                                                                        \
                                                                           \
  static T *                                                               \
  evolve_cpu_##NAME (int nx, int ny, int nz, T *u, T *v, int steps)        \
  {                                                                        \
    TIME_LOOP (T, );                                                       \
    return u;                                                              \
  }                                                                        \
                                                                           \
  static int                                                               \
  check_##NAME (int nx, int ny, int nz, int steps)                         \
  {                                                                        \
    size_t n = (size_t) nx * ny * nz;                                      \
    T *g[4];                                                               \
    for (int k = 0; k < 4; k++)                                            \
      g[k] = test_xmalloc (n * sizeof (T));                                \
    unsigned r = 2024u + steps;                                            \
    for (size_t i = 0; i < n; i++)                                         \
      {                                                                    \
        r = r * 1103515245u + 12345u;                                      \
        g[0][i] = g[2][i] = (T) ((r >> 16) % 200);                         \
        g[1][i] = g[3][i] = (T) ((r >> 8) % 100);                          \
      }                                                                    \
    struct field_##NAME f = { nx, ny, nz, g[0], g[1] };                    \
    evolve_mint_##NAME (&f, steps);                                        \
    T *want = evolve_cpu_##NAME (nx, ny, nz, g[2], g[3], steps);           \
    char what[96];                                                         \
    snprintf (what, sizeof what, #T ", %dx%dx%d, %d steps", nx, ny, nz,     \
              steps);                                                      \
    int status = test_report (what, max_error (f.cur, want, n), TOL);      \
    for (int k = 0; k < 4; k++)                                            \
      free (g[k]);                                                         \
    return status;                                                         \
  }

TEMPORAL_TYPE (float, float, TOL_FLOAT)
TEMPORAL_TYPE (int, int, TOL_EXACT)
TEMPORAL_TYPE (short, short, TOL_EXACT)
TEMPORAL_TYPE (unsigned char, uchar, TOL_EXACT)

int
main (int argc, char **argv)
{
  int nx = argc > 3 ? atoi (argv[1]) : 37;
  int ny = argc > 3 ? atoi (argv[2]) : 29;
  int nz = argc > 3 ? atoi (argv[3]) : 70;
  static const int steps[] = { 0, 1, 3, 7, 20 };
  int status = 0;
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
    {
      status |= check_float (nx, ny, nz, steps[i]);
      status |= check_int (nx, ny, nz, steps[i]);
      status |= check_short (nx, ny, nz, steps[i]);
      status |= check_uchar (nx, ny, nz, steps[i]);
    }
  status |= check_int (nx + 3, ny + 5, 4, 8);
  status |= check_uchar (nx + 3, ny + 5, 4, 8);
  return status;
}
