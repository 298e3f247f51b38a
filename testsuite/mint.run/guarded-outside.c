/* An access under a condition that leaves its array's copy: the launch
   check counts only the accesses every point makes, so the device checks
   these as it runs them and libmintrt stops the program at the next wait
   for the kernels, naming the kernel, the array and the copy.  The program's loops read or write the host's memory next to the
   array there (the next row), which the device copy does not have.  On
   the host, and built without the plugin, each runs to the end.  The same
   accesses kept inside the copy by the data (a flag field that is zero at
   the edges) run and compute what the CPU does, in a time loop of
   nowait kernels too (an even number of steps: the result is in the
   caller's first array).  */
/* { dg-do run } */
#include "mint-test.h"

enum { NX = 45, NY = 30 };

/* u has a row more than its copy: the read at the last column of the
   last row is the host's next row.  */
static void
read_past_row (void *arg)
{
  double (*u)[NX] = arg, (*v)[NX] = calloc (NY, sizeof *v);
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x < NX; x++)
        {
          double r = 0.0;
          if (u[y][x] > 0.5)
            r = u[y][x + 1];
          v[y][x] = 0.5 * (u[y][x - 1] + r);
        }
  }
#pragma mint copy(v, fromDevice, NX, NY)
  free (v);
}
enum { read_line = __LINE__ - 13 };

/* The same as nowait steps, the fault found at the copy back.  */
static void
read_past_row_nowait (void *arg)
{
  double (*u)[NX] = arg, (*v)[NX] = calloc (NY, sizeof *v);
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < 3; t++)
      {
#pragma mint for nest(2) nowait
        for (int y = 0; y < NY; y++)
          for (int x = 1; x < NX; x++)
            if (u[y][x] > 0.5)
              v[y][x] += u[y][x + 1];
      }
  }
#pragma mint copy(v, fromDevice, NX, NY)
  free (v);
}
enum { nowait_line = __LINE__ - 10 };

/* A store one past the row into w, whose copy has exactly NY rows.  */
static void
write_past_row (void *arg)
{
  double (*u)[NX] = arg, (*w)[NX] = calloc (NY + 1, sizeof *w);
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(w, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        if (u[y][x] > 0.5)
          w[y][x + 1] = u[y][x];
  }
#pragma mint copy(w, fromDevice, NX, NY)
  free (w);
}
enum { write_line = __LINE__ - 9 };

/* A bound that wraps: with the unsigned m 0 (from the data), x < m - 1
   holds at every x, and the read of u at the last column leaves the
   copy: the launch must not take the condition for x <= -2.  */
static void
read_past_wrapped_bound (void *arg)
{
  double (*u)[NX] = arg, (*v)[NX] = calloc (NY, sizeof *v);
  unsigned m = (unsigned) u[0][0];
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (unsigned x = 0; x < NX; x++)
        if (x < m - 1)
          v[y][x] = u[y][x + 1];
  }
#pragma mint copy(v, fromDevice, NX, NY)
  free (v);
}
enum { wrapped_line = __LINE__ - 9 };

#define AT(x, y) ((y) * NX + (x))

/* A flat array read one past its last element.  */
static void
read_past_flat (void *arg)
{
  double *f = arg, *g = calloc ((size_t) NX * NY, sizeof *g);
#pragma mint copy(f, toDevice, NX * NY)
#pragma mint copy(g, toDevice, NX * NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        if (f[AT (x, y)] > 0.5)
          g[AT (x, y)] = f[AT (x + 1, y)];
  }
#pragma mint copy(g, fromDevice, NX * NY)
  free (g);
}
enum { flat_line = __LINE__ - 9 };

/* Two nests on one line (a macro's), each with an access under a
   condition, the second reading past the last row: the message names the
   second kernel and its array.  */
#define TWO_NESTS                                                         \
  MINT_PRAGMA (for nest(2))                                               \
  for (int y = 0; y < NY; y++)                                            \
    for (int x = 0; x < NX; x++)                                          \
      if (u[y][x] > 0.5)                                                  \
        v[y][x] = u[y][x];                                                \
  MINT_PRAGMA (for nest(2))                                               \
  for (int y = 0; y < NY; y++)                                            \
    for (int x = 0; x < NX; x++)                                          \
      if (u[y][x] > 0.5)                                                  \
        w[y][x] = v[y][x + 1];

static void
second_nest_past_row (void *arg)
{
  double (*u)[NX] = arg, (*v)[NX] = calloc (NY + 1, sizeof *v);
  double (*w)[NX] = calloc (NY, sizeof *w);
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint copy(w, toDevice, NX, NY)
#pragma mint parallel
  {
    TWO_NESTS
  }
#pragma mint copy(w, fromDevice, NX, NY)
  free (v);
  free (w);
}
enum { two_line = __LINE__ - 6 };

/* Steps of a flag-field update: where FLAG is set (never at the edges)
   the point reads its four neighbours.  */
static void
flagged_mint (double (*u)[NX], double (*v)[NX], const unsigned char (*flag)[NX],
              int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint copy(flag, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(2) nowait
        for (int y = 0; y < NY; y++)
          for (int x = 0; x < NX; x++)
            {
              double s = u[y][x];
              if (flag[y][x])
                s = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                            + u[y + 1][x]);
              v[y][x] = s;
            }
        double (*tmp)[NX] = u;
        u = v;
        v = tmp;
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
#pragma mint copy(v, fromDevice, NX, NY)
}

static void
flagged_cpu (double (*u)[NX], double (*v)[NX], const unsigned char (*flag)[NX],
             int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
          v[y][x] = flag[y][x] ? 0.25 * (u[y][x - 1] + u[y][x + 1]
                                         + u[y - 1][x] + u[y + 1][x])
                               : u[y][x];
      memcpy (u, v, sizeof (double) * NX * NY);
    }
}

/* Checks one of the programs above with the message of kernel LINE.  */
static int
expect_stop (const char *what, void (*run) (void *), void *arg, int line,
             const char *access)
{
  char expected[256];
  snprintf (expected, sizeof expected, "guarded-outside.c:%d: kernel "
            "mint_%s_%d %s", line, what, line, access);
  return test_stops_on_device (what, run, arg, expected,
                               "elements, copied at ");
}

int
main (void)
{
  double (*u)[NX] = calloc (NY + 1, sizeof *u);
  for (int y = 0; y <= NY; y++)
    for (int x = 0; x < NX; x++)
      u[y][x] = (x * 3 + y) % 11 * 0.1;
  u[NY - 1][NX - 1] = 1.0;

  int status = expect_stop ("read_past_row", read_past_row, u, read_line,
                            "reads array u outside its copy (45x30x1 ");
  status |= expect_stop ("read_past_row_nowait", read_past_row_nowait, u,
                         nowait_line,
                         "reads array u outside its copy (45x30x1 ");
  status |= expect_stop ("write_past_row", write_past_row, u, write_line,
                         "writes array w outside its copy (45x30x1 ");
  status |= expect_stop ("read_past_wrapped_bound", read_past_wrapped_bound,
                         u, wrapped_line,
                         "reads array u outside its copy (45x30x1 ");
  status |= expect_stop ("read_past_flat", read_past_flat, u[0], flat_line,
                         "reads array f outside its copy (1350x1x1 ");
  char second[256];
  snprintf (second, sizeof second, "guarded-outside.c:%d: kernel "
            "mint_second_nest_past_row_%d_2 reads array v outside its copy "
            "(45x30x1 ", two_line, two_line);
  status |= test_stops_on_device ("second_nest_past_row",
                                  second_nest_past_row, u, second,
                                  "elements, copied at ");

  double (*a)[NX] = calloc (NY, sizeof *a), (*b)[NX] = calloc (NY, sizeof *b);
  double (*r)[NX] = calloc (NY, sizeof *r), (*s)[NX] = calloc (NY, sizeof *s);
  unsigned char (*flag)[NX] = calloc (NY, sizeof *flag);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      {
        a[y][x] = r[y][x] = (x * 7 + y * 3) % 13 * 0.25;
        flag[y][x] = x > 0 && x < NX - 1 && y > 0 && y < NY - 1
                     && (x + y) % 3 != 0;
      }
  flagged_mint (a, b, (const unsigned char (*)[NX]) flag, 4);
  flagged_cpu (r, s, (const unsigned char (*)[NX]) flag, 4);
  status |= test_report ("flag field, 4 nowait steps",
                         max_error (a[0], r[0], NX * NY), TOL_DOUBLE);
  free (u);
  free (a);
  free (b);
  free (r);
  free (s);
  free (flag);
  return status;
}
