/* A printf in a loop nest, which GCC calls as puts, is named as a
   print; a loop condition that can end the loop before its bound (a
   search) is no jump of the program's but is reported as such a
   condition; a single block outside a region is an error, as a for
   directive there is.  */
/* { dg-do compile } */
#include <stdio.h>

void
orphan (double *a)
{
#pragma mint single /* { dg-error ".#pragma mint single. outside a parallel region" } */
  {
    a[0] = 1;
  }
}

void
nests (int n, double *a)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n && a[i] < 60; i++) /* { dg-error "the loop nest can end before its bounds: a jump out of it \\(.break., .return. or .goto.\\), or a condition of a parallel loop that tests more than its variable against the bound" } */
      a[i] += 1;
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        a[i] += 1;
        if (a[i] > 5)
          printf ("seven\n"); /* { dg-error "a call to .puts. \\(GCC.s form of a .printf. or .fprintf. here\\) cannot run on the device: a loop nest cannot print" } */
      }
  }
#pragma mint copy(a, fromDevice, n)
}
