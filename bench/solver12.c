/* solver12.c -- a multi-nest solver file for the compile-time benchmark:
   twelve `#pragma mint for` nests of varied stencils (3-D stars of radius
   1 to 3, a 27-point box, a variable-coefficient star, 2-D stars of radius
   1 and 2, a 2-D box, multi-field updates) over six 3-D and three 2-D
   arrays, in one parallel region, the size of a small CFD or seismic
   solver.  Compiled with -DHOST_EDIT=N, only host code changes (the
   step count's clamp below): the kernels' generated CUDA stays the same,
   as after an edit of a solver's host code.  */

#ifndef HOST_EDIT
#define HOST_EDIT 0
#endif

void
solver12 (double ***u, double ***v, double ***w, double ***p, double ***q,
          double ***c, double **h, double **g, double **r, int n, int m,
          int steps, double dt)
{
  if (steps > 1000000 + HOST_EDIT)
    steps = 1000000 + HOST_EDIT;
#pragma mint copy(u, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(v, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(w, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(p, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(q, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(c, toDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(h, toDevice, (m + 4), (m + 4))
#pragma mint copy(g, toDevice, (m + 4), (m + 4))
#pragma mint copy(r, toDevice, (m + 4), (m + 4))
#pragma mint parallel default(shared)
  {
    for (int t = 0; t < steps; t++)
      {
        /* 1: 7-point heat step.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              v[z][y][x] = u[z][y][x]
                           + dt * (u[z][y][x - 1] + u[z][y][x + 1]
                                   + u[z][y - 1][x] + u[z][y + 1][x]
                                   + u[z - 1][y][x] + u[z + 1][y][x]
                                   - 6.0 * u[z][y][x]);
        /* 2: 13-point star, radius 2 (4th order).  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              w[z][y][x] = -7.5 * v[z][y][x]
                           + (4.0 / 3.0) * (v[z][y][x - 1] + v[z][y][x + 1]
                                            + v[z][y - 1][x] + v[z][y + 1][x]
                                            + v[z - 1][y][x] + v[z + 1][y][x])
                           - (1.0 / 12.0) * (v[z][y][x - 2] + v[z][y][x + 2]
                                             + v[z][y - 2][x] + v[z][y + 2][x]
                                             + v[z - 2][y][x] + v[z + 2][y][x]);
        /* 3: 19-point star, radius 3 (6th order), variable coefficient.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              p[z][y][x] = 2.0 * w[z][y][x] - p[z][y][x]
                           + c[z][y][x]
                             * (-8.166666666666666 * w[z][y][x]
                                + 1.5 * (w[z][y][x - 1] + w[z][y][x + 1]
                                         + w[z][y - 1][x] + w[z][y + 1][x]
                                         + w[z - 1][y][x] + w[z + 1][y][x])
                                - 0.15 * (w[z][y][x - 2] + w[z][y][x + 2]
                                          + w[z][y - 2][x] + w[z][y + 2][x]
                                          + w[z - 2][y][x] + w[z + 2][y][x])
                                + (1.0 / 90.0)
                                  * (w[z][y][x - 3] + w[z][y][x + 3]
                                     + w[z][y - 3][x] + w[z][y + 3][x]
                                     + w[z - 3][y][x] + w[z + 3][y][x]));
        /* 4: 27-point box smoother.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              q[z][y][x] = (p[z - 1][y - 1][x - 1] + p[z - 1][y - 1][x] + p[z - 1][y - 1][x + 1]
                            + p[z - 1][y][x - 1] + p[z - 1][y][x] + p[z - 1][y][x + 1]
                            + p[z - 1][y + 1][x - 1] + p[z - 1][y + 1][x] + p[z - 1][y + 1][x + 1]
                            + p[z][y - 1][x - 1] + p[z][y - 1][x] + p[z][y - 1][x + 1]
                            + p[z][y][x - 1] + p[z][y][x] + p[z][y][x + 1]
                            + p[z][y + 1][x - 1] + p[z][y + 1][x] + p[z][y + 1][x + 1]
                            + p[z + 1][y - 1][x - 1] + p[z + 1][y - 1][x] + p[z + 1][y - 1][x + 1]
                            + p[z + 1][y][x - 1] + p[z + 1][y][x] + p[z + 1][y][x + 1]
                            + p[z + 1][y + 1][x - 1] + p[z + 1][y + 1][x] + p[z + 1][y + 1][x + 1])
                           * (1.0 / 27.0);
        /* 5: variable-coefficient 7-point (two arrays read).  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              u[z][y][x] = q[z][y][x]
                           + dt * (c[z][y][x + 1] * (q[z][y][x + 1] - q[z][y][x])
                                   - c[z][y][x] * (q[z][y][x] - q[z][y][x - 1])
                                   + c[z][y + 1][x] * (q[z][y + 1][x] - q[z][y][x])
                                   - c[z][y][x] * (q[z][y][x] - q[z][y - 1][x])
                                   + c[z + 1][y][x] * (q[z + 1][y][x] - q[z][y][x])
                                   - c[z][y][x] * (q[z][y][x] - q[z - 1][y][x]));
        /* 6: gradient magnitude from three fields (central differences).  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              v[z][y][x] = (u[z][y][x + 1] - u[z][y][x - 1])
                             * (u[z][y][x + 1] - u[z][y][x - 1])
                           + (w[z][y + 1][x] - w[z][y - 1][x])
                             * (w[z][y + 1][x] - w[z][y - 1][x])
                           + (p[z + 1][y][x] - p[z - 1][y][x])
                             * (p[z + 1][y][x] - p[z - 1][y][x]);
        /* 7: x-only 1-D smoothing of radius 3.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              w[z][y][x] = 0.25 * v[z][y][x]
                           + 0.125 * (v[z][y][x - 1] + v[z][y][x + 1])
                           + 0.1 * (v[z][y][x - 2] + v[z][y][x + 2])
                           + 0.15 * (v[z][y][x - 3] + v[z][y][x + 3]);
        /* 8: z-only radius-2 filter of two fields.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              q[z][y][x] = 0.5 * (u[z - 2][y][x] + u[z + 2][y][x])
                           - 0.25 * (w[z - 1][y][x] + w[z + 1][y][x])
                           + w[z][y][x];
        /* 9: 2-D 5-point Jacobi.  */
#pragma mint for nest(all)
        for (int y = 2; y < m + 2; y++)
          for (int x = 2; x < m + 2; x++)
            g[y][x] = 0.25 * (h[y][x - 1] + h[y][x + 1] + h[y - 1][x]
                              + h[y + 1][x] - r[y][x]);
        /* 10: 2-D 9-point star, radius 2.  */
#pragma mint for nest(all)
        for (int y = 2; y < m + 2; y++)
          for (int x = 2; x < m + 2; x++)
            h[y][x] = -5.0 * g[y][x]
                      + (4.0 / 3.0) * (g[y][x - 1] + g[y][x + 1] + g[y - 1][x]
                                       + g[y + 1][x])
                      - (1.0 / 12.0) * (g[y][x - 2] + g[y][x + 2] + g[y - 2][x]
                                        + g[y + 2][x]);
        /* 11: 2-D 9-point box.  */
#pragma mint for nest(all)
        for (int y = 2; y < m + 2; y++)
          for (int x = 2; x < m + 2; x++)
            r[y][x] = (h[y - 1][x - 1] + h[y - 1][x] + h[y - 1][x + 1]
                       + h[y][x - 1] + 4.0 * h[y][x] + h[y][x + 1]
                       + h[y + 1][x - 1] + h[y + 1][x] + h[y + 1][x + 1])
                      * (1.0 / 12.0);
        /* 12: point-wise update of three fields from a fourth.  */
#pragma mint for nest(all)
        for (int z = 3; z < n + 3; z++)
          for (int y = 3; y < n + 3; y++)
            for (int x = 3; x < n + 3; x++)
              c[z][y][x] = 0.999 * c[z][y][x]
                           + 0.001 * (q[z][y][x] * q[z][y][x]
                                      + u[z][y][x] * v[z][y][x]);
      }
  }
#pragma mint copy(u, fromDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(p, fromDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(c, fromDevice, (n + 6), (n + 6), (n + 6))
#pragma mint copy(h, fromDevice, (m + 4), (m + 4))
}
