/* Scalars and small arrays declared outside the nest (C89 style) that
   each point sets before it reads them are private to each point without
   a clause, as -verbose says; where a point may read the value the
   previous one left (a scalar set on some paths only), or the program
   reads the value after the nest, the write stays a data race, with a
   note saying why; an array that each point sets before it reads it but
   that is read after the nest gets a note suggesting private, never a
   copy.  A structure parameter's member stays shared.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-verbose" } */

#define NV 3

struct params
{
  double c;
};

double
f (int n, double *a, double *b, const struct params *k)
{
  int i, l;
  double t, q, s, live, vals[NV], keep[NV];
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "mint: .vals. is private to each point" } */
    for (i = 1; i < n - 1; i++)
      {
        t = a[i] * k->c; /* { dg-message "mint: .t. is private to each point" } */
        for (l = 0; l < NV; l++)
          vals[l] = a[i + l - 1];
        if (t > 0)
          s = t; /* { dg-message "mint: .s. is private to each point" } */
        else
          s = -t;
        b[i] = vals[0] + vals[2] - 2 * vals[1] + s;
      }
#pragma mint for
    for (i = 0; i < n; i++)
      {
        if (a[i] > 0)
          q = a[i]; /* { dg-error "write to .q., which is declared outside the loop nest, is a data race" } */
        b[i] = q; /* { dg-message ".q. cannot be private to each point: a point may read it here before it sets it" } */
      }
#pragma mint for
    for (i = 0; i < n; i++)
      {
        live = a[i]; /* { dg-error "write to .live., which is declared outside the loop nest, is a data race" } */
        b[i] = live;
      }
#pragma mint for
    for (i = 0; i < n; i++)
      {
        static int count;
        count++; /* { dg-error "write to .count., which has static storage that all points share, is a data race; use a local of the loop body that is not .static., or .reduction\\(OP:count\\)." } */
        b[i] = count;
      }
#pragma mint for /* { dg-message "to give each point its own copy, add .private\\(keep\\)." } */
    for (i = 0; i < n; i++)
      {
        keep[0] = a[i]; /* { dg-error "array .keep. is used in a kernel but never copied to the device" } */
        keep[1] = keep[0] * 2;
        keep[2] = 0;
        b[i] = keep[1];
      }
  }
#pragma mint copy(b, fromDevice, n)
  t = live; /* { dg-message ".live. cannot be private to each point: its value after the loop nest is read here" } */
  t += keep[2]; /* { dg-message "without the clause it is shared, because its value after the loop nest is read here" } */
  return t;
}

/* A static array of the loop body that the program may change (not a
   table of constants): no directive can copy it there.  */
void
static_table (double *u, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        static double tbl[4] = { 1, 2, 3, 4 }; /* { dg-message ".tbl. is a .static. array of the loop body, which no directive can copy" } */
        u[i] *= tbl[i & 3]; /* { dg-error "array .tbl. is used in a kernel but never copied" } */
      }
  }
#pragma mint copy(u, fromDevice, n)
}

/* A sum into a member of a structure variable: the error says to reduce
   into a variable, as the reduction clause takes no member.  */
struct cplx { double re, im; };
double
member_sum (const double *a, int n)
{
  struct cplx acc = { 0, 0 };
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      acc.re += a[i]; /* { dg-error "write to the structure member .acc.re., which is declared outside the loop nest, is a data race; reduce into a variable \\(.reduction\\(OP:s\\). of a .double. .s. set to .acc.re. before the nest\\)" } */
  }
  return acc.re + acc.im;
}
