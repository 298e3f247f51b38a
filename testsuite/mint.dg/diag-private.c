/* What private(list) promises is checked: a point that reads a private
   variable (or an element of a private array) before it sets it, and a
   read of its value after the loop nest, are errors at the read; a
   variable whose address is taken cannot be private.  A loop that sets
   the diagonal of a 2-D array sets only the diagonal.  */
/* { dg-do compile } */

#define NV 4

double
f (int n, double *a)
{
  double x, y, z, v[NV], w[NV], u[NV], m[2][2];
  double *p = &z;
  int l;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for private(x)
    for (int i = 0; i < n; i++)
      {
        a[i] = x; /* { dg-error "private .x. is read here before this point of the loop nest sets it" } */
        x = a[i];
      }
#pragma mint for private(y)
    for (int i = 0; i < n; i++)
      {
        y = a[i] * 2;
        a[i] = y;
      }
#pragma mint for private(v)
    for (int i = 0; i < n; i++)
      {
        for (l = 0; l < NV - 1; l++)
          v[l] = a[i] + l;
        a[i] = v[NV - 1]; /* { dg-error "cannot prove that this point of the loop nest sets the elements of private .v. that it reads here" } */
        /* { dg-message "set the elements of .v. before they are read, in straight-line code or a loop of the body from a constant to a constant" "" { target *-*-* } 31 } */
      }
#pragma mint for private(w)
    for (int i = 0; i < n; i++)
      {
        for (l = 0; l < NV; l++)
          w[l] = a[i] + l;
        a[i] = w[1] + w[NV - 1];
      }
#pragma mint for private(z) /* { dg-error "the address of private .z. is taken" } */
    for (int i = 0; i < n; i++)
      a[i] = z = 1;
#pragma mint for private(u)
    for (int i = 0; i < n; i++)
      {
        for (l = 0; l < NV; l++)
          {
            u[l] = a[i] * l;
            a[i] += u[l];
          }
      }
#pragma mint for private(m)
    for (int i = 0; i < n; i++)
      {
        for (l = 0; l < 2; l++)
          m[l][l] = a[i];
        a[i] = m[0][1]; /* { dg-error "cannot prove that this point of the loop nest sets the elements of private .m." } */
      }
  }
#pragma mint copy(a, fromDevice, n)
  w[0] = 1;
  x = y; /* { dg-error "the value of private .y. after the loop nest is read here" } */
  x += w[0];
  x += w[1]; /* { dg-error "the value of private .w. after the loop nest is read here" } */
  return x + *p;
}

/* Recurrences whose first iterations read an element nothing set before
   the loop, or whose store skips iterations.  */
void
recurrences (double *a, int n)
{
  double c[8], d[8];
  int k;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for private(c, k)
    for (int i = 0; i < n; i++)
      {
        for (k = 1; k < 8; k++)
          c[k] = 0.5 * c[k - 1] + a[i]; /* { dg-error "cannot prove that this point of the loop nest sets the elements of private .c." } */
        a[i] = c[7];
      }
#pragma mint for private(d, k)
    for (int i = 0; i < n; i++)
      {
        d[0] = a[i];
        for (k = 1; k < 8; k++)
          {
            double m = d[k - 1]; /* { dg-error "cannot prove that this point of the loop nest sets the elements of private .d." } */
            if (m > 0)
              d[k] = m * 0.5;
          }
        a[i] = d[0];
      }
  }
#pragma mint copy(a, fromDevice, n)
}
