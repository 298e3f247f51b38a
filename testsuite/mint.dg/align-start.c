/* The copies put the element where the x loop starts on a 128-byte
   boundary where they can know it before the region: a local variable
   set once to a constant (element 2), a parameter the function does not
   assign, a member of a structure such a parameter points to, and a
   local set once to such a member (their values at the copy, at least
   0); a local assigned twice leaves the stencil's halo (element 1).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

struct grid
{
  int n, ng;
};

#define STAR(a, b, y, x)                                                  \
  b[y][x] = a[y][x - 1] + a[y][x + 1] + a[y - 1][x] + a[y + 1][x]

void
local_start (int n, double (*a)[n + 4], double (*b)[n + 4])
{
  int ng = 2, e = n + 4;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = ng; y < n + ng; y++)
      for (int x = ng; x < n + ng; x++)
        STAR (a, b, y, x);
  }
#pragma mint copy(b, fromDevice, e, e)
}

void
parameter_start (int n, int ng, double (*a)[n + 2 * ng],
                 double (*b)[n + 2 * ng])
{
  int e = n + 2 * ng;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = ng; y < n + ng; y++)
      for (int x = ng; x < n + ng; x++)
        STAR (a, b, y, x);
  }
#pragma mint copy(b, fromDevice, e, e)
}

void
member_start (const struct grid *g, double (*a)[g->n + 2 * g->ng],
              double (*b)[g->n + 2 * g->ng])
{
  int e = g->n + 2 * g->ng;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = g->ng; y < g->n + g->ng; y++)
      for (int x = g->ng; x < g->n + g->ng; x++)
        STAR (a, b, y, x);
  }
#pragma mint copy(b, fromDevice, e, e)
}

void
member_local_start (const struct grid *g, double (*a)[g->n + 2 * g->ng],
                    double (*b)[g->n + 2 * g->ng])
{
  const int n = g->n, ng = g->ng, e = n + 2 * ng;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = ng; y < n + ng; y++)
      for (int x = ng; x < n + ng; x++)
        STAR (a, b, y, x);
  }
#pragma mint copy(b, fromDevice, e, e)
}

void
reassigned_start (int n, int k, double (*a)[n + 4], double (*b)[n + 4])
{
  int ng = 2, e = n + 4;
  if (k)
    ng = 1;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = ng; y < n + ng; y++)
      for (int x = ng; x < n + ng; x++)
        STAR (a, b, y, x);
  }
#pragma mint copy(b, fromDevice, e, e)
}

/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&__mint_site_0, \[^)\]*, 0, 2\\)" } } */
/* { dg-final { scan-mint-dump "D.\[0-9\]+ = \\(long long int\\) ng;" } } */
/* { dg-final { scan-mint-dump "D.\[0-9\]+ = g->ng;" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&__mint_site_4, \[^)\]*, 0, D.\[0-9\]+\\)" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&__mint_site_8, \[^)\]*, 0, D.\[0-9\]+\\)" } } */
/* { dg-final { scan-mint-dump "MAX_EXPR <D.\[0-9\]+, 0>" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&__mint_site_12, \[^)\]*, 0, D.\[0-9\]+\\)" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&__mint_site_16, \[^)\]*, 0, 1\\)" } } */
/* { dg-final { scan-mint-dump-not "mint_copy_to_device \\(\[^)\]*, 0, 0\\)" } } */
