/* No jumps out of a parallel region (its end copies data back and frees
   device memory) nor out of an offloaded loop nest, nor calls in the
   nest that end the program.  */
/* { dg-do compile } */

#include <assert.h>
#include <stdlib.h>

int
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < 10; t++)
      if (t == n)
        goto out; /* { dg-error ".goto. would leave the .#pragma mint parallel. region" } */
    while (n > 1)
      {
        if (n == 3)
          goto inside; /* a jump inside the region is fine */
        n--;
        break; /* leaves the while loop only */
      }
  inside:;
  }
#pragma mint copy(a, fromDevice, n)
out:
  return 0;
}

int
g (double *a, int n)
{
  for (int t = 0; t < 3; t++)
    {
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
      {
        if (n > 3)
          break; /* { dg-error ".break. would leave the .#pragma mint parallel. region" } */
        if (n > 4)
          continue; /* { dg-error ".continue. would leave the .#pragma mint parallel. region" } */
        switch (n)
          {
          case 1:
            break; /* leaves the switch only */
          }
      }
#pragma mint copy(a, fromDevice, n)
    }
  return 0;
}

/* Out of a kernel: the loop nest must run to its end.  GCC keeps no
   location for the break itself; the error is at its if.  */
int
h (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 1.0) /* { dg-error "jump out of the loop nest" } */
          break;
        a[i] = 2.0;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 1.0) /* { dg-error "jump out of the loop nest" } */
          return 3; /* { dg-error ".return. would leave the .#pragma mint parallel. region" } */
        a[i] = 2.0;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 2.0)
          continue; /* stays in the nest */
        a[i] = 2.0;
      }
  }
#pragma mint copy(a, fromDevice, n)
  return 0;
}

void
k (int n, double (*a)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          if (a[y][x] < 0.0) /* { dg-error "jump out of the loop nest" } */
            goto done;
          a[y][x] = 1.0;
        }
  done:;
  }
#pragma mint copy(a, fromDevice, n, n)
}

/* A call that does not return: abort, or assert's __assert_fail where
   its condition fails (the note, which says -DNDEBUG leaves the check
   out, is pruned).  */

void
ends_program (int n, double *a)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] < 0.0)
          abort (); /* { dg-error "the call to .abort. does not return \\(it ends the program\\); a loop nest that calls it cannot be offloaded" } */
        a[i] = 1.0;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        assert (a[i] >= 0.0); /* { dg-error "the call to .__assert_fail. does not return" } */
        a[i] += 1.0;
      }
  }
#pragma mint copy(a, fromDevice, n)
}
