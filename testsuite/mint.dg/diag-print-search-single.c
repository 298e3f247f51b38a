/* A printf in a loop nest, which GCC calls as puts, is named as a
   print; a loop condition that can end the loop before its bound (a
   search) is no jump of the program's but is reported as such a
   condition; a single block outside a region is an error, as a for
   directive there is; a pointer set in the region by a call gets a
   note that says how to choose among copied arrays.  */
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

/* A pointer set in the region to what a call returns is not followed to
   a copied array: the note says to set it to the arrays themselves.  */
static double *
pick (int t, double *u, double *v)
{
  return t & 1 ? v : u;
}

void
picked (int n, int steps, double *u, double *v)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *q = pick (t, u, v); /* { dg-message ".q. is set here to what a call returns, which mint cannot follow to a copied array: set it to the copied arrays themselves" } */
#pragma mint for
        for (int i = 0; i < n; i++)
          q[i] += 1; /* { dg-error "array .q. is used in a kernel but never copied to the device" } */
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}
