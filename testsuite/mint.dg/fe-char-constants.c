/* A character constant is an integer constant in C, in a copy's extent
   and in a tile's size as anywhere: '@' is 64, '\x10' is 16.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-verbose" } */

void
f (double (*a)['@'], double (*b)['@'])
{
#pragma mint copy(a, toDevice, '@', '@')
#pragma mint copy(b, toDevice, '@', 64)
#pragma mint parallel
  {
#pragma mint for nest(all) tile('\x10', 16) /* { dg-message "tile 16x16x1" } */
    for (int y = 1; y < 63; y++)
      for (int x = 1; x < 63; x++)
        b[y][x] = 0.5 * (a[y][x - 1] + a[y][x + 1]);
  }
#pragma mint copy(b, fromDevice, '@', '@')
}
