/* Level 4 keeps level 3 where dimension x is a point's few components:
   the temporal variant's blocks, 32 points wide in 3-D and 256 in 2-D,
   would leave most of their threads idle, where level 3's candidates
   give such a dimension one thread a point.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-verbose" } */

void
narrow (int n, int steps, float (*v)[n][2], float (*w)[n][2],
        double (*p)[3], double (*q)[3])
{
#pragma mint copy(v, toDevice, 2, n, n)
#pragma mint copy(w, toDevice, 2, n, n)
#pragma mint copy(p, toDevice, 3, n)
#pragma mint copy(q, toDevice, 3, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "no temporal blocking: the variant is measured slower than level 3 where its blocks, 32 points wide in x, are wider than x's extent \\(2\\)" } */
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            for (int c = 0; c < 2; c++)
              w[y][x][c] = 0.6f * v[y][x][c]
                           + 0.1f * (v[y][x - 1][c] + v[y][x + 1][c]
                                     + v[y - 1][x][c] + v[y + 1][x][c]);
#pragma mint for nest(all) /* { dg-message "no temporal blocking: the variant is measured slower than level 3 where its blocks, 256 points wide in x, are wider than x's extent \\(3\\)" } */
        for (int i = 1; i < n - 1; i++)
          for (int c = 0; c < 3; c++)
            q[i][c] = 0.5 * p[i][c] + 0.25 * (p[i - 1][c] + p[i + 1][c]);
#pragma mint single
        {
          float (*tv)[n][2] = v;
          v = w;
          w = tv;
          double (*tp)[3] = p;
          p = q;
          q = tp;
        }
      }
  }
#pragma mint copy(v, fromDevice, 2, n, n)
#pragma mint copy(w, fromDevice, 2, n, n)
#pragma mint copy(p, fromDevice, 3, n)
#pragma mint copy(q, fromDevice, 3, n)
}
