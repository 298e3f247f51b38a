/* Host code of a region that gives a function of the file the address
   of an array's pointer (`&a') gives it the pointer, which a swap of
   pointers only moves; a function that reads or writes the elements
   through it (`(*pu)[i]', or `p[i]' of `p = *pu', itself or through a
   function it hands the address to) reaches the array as a call given
   the pointer does.  */
/* { dg-do compile } */

#define N 16

static void
swap_pointers (double **a, double **b)
{
  double *t = *a;
  *a = *b;
  *b = t;
}

static void
bump (int n, double **pu)
{
  for (int i = 0; i < n; i++)
    (*pu)[i] += 1;
}

static void
bump_row (int n, double **pu)
{
  double *p = *pu;
  for (int i = 0; i < n; i++)
    p[i] *= 2;
}

static void
bump_twice (int n, double **pu)
{
  bump (n, pu);
  bump (n, pu);
}

void
steps (double *a, double *b, double *c, double *d, double *e, double *f,
       int nt)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(c, toDevice, N)
#pragma mint copy(d, toDevice, N)
#pragma mint copy(e, toDevice, N)
#pragma mint copy(f, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < nt; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          e[i] = a[i] + b[i] + c[i] + d[i] + f[i];
        swap_pointers (&a, &b); /* { dg-bogus "can write" } */
        bump (N, &c); /* { dg-warning "the call to .bump. can write the elements of .c." } */
        bump_row (N, &d); /* { dg-warning "the call to .bump_row. can write the elements of .d." } */
        bump_twice (N, &f); /* { dg-warning "the call to .bump_twice. can write the elements of .f." } */
      }
  }
#pragma mint copy(e, fromDevice, N)
}
