/* A function with a parallel region of its own whose kernels only read
   a parameter that is not const (a coefficient field, the old time
   level) leaves the caller's device copy of that array as it was: the
   caller's host may read the array after its region without copying it
   back.  Where the function writes the array in any way (an element, an
   update in place, through a local pointer or a compound literal, by
   handing it to a function whose kernels write it), or may (through a
   local copy of the pointer, or a weak definition), the read is an
   error.  */
/* { dg-do compile } */

static double
apply (int n, double *coef, double *v)
{
#pragma mint copy(coef, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = coef[i] * v[i] + coef[(i + 1) % n];
  }
#pragma mint copy(v, fromDevice, n)
  /* Reads on the host are reads too.  */
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += coef[i];
  return sum;
}

/* Hands COEF on only to a function that reads it.  */
static double
apply_twice (int n, double *coef, double *v)
{
  return apply (n, coef, v) + apply (n, coef, v);
}

static void
set (int n, double *p, double *v)
{
#pragma mint copy(p, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        double *q = p;
        q[i] = v[i];
      }
  }
}

/* Writes E through a compound literal's copy of its pointer, and reads
   F through a local copy: neither is taken to only read.  */
static void
copies (int n, double *e, double *f, double *v)
{
#pragma mint copy(e, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        const double *p = f;
        double t = e[i] + p[i];
        ((double *) {e})[i] = 2 * t;
        v[i] = t;
      }
  }
#pragma mint copy(v, fromDevice, n)
}

/* A weak definition, which another file's may replace.  */
__attribute__ ((weak)) void
weak_apply (int n, double *g, double *v)
{
  apply (n, g, v);
}

static void
touch (int n, double *a, double *b, double *c, double *d, double *v)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(d, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        v[i] = a[i] + b[i] + c[i] + d[i];
        a[i] += 0;
        double *w = b + 1;
        w[i - 1] = v[i];
        c[i]++;
      }
  }
#pragma mint copy(v, fromDevice, n)
  set (n, d, v);
}

int
run (int n, double *coef, double *v, double *a, double *b, double *c,
     double *d, double *e, double *f, double *g)
{
  double s;
#pragma mint copy(coef, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(d, toDevice, n)
#pragma mint copy(e, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint copy(g, toDevice, n)
#pragma mint parallel
  {
    s = apply_twice (n, coef, v);
    touch (n, a, b, c, d, v);
    copies (n, e, f, v);
    weak_apply (n, g, v);
  }
#pragma mint copy(v, fromDevice, n)
  return s + coef[0] > 0 /* { dg-bogus "reads an element of .coef." } */
         && a[0] > 0 /* { dg-error "reads an element of .a. after the .parallel. region" } */
         && b[0] > 0 /* { dg-error "reads an element of .b. after the .parallel. region" } */
         && c[0] > 0 /* { dg-error "reads an element of .c. after the .parallel. region" } */
         && d[0] > 0 /* { dg-error "reads an element of .d. after the .parallel. region" } */
         && e[0] > 0 /* { dg-error "reads an element of .e. after the .parallel. region" } */
         && f[0] > 0 /* { dg-error "reads an element of .f. after the .parallel. region" } */
         && g[0] > 0; /* { dg-error "reads an element of .g. after the .parallel. region" } */
}
