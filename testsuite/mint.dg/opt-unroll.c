/* A loop of the body whose variable starts at a constant, steps by a
   constant and stops at a constant is unrolled at level 3: its
   subscripts become the loop variables plus constants, which level 3
   walks (a star summed over its radius, the game of life, whose centre
   is read only under a condition but within the cells read at every
   point, weights in an array declared in the body, which become
   locals, an offset computed from the loop's variable).  A loop of more than 16 iterations, of a bound that is no
   constant, or whose variable is read after it stays a loop, and the
   nest at level 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
loops (int n, int m, const double *c, double (*a)[n], double (*b)[n],
       unsigned char (*life)[n], unsigned char (*next)[n])
{
#pragma mint copy(c, toDevice, 20)
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(life, toDevice, n, n)
#pragma mint copy(next, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_loops_24.: level 3: each thread walks 64 points along y and computes 2 columns, its own columns in registers, 5 cells of tables read once before the walk; a in registers; read-only path for c" } */
    for (int y = 4; y < n - 4; y++)
      for (int x = 4; x < n - 4; x++)
        {
          double s = c[0] * a[y][x];
          for (int k = 1; k <= 4; k++)
            s += c[k] * (a[y][x - k] + a[y][x + k] + a[y - k][x]
                         + a[y + k][x]);
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_34.: level 3: each thread walks 16 points along y and computes 4 columns, its own columns in registers; life in registers" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          int count = 0;
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              if (dy || dx)
                count += life[y + dy][x + dx];
          next[y][x] = count == 3 || (count == 2 && life[y][x]);
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_45.: level 0; read-only path for c, a .not level 3: the body has inner loops." } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double s = 0;
          for (int k = 0; k < 17; k++)
            s += c[k] * a[y][x];
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_54.: level 0; read-only path for a .not level 3: the body has inner loops." } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double s = 0;
          for (int k = 0; k < m; k++)
            s += a[y][x];
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_63.: level 0; read-only path for a .not level 3: the body has inner loops." } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double s = 0;
          int k;
          for (k = 0; k < 3; k++)
            if (a[y][x] > k)
              break;
          b[y][x] = s + k;
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_74.: level 3: each thread walks 32 points along y and computes 2 columns, its own columns in registers; a in registers" } */
    for (int y = 2; y < n - 2; y++)
      for (int x = 2; x < n - 2; x++)
        {
          const double w[5] = { 0.1, 0.2, 0.4, 0.2, 0.1 };
          double s = 0;
          for (int k = 0; k < 5; k++)
            s += w[k] * (a[y][x + k - 2] + a[y + k - 2][x]);
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_loops_84.: level 3: each thread walks 32 points along y and computes 2 columns, its own columns in registers; a in registers" } */
    for (int y = 2; y < n - 2; y++)
      for (int x = 2; x < n - 2; x++)
        {
          double s = 0;
          for (int k = 0; k < 5; k++)
            {
              int off = k - 2;
              s += a[y + off][x] - a[y][x + off];
            }
          b[y][x] = s;
        }
  }
#pragma mint copy(b, fromDevice, n, n)
#pragma mint copy(next, fromDevice, n, n)
}

/* Unrolled, the iterations' copies make one straight block: a box of
   more cells than level 3's window, its weights from a table or computed
   from the loops' variables (folded to constants), is walked as sums of
   rows or planes.  */
void
boxes (int n, const float (*w)[9], float (*a)[n], float (*b)[n],
       double (*u)[n][n], double (*v)[n][n])
{
#pragma mint copy(w, toDevice, 9, 9)
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_boxes_116.: level 3: each thread walks 64 points along y and computes 4 columns, each row it loads adding to the sums of the 9 points it touches .plane sums., 81 cells of tables read once before the walk; a in registers; read-only path for w" } */
    for (int y = 4; y < n - 4; y++)
      for (int x = 4; x < n - 4; x++)
        {
          float s = 0;
          for (int dy = -4; dy <= 4; dy++)
            for (int dx = -4; dx <= 4; dx++)
              s += w[dy + 4][dx + 4] * a[y + dy][x + dx];
          b[y][x] = s;
        }
    /* Rows summed out of order: no plane sums; the message names the
       array the body walks, not the table read as often.  */
#pragma mint for nest(all) /* { dg-message "mint_boxes_128.: level 0; read-only path for w, a .not level 3: a is read at more than 64 offsets, and its value is no sum over the planes of the walk." } */
    for (int y = 4; y < n - 4; y++)
      for (int x = 4; x < n - 4; x++)
        {
          float s = 0;
          for (int dx = -4; dx <= 4; dx++)
            for (int dy = -4; dy <= 4; dy++)
              s += w[dy + 4][dx + 4] * a[y + dy][x + dx];
          b[y][x] = s;
        }
#pragma mint for nest(all) /* { dg-message "mint_boxes_138.: level 3: each thread walks 32 points along z and computes 2x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums." } */
    for (int z = 2; z < n - 2; z++)
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++)
          {
            double s = 0;
            for (int dz = -2; dz <= 2; dz++)
              for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++)
                  s += (0.999 + 0.0001 * (25 * dz + 5 * dy + dx)) / 125
                       * u[z + dz][y + dy][x + dx];
            v[z][y][x] = s;
          }
  }
#pragma mint copy(b, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n, n)
}

/* A float sum whose weight is a double: each term goes to double and
   back; the partial sums are double, which holds both exactly.  */
void
mixed (int n, float (*u)[n][n], float (*v)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_mixed_165.: level 3: each thread walks 32 points along z and computes 4x1 columns, each plane it loads adding to the sums of the 5 points it touches .plane sums." } */
    for (int z = 2; z < n - 2; z++)
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++)
          {
            float s = 0;
            for (int dz = -2; dz <= 2; dz++)
              for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++)
                  s += 0.008 * u[z + dz][y + dy][x + dx];
            v[z][y][x] = s;
          }
  }
#pragma mint copy(v, fromDevice, n, n, n)
}
