/* Mutant m0834 of the fuzz test (seed 1): tile(16, 8 / 8) with
   chunksize(1, 1, 8) on a 3-D nest left the default tile 1 in z, not a
   multiple of the chunk; kir_finish rejected the kernel as an internal
   error.  The pass now reports it at the directive.  */
void
f (int n, double (*a)[n][n], double (*b)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest ( all ) tile ( 16 , 8 / 8 ) chunksize ( 1 , 1 , 8 )
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          b[z][y][x] = a[z][y][x];
  }
#pragma mint copy(b, fromDevice, n, n, n)
}
