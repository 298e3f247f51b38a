/* `for' must be followed by a for statement: not by another statement,
   a while, do or goto loop (their variables would stay unchanged on the
   host when they run on the GPU), nor by the end of its block; and the
   loops `nest' makes parallel must be for loops too.  A for loop that
   never ends (no condition, or one the type of its variable makes always
   true) says so.  */
/* { dg-do compile } */

#define WHILE while

void
f (double *a, int n, int m)
{
  int i = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    a[0] = 1.0;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    while (i < n)
      {
        a[i] = i;
        i++;
      }
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    WHILE (i < n)
      {
        a[i] = i;
        i++;
      }
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    do
      {
        a[i] = i;
        i++;
      }
    while (i < n);
    i = 0;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
  again:
    a[i] = i;
    i++;
    if (i < n)
      goto again;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
  labelled:
    for (i = 0; i < n; i++)
      a[i] = 2.0;
    if (n < 0)
      goto labelled;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    i = 0;
    for (; i < n; i++)
      a[i] = 3.0;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    {
      for (i = 0; i < n; i++)
        a[i] = 4.0;
    }
#pragma mint for nest(2) /* { dg-error "needs 2 perfectly nested .for. loops, but loop 2 is a .while. loop" } */
    for (i = 0; i < n; i++)
      {
        int j = 0;
        while (j < m)
          {
            a[i] += j;
            j++;
          }
      }
#pragma mint for nest(2) /* { dg-error "needs 2 perfectly nested .for. loops, but loop 2 is a .do. loop" } */
    for (i = 0; i < n; i++)
      do
        a[i] += 1.0;
      while (a[i] < 5.0);
#pragma mint for nest(2) /* { dg-error "needs 2 perfectly nested .for. loops, but the loop nest has only 1" } */
    for (i = 0; i < n; i++)
      {
        int k = 0;
      inner:
        a[i] += k;
        k++;
        if (k < m)
          goto inner;
      }
    if (n > 1)
      {
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
      }
#pragma mint for /* { dg-message "the loop nest of this" } */
    for (unsigned char c = 0; c <= 255; c++) /* { dg-error "the loop over .c. never ends: it has no condition, or one that the type of .c. \\(.unsigned char.\\) makes always true" } */
      a[c] = 0.0;
  }
#pragma mint copy(a, fromDevice, n)
}

/* An inner loop that never ends: GIMPLE has no outer loop.  */
void
endless_inner (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "the loop nest of this" } */
    for (int j = 0; j < n; j++)
      for (unsigned char c = 0; c <= 255; c++) /* { dg-error "the loop over .c. never ends" } */
        a[c] = j;
  }
#pragma mint copy(a, fromDevice, n)
}
