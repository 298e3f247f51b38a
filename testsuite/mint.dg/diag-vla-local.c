/* A local variable-length array lives behind a pointer the gimplifier
   makes (u.2): the diagnostics name the program's array, and one the
   region copies is no error.  */
/* { dg-do compile } */

void
not_copied (int n)
{
  double u[n][n], w[n][n][n];
#pragma mint copy(u, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        u[y][x] = w[1][y][x]; /* { dg-error "array .w. is used in a kernel but never copied to the device" } */
    /* { dg-message "add .#pragma mint copy\\(w, toDevice, \\.\\.\\.\\)." "" { target *-*-* } 11 } */
  }
#pragma mint copy(u, fromDevice, n, n)
}

void
host_reads (int n)
{
  double u[n][n], v[n][n];
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        v[y][x] = u[y][x - 1] + u[y][x + 1];
    n = (int) v[1][1]; /* { dg-error "host code reads an element of .v." } */
  }
#pragma mint copy(v, fromDevice, n, n)
}

void
copied (int n, int m)
{
  double u[m][n][n], v[m][n][n];
#pragma mint copy(u, toDevice, n, n, m)
#pragma mint copy(v, toDevice, n, n, m)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < m - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[z][y][x] = u[z - 1][y][x] + u[z + 1][y][x];
  }
#pragma mint copy(v, fromDevice, n, n, m)
}
