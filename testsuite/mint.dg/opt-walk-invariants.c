/* A level-3 walk computes the body's calls and floating-point divisions
   that no step changes (operands from the other dimensions' variables,
   scalars and constants) once before the walk, for each column of the
   register block, and copies them at each step; those that use the
   walked dimension's variable, or a loaded value, stay in the step.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
coefficients (int n, double h, double (*a)[n][n], double (*b)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_coefficients_16.: level 3: each thread walks 6 points along z and computes 2x1 columns, its own columns in registers, 3 of the body's calls and divisions computed once before the walk" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            double k = 0.1 * __builtin_exp (-x * h)
                       * (1 + 0.5 * __builtin_sin (y * h)) + h / (1 + x);
            double w = 0.01 / (1 + z) + a[z][y][x] / (2 + a[z][y][x]);
            b[z][y][x] = (1 - 6 * k) * a[z][y][x] + w
                         + k * (a[z][y][x - 1] + a[z][y][x + 1]
                                + a[z][y - 1][x] + a[z][y + 1][x]
                                + a[z - 1][y][x] + a[z + 1][y][x]);
          }
  }
#pragma mint copy(b, fromDevice, n, n, n)
}
/* { dg-final { scan-mint-cu "= exp \\(_t\[0-9\]+_w0_1\\);" } } */
/* { dg-final { scan-mint-cu "= sin \\(_t\[0-9\]+_w0_1\\);" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = _t\[0-9\]+_w0_1;" } } */
