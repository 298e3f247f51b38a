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

/* Out of a kernel: the loop nest must run to its end.  Each jump gets
   its error, at the jump (GIMPLE keeps no location of a break that is
   all of an if's branch).  */
int
h (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 1.0)
          break; /* { dg-error ".break. is a jump out of the loop nest; it cannot be offloaded" } */
        a[i] = 2.0;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 1.0)
          return 3; /* { dg-error ".return. (would leave the .#pragma mint parallel. region|is a jump out of the loop nest)" } */
        a[i] = 2.0;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        if (a[i] > 1.0)
          break; /* { dg-error ".break. is a jump out of the loop nest" } */
        if (a[i] < 0.0)
          return 4; /* { dg-error ".return. (would leave|is a jump out of the loop nest)" } */
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
          if (a[y][x] < 0.0)
            goto done; /* { dg-error ".goto. is a jump out of the loop nest" } */
          a[y][x] = 1.0;
        }
  done:;
  }
#pragma mint copy(a, fromDevice, n, n)
}

/* Out of a parallel loop inside the nest: the points after the jump
   would not run.  Jumps that stay in the body (out of a loop inside it,
   of a switch, to a label inside it, a continue of the innermost
   parallel loop) are fine; without nest(2) the inner loop is one.  */
void
inner (int n, double (*a)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          if (a[y][x] < 0.0)
            break; /* { dg-error ".break. is a jump out of a parallel loop of the nest, past points of it" } */
          if (a[y][x] > 9.0)
            break; /* { dg-error ".break. is a jump out of a parallel loop" } */
          a[y][x] = 1.0;
        }
#pragma mint for
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          if (a[y][x] < 0.0)
            break;
          a[y][x] = 1.0;
        }
#pragma mint for nest(2)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          for (int k = 0; k < 4; k++)
            if (a[y][x] < k)
              break;
          switch (x)
            {
            case 0:
              break;
            default:
              if (a[y][x] > 2.0)
                continue;
              if (a[y][x] > 3.0)
                goto last;
              a[y][x] = 1.0;
            }
        last:
          a[y][x] += 1.0;
        }
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

/* A computed goto: in a nest it is an error at its line (the CFG keeps
   none); in the host code of a region, a jump out only where the
   function takes the address of a label outside the region.  */

void
computed_in_nest (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        void *to = i % 2 ? &&odd : &&even;
        goto *to; /* { dg-error "a .computed goto. statement cannot be offloaded" } */
      odd:
        v[i] = u[i];
        continue;
      even:
        v[i] = 2 * u[i];
      }
  }
#pragma mint copy(v, fromDevice, n)
}

void
computed_from_table (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        static void *table[] = { &&odd, &&even };
        goto *table[i & 1]; /* { dg-error "a .computed goto. statement cannot be offloaded" } */
      odd:
        v[i] = u[i];
        continue;
      even:
        v[i] = 2 * u[i];
      }
  }
#pragma mint copy(v, fromDevice, n)
}

void
computed_in_region (double *u, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
    int t = 0;
    void *again = &&step;
  step:
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = 0.5 * u[i];
    if (++t < steps)
      goto *again;
  }
#pragma mint copy(u, fromDevice, n)
}

void
computed_out_of_region (double *u, int n, int stop)
{
  void *exit = &&done;
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = 0.5 * u[i];
    if (stop)
      goto *exit; /* { dg-error ".goto. would leave the .#pragma mint parallel. region" } */
  }
#pragma mint copy(u, fromDevice, n)
done:
  return;
}

/* Nor into a region: past its start, which copies the data.  */
void
jump_in (double *u, int n, int skip)
{
  if (skip)
    goto inside; /* { dg-error ".goto. would enter the .#pragma mint parallel. statement past its start" } */
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
  inside:
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = 0.5 * u[i] + 1;
  }
#pragma mint copy(u, fromDevice, n)
}

/* Nor into a loop nest, past the start of its loops.  */
void
jump_into_nest (double *u, int n, int skip)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
    if (skip)
      goto body; /* { dg-error ".goto. would enter the .#pragma mint for. statement past its start" } */
#pragma mint for /* { dg-message "the loop nest begins here" } */
    for (int i = 0; i < n; i++)
      {
      body:
        u[i] = 0.5 * u[i] + 1;
      }
  }
#pragma mint copy(u, fromDevice, n)
}

/* A `for' whose body leaves it on every path runs once: GCC forms no
   loop, and the error says so (not that its initialization branches).  */
void
leaves_at_once (double *u, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++) /* { dg-error "the .for. statement after .#pragma mint for. is no loop: its body never goes round again" } */
      {
        u[i] = 0.5 * u[i] + 1;
        break;
      }
#pragma mint for
    for (int i = 0; i < n; i++) /* { dg-error "is no loop" } */
      {
        u[i] = 2 * u[i];
        exit (0);
      }
  }
#pragma mint copy(u, fromDevice, n)
}

/* A case label of a switch around a region, a loop nest or a `single'
   block jumps into it as a goto does; so does a goto into a `single'
   block.  A switch inside keeps its own labels.  */
void
cases_into (double *u, int n, int k)
{
  switch (k)
    {
    case 0:
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
      {
      case 1: /* { dg-error "a .case. label of a .switch. around it would enter the .#pragma mint parallel. statement past its start" } */
#pragma mint for
        for (int i = 0; i < n; i++)
          u[i] = 2 * u[i];
      }
#pragma mint copy(u, fromDevice, n)
    }
}

void
case_into_nest (double *u, int n, int k)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
    switch (k)
      {
      case 0:
#pragma mint for /* { dg-message "the loop nest begins here" } */
        for (int i = 0; i < n; i++)
          {
          case 1: /* { dg-error "a .case. label of a .switch. around it would enter the .#pragma mint for. statement past its start" } */
            u[i & 7] = 2 * u[i & 7];
          }
      }
  }
#pragma mint copy(u, fromDevice, n)
}

void
into_single (double *u, int n, int k)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
    if (k)
      goto in; /* { dg-error ".goto. would enter the .#pragma mint single. statement past its start" } */
#pragma mint single
    {
      u[2] = 7;
    in:
      u[1] = 3;
    }
#pragma mint for
    for (int i = 0; i < n; i++)
      switch (i & 3)
        {
        case 0:
          u[i] = 1;
          break;
        default:
          u[i] = 2;
        }
  }
#pragma mint copy(u, fromDevice, n)
}
