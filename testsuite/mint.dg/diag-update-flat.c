/* Updates of a grid held by a flat pointer (`double *'), against host
   code of the region that reads its elements by one flat subscript.

   With a copy of one extent, or of several constant ones, a constant
   flat subscript, or a loop's variable plus a constant (times a row or
   plane, a column's cells), names a box of the grid: part of a row,
   whole rows of a plane, whole planes, one cell of each row.  A read of
   a box that the region's updates toHost do not move is an error, with
   a note at the update, as for an array of rows.  A range that is no
   such box (the end of one row and the start of the next), a subscript
   of several variables or of extents that are not constant, is taken
   as moved.  A local pointer set only to the array's start (`double *p
   = u;', a cast to rows) reads the same boxes; one set to an element
   past it is taken as moving.  So does a copy of a row of a fixed array
   that GCC makes a copy of bytes (`memcpy (row, g[5], sizeof row)'), and
   a call of memset or memcpy of a constant size at a constant offset.  */
/* { dg-do compile } */

#include <stdlib.h>

#define NX 64
#define NY 32
#define NZ 4

double monitor (double);

/* One step of a kernel over the whole flat grid U of N cells.  */
#define SCALE(u, n)                                                      \
  _Pragma ("mint for nest(all)")                                         \
  for (int i = 0; i < (n); i++)                                          \
    u[i] = 2 * u[i];

void
one_extent (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX)
#pragma mint update(u, toHost, 0:1) /* { dg-message "this update of .u. does not move the element that host code reads at line 44" } */
        monitor (u[0]);
        monitor (u[5]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, NX)
}

void
rows (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX * NY)
#pragma mint update(u, toHost, 0:NX, 5:1) /* { dg-message "this update of .u. does not move the element that host code reads at line 63" } */
        monitor (u[5 * NX + 3]);
        for (int x = 0; x < NX; x++)
          monitor (u[5 * NX + x]);
        monitor (u[6 * NX + 3]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
        for (int k = NX - 2; k < NX + 2; k++)
          monitor (u[k]);
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
}

void
whole_rows (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX * NY)
#pragma mint update(u, toHost, 0:NX, 2:3) /* { dg-message "this update of .u. does not move every element that host code reads at line 84" } */
        for (int k = 2 * NX; k < 5 * NX; k++)
          monitor (u[k]);
        for (int k = 2 * NX; k < 6 * NX; k++)
          monitor (u[k]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
}

void
column (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX * NY)
#pragma mint update(u, toHost, 3:1, 0:NY) /* { dg-message "this update of .u. moves none of the elements that host code reads at line 103" } */
        for (int y = 0; y < NY; y++)
          monitor (u[y * NX + 3]);
        for (int y = 0; y < NY; y++)
          monitor (u[y * NX + 4]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
}

void
planes (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX * NY * NZ)
#pragma mint update(u, toHost, 0:NX, 0:NY, 2:1) /* { dg-message "this update of .u. does not move the element that host code reads at line 122" } */
        monitor (u[(2 * NY + 3) * NX + 4]);
        for (int k = 2 * NX * NY; k < 3 * NX * NY; k++)
          monitor (u[k]);
        monitor (u[(3 * NY + 3) * NX + 4]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, NX, NY, NZ)
}

/* Extents of the run: the flat subscript names no box the plugin
   knows.  */
void
extents_of_the_run (double *u, int nx, int ny, int steps)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, nx * ny)
#pragma mint update(u, toHost, 0:nx, 5:1)
        monitor (u[5 * nx + 3]);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
}

void
aliases (double *u, int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        SCALE (u, NX * NY)
#pragma mint update(u, toHost, 0:NX, 5:1) /* { dg-message "this update of .u. does not move the element that host code reads at line 160" } */
        double *p = u;
        double (*r)[NX] = (double (*)[NX]) u;
        double *q = u + NX;
        monitor (p[5 * NX + 3] + r[5][4] + q[4 * NX + 3]);
        monitor (p[6 * NX + 3]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
        monitor (r[7][3]);
        monitor (q[3]);
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
}

static double g[NY][NX];

void
row_copied (int steps)
{
#pragma mint copy(g, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 0; y < NY; y++)
          for (int x = 0; x < NX; x++)
            g[y][x] = 2 * g[y][x];
#pragma mint update(g, toHost, 0:NX, 0:1) /* { dg-message "this update of .g. moves none of the elements that host code reads at line 186" } */
        double row[NX];
        __builtin_memcpy (row, g[0], sizeof row);
        monitor (row[3]);
        __builtin_memcpy (row, g[5], sizeof row); /* { dg-error "host code reads an element of .g. in the .parallel. region" } */
        monitor (row[3]);
      }
  }
#pragma mint copy(g, fromDevice, NX, NY)
}

static double h[NY][NX], k[NY][NX];

void
row_set (int steps)
{
#pragma mint copy(h, toDevice, NX, NY)
#pragma mint copy(k, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        __builtin_memset (h[0], 0, sizeof h[0]);
        __builtin_memset (h[NY - 1], 0, sizeof h[NY - 1]); /* { dg-error "host code writes an element of .h. in the .parallel. region" } */
#pragma mint update(h, toDevice, 0:NX, 0:1) /* { dg-message "this update of .h. moves none of the elements that host code writes at line 205" } */
#pragma mint for nest(all)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 0; x < NX; x++)
            k[y][x] = h[y - 1][x] + h[y + 1][x];
      }
  }
#pragma mint copy(k, fromDevice, NX, NY)
}

