/* Level 4's 3-D variant keeps each coefficient (an array the nest only
   reads, subscripted as the grid it writes, within the halo of the grid
   it reads) in a ring of planes in shared memory, after the grid's rings:
   K read at the point and its neighbours in flux form, in a ring of 8
   planes of 32 x 32 floats, loaded a plane ahead of stage 0 (where the
   tile's cells may leave the space, only those in K's box in x and y),
   read by stage k at plane p0 - k and the planes beside it; the source
   S read at the point only, a ring of 4 planes.  W, read two cells away
   in x, beyond the grid's halo, is read from memory.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level" } */

void
flux (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx],
      float (*k)[ny][nx], double (*s)[ny][nx], double (*w)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(k, toDevice, nx, ny, nz)
#pragma mint copy(s, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 2; x < nx - 2; x++)
          v[z][y][x] = u[z][y][x] + s[z][y][x]
                       + (k[z][y][x] + k[z][y][x - 1]) * (u[z][y][x - 1] - u[z][y][x])
                       + (k[z][y][x] + k[z][y][x + 1]) * (u[z][y][x + 1] - u[z][y][x])
                       + (k[z][y][x] + k[z][y - 1][x]) * (u[z][y - 1][x] - u[z][y][x])
                       + (k[z][y][x] + k[z][y + 1][x]) * (u[z][y + 1][x] - u[z][y][x])
                       + (k[z][y][x] + k[z - 1][y][x]) * (u[z - 1][y][x] - u[z][y][x])
                       + (k[z][y][x] + k[z + 1][y][x]) * (u[z + 1][y][x] - u[z][y][x])
                       + 0.01 * (w[z][y][x - 2] + w[z][y][x + 2]);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "__launch_bounds__ \\(512, 1\\)\nmint_flux_24_temporal \\(" } } */
/* { dg-final { scan-mint-cu "  double \\*const mint_ring = \\(double \\*\\) mint_dynamic_shared;\n  double \\*const mint_c0_ring = \\(double \\*\\) \\(mint_dynamic_shared \\+ 81920\\);\n  float \\*const mint_c1_ring = \\(float \\*\\) \\(mint_dynamic_shared \\+ 114688\\);" } } */
/* A thread's two cells are rows of a column: a row apart in memory.  */
/* { dg-final { scan-mint-cu "const long long mint_c1y = mint_row_k, mint_c1z = mint_plane_k;" } } */
/* { dg-final { scan-mint-cu "mint_c1_n1 = mint_X >= -1 && mint_X < mint_n_x \\+ 1 && mint_Y0 \\+ 1 >= -1 && mint_Y0 \\+ 1 < mint_ny \\+ 1 && mint_load_c \\? __ldg \\(mint_c1k \\+ 1 \\* mint_c1y\\) : 0;" } } */
/* K's plane above stage 0's first is loaded before the walk.  */
/* { dg-final { scan-mint-cu "for \\(int mint_pf = mint_pn - 1; mint_pf < mint_pn; mint_pf\\+\\+\\)" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = mint_c1_ring\\\[\\(\\(mint_p0 \\+ -3\\) & 7\\) \\* 1024 \\+ mint_cell \\+ mint_below\\\];" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = mint_c0_ring\\\[\\(\\(mint_p0 \\+ -2\\) & 3\\) \\* 1024 \\+ mint_cell \\+ 32\\\];" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = __ldg \\(&w\\\[" } } */
