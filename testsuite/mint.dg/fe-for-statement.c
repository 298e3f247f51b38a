/* What `for' accepts: a for statement however it is spelled (a macro for
   the keyword, the directive through _Pragma, comments, blank lines and
   other pragmas in between, the body of an if), whose nest's parallel
   loops are the perfectly nested for loops; a while, do or goto loop
   inside them stays a sequential loop of each point, also under
   nest(all), and so do the jumps inside the body.  Each nest becomes a
   kernel named after the directive's line.  */
/* { dg-do compile } */

#define LOOP for
#define MINT_FOR _Pragma ("mint for")
#define TWICE(i) do { a[i] *= 2.0; } while (0)

void
accepted (double *a, int n, int m)
{
  int i;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    LOOP (i = 0; i < n; i++)
      a[i] = 1.0;
    MINT_FOR
    for (int k = 0; k < n; k++)
      a[k] += 1.0;
#pragma mint for
    /* a comment */

#pragma GCC diagnostic push
    for (i = 0; i < n; i++)
      a[i] += 2.0;
#pragma GCC diagnostic pop
    if (m > 0)
#pragma mint for
      for (i = 0; i < n; i++)
        a[i] += 3.0;
#pragma mint for nest(all)
    for (i = 0; i < n; i++)
      {
        int k = 0;
        while (k < m)
          {
            a[i] += k;
            k++;
          }
      }
#pragma mint for nest(all)
    for (i = 0; i < n; i++)
      TWICE (i);
#pragma mint for nest(all)
    for (i = 0; i < n; i++)
      {
        int k = 0;
      again:
        a[i] += k;
        if (++k < m)
          goto again;
      }
#pragma mint for
    for (i = 0; i < n; i++)
      {
        if (i == m)
          goto skip;
        a[i] -= 1.0;
      skip:;
      }
  }
#pragma mint copy(a, fromDevice, n)
}

/* { dg-final { scan-mint-cu "mint_accepted_21 \\(" } } */
/* { dg-final { scan-mint-cu "mint_accepted_24 \\(" } } */
/* { dg-final { scan-mint-cu "mint_accepted_27 \\(" } } */
/* { dg-final { scan-mint-cu "mint_accepted_35 \\(" } } */
/* { dg-final { scan-mint-cu "fe-for-statement.c:38, 1 parallel dimension" } } */
/* { dg-final { scan-mint-cu "fe-for-statement.c:48, 1 parallel dimension" } } */
/* { dg-final { scan-mint-cu "fe-for-statement.c:51, 1 parallel dimension" } } */
/* { dg-final { scan-mint-cu "mint_accepted_60 \\(" } } */
