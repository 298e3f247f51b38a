/* The pass turns each update into one mint_update call at its place: the
   array's name, its host key read there (after the swap, the pointer
   holds the other array), element size, direction, and start and count
   per axis, x first, 0:1 for the axes beyond the array's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

void
f (int nx, int ny, float (*u)[nx], float (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int y = 1; y < ny - 1; y++)
      for (int x = 0; x < nx; x++)
        v[y][x] = u[y - 1][x] + u[y + 1][x];
#pragma mint update(v, toHost, 2:nx - 4, 1:1)
#pragma mint single
    {
      float (*t)[nx] = u;
      u = v;
      v = t;
      for (int x = 0; x < nx; x++)
        v[ny - 1][x] = x;
    }
#pragma mint update(v, toDevice, 0:nx, ny - 1:1)
  }
#pragma mint copy(u, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-dump {mint_update \(&__mint_site_[0-9]+, &"v"\[0\], v, 4, 1, 2, [^,]+, 1, 1, 0, 1\);} } } */
/* { dg-final { scan-mint-dump {mint_update \(&__mint_site_[0-9]+, &"v"\[0\], v, 4, 2, 0, [^,]+, [^,]+, 1, 0, 1\);} } } */
