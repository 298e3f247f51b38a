/* Host code of a parallel region (time loops, single blocks) that reads
   an element a kernel of the region writes, or writes an element of an
   array a kernel uses, would see or leave other values than the plain
   program: the arrays live on the device in the region.  An error at the
   access, once per array, unless the region moves the array with
   update (with a note at a single block holding the access: it runs on
   the host); also through a local pointer that holds nothing but the
   array's pointer; also writes of an array no kernel uses where the
   region copies it back (a warning for a call that may write it).  */
/* { dg-do compile } */

#define N 64

struct grid { double *u; int n; };

void
boundary_on_host (double *u, double *v, const double *coef, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(coef, toDevice, N)
#pragma mint parallel
  {
    u[0] = 1.0; /* { dg-error "host code writes an element of .u. in the .parallel. region, where the array lives on the device: the kernels would not see the write" } */
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = coef[i] * (u[i - 1] + u[i + 1]);
        double probe = coef[3];         /* no kernel writes coef */
        v[N - 1] = probe * v[N - 2]; /* { dg-error "host code reads an element of .v. in the .parallel. region, where kernels write the array on the device" } */
        u[N - 1] = 2.0;                 /* u: reported once */
#pragma mint single
        {
          double *tmp = u;              /* pointer swaps are host code */
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, N)
}

void
in_single (double ***a, double ***b, int n)
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][x] = a[z][y][x];
#pragma mint single /* { dg-message "this .#pragma mint single. block runs on the host, not as one device thread, because it reads a pointer of .a., not an element" } */
    {
      double **plane = a[0];            /* a row pointer, not an element */
      (void) plane;
      b[0][0][0] = 0.0; /* { dg-error "host code writes an element of .b." } */
    }
  }
#pragma mint copy(b, fromDevice, n, n, n)
}

void
member (struct grid *g)
{
#pragma mint copy(g->u, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      g->u[i] = g->u[i] * 0.5;
    if (g->u[0] > 1.0) /* { dg-error "host code reads an element of .g->u." } */
      g->n++;
  }
#pragma mint copy(g->u, fromDevice, N)
}

/* Through a local pointer that only ever holds a device array's pointer:
   the same.  One that may hold other memory too is left alone.  */
double *elsewhere (void);

void
alias (double *u, double *v, int steps, int other)
{
  double *last = v;
  double *maybe = other ? elsewhere () : v;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        if (last[N / 2] > 1.0) /* { dg-error "host code reads an element of .v." } */
          break;
        maybe[0] = maybe[1];
      }
  }
#pragma mint copy(v, fromDevice, N)
}

/* A pointer that walks the array (`q++', `*w++') holds its elements
   too.  */
void
walking_alias (double *u, int n)
{
#pragma mint copy(u, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      u[i] = 2.0 * u[i];
    for (double *q = u; q < u + n; q++)
      *q = 0.0; /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
    double *w = u + 1;
    double *r = w;
    while (r < u + n)
      *r++ = 1.0;
#pragma mint for
    for (int i = 0; i < N; i++)
      u[i] = u[i] + 1.0;
  }
#pragma mint copy(u, fromDevice, N)
}

/* With update, the program moves the data itself.  */
void
with_update (double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint update(v, toHost, 1:1)
        v[0] = v[1];
#pragma mint update(v, toDevice, 0:1)
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          u[i] = v[i];
      }
  }
#pragma mint copy(u, fromDevice, N)
}

/* An array no kernel uses, copied back after the region: the copy would
   overwrite what host code wrote into it in the region.  Not copied back,
   the write stays, as in the plain program.  */
void
copied_back (double *u, double *w, double *x)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(w, toDevice, N)
#pragma mint copy(x, toDevice, N)
#pragma mint parallel
  {
    double m = 0;
#pragma mint for reduction(max:m)
    for (int i = 0; i < N; i++)
      m = u[i] > m ? u[i] : m;
    w[0] = m; /* { dg-error "host code writes an element of .w. in the .parallel. region, where the array lives on the device: its .fromDevice. copy after the region would overwrite the write" } */
    x[0] = m;
  }
#pragma mint copy(w, fromDevice, N)
}

void fill (double *);
void show (const double *);

/* The same through a function that may write the array: a warning; one
   that only reads it is fine.  */
void
copied_back_call (double *u, double *w)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      u[i] = 2.0 * u[i];
    show (w);
    fill (w); /* { dg-warning "the call to .fill. can write the elements of .w. in the .parallel. region, where the array lives on the device: its .fromDevice. copy after the region would overwrite a write" } */
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(w, fromDevice, N)
}

/* Host code that writes the array whose pointer the program swaps with
   the copied-back one (here no kernel uses either: the first nest of the
   step is an empty loop, a misplaced `for'): after an odd number of
   swaps the copy back overwrites the write (a note names the swapped
   pointers).  A nest of kernels that use one of them makes the write one
   the kernels would not see.  */
void
swapped (int n, double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < n; t++)
      {
#pragma mint for
        for (int q = 0; q < 3; q++)
          ;
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]); /* { dg-error "host code writes an element of .v. in the .parallel. region, where the array lives on the device: its .fromDevice. copy after the region would overwrite the write" } */
#pragma mint single
        {
          double *w = u;
          u = v;
          v = w;
        }
      }
  }
#pragma mint copy(u, fromDevice, N)
}

void
swapped_used (int n, double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < n; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          u[i] = 2.0 * u[i];
        v[0] = 1.0; /* { dg-error "host code writes an element of .v. in the .parallel. region, where the array lives on the device: the kernels would not see the write" } */
#pragma mint single
        {
          double *w = u;
          u = v;
          v = w;
        }
      }
  }
}

/* An `update' covers the host code it stands next to: a write with an
   update toDevice after it before the next kernel, a read with an update
   toHost before it since the last kernel.  An update elsewhere in the
   region (here toHost, for output) covers no other write or read.  A
   function given an element's value (show_value) reads nothing else.  */
void show_value (double);

void
updated (int n, double *u, double *v)
{
  double seen = 0;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < n; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          u[i] = v[i];
        if (t % 10 == 0)
          {
#pragma mint update(u, toHost, 0:N)
            seen += u[N / 2];
            show_value (u[N / 2]);
            u[0] = seen;
#pragma mint update(u, toDevice, 0:1)
          }
        seen += v[1]; /* { dg-error "host code reads an element of .v. in the .parallel. region, where kernels write the array on the device" } */
        u[N - 1] = 0.0; /* { dg-error "host code writes an element of .u. in the .parallel. region, where the array lives on the device: the kernels would not see the write" } */
#pragma mint update(v, toHost, 0:N)
      }
  }
#pragma mint copy(u, fromDevice, N)
  v[0] = seen;
}

/* Through a local pointer after a region that swaps nothing, and as
   bytes in the region: the same errors.  */
double
alias_after (double *p, double *v, int n)
{
  double *w = v;
#pragma mint copy(p, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = 2.0 * p[i];
  }
  double s = w[3]; /* { dg-error "host code reads an element of .v. after the .parallel. region" } */
  for (double *q = v; q < v + n; q++)
    s += *q;
  return s;
}

void
bytes_in_region (double *p)
{
#pragma mint copy(p, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      p[i] = 2.0 * p[i];
    unsigned char *c = (unsigned char *) p;
    for (int k = 0; k < 8; k++)
      c[k] = 0; /* { dg-error "host code writes an element of .p. in the .parallel. region" } */
  }
#pragma mint copy(p, fromDevice, N)
}

/* A row of a T*** array holds its elements too.  */
void
row_of_chain (double ***a, int n)
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] *= 2;
    double *flat = a[0][0];
    for (int k = 0; k < n * n * n; k++)
      flat[k] = 0; /* { dg-error "host code writes an element of .a. in the .parallel. region" } */
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

/* memset and memcpy certainly write (and read) the memory they are
   given: the errors of a statement's write and read.  */
void
string_functions (double *p, double *v, double *keep)
{
#pragma mint copy(p, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      p[i] = 2.0 * v[i];
    __builtin_memset (v, 0, sizeof (double) * N); /* { dg-error "host code writes an element of .v. in the .parallel. region" } */
    __builtin_memcpy (keep, p, sizeof (double) * N); /* { dg-error "host code reads an element of .p. in the .parallel. region" } */
#pragma mint for
    for (int i = 0; i < N; i++)
      p[i] += v[i];
  }
#pragma mint copy(p, fromDevice, N)
}

/* A local pointer that may hold an array or another pointer (a
   conditional, an assignment on one path, a copy of such a pointer):
   its accesses may be the array's.  */
void
chosen_pointer (double *p, double *v, double *scratch, int c)
{
#pragma mint copy(p, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    double *q = c ? p : scratch;
    for (int i = 0; i < N; i++)
      q[i] = i; /* { dg-error "host code writes an element of .p. in the .parallel. region" } */
    /* { dg-message ".q. may point into .p. here" "" { target *-*-* } 380 } */
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = 2.0 * p[i];
    double *r = scratch;
    if (c)
      r = v;
    double *t = r;
    scratch[0] = t[1]; /* { dg-error "host code reads an element of .v. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, N)
}

/* A pointer that may hold a copied array only at other times, never in
   the region's host code, is no alias there: only its accesses
   there are checked.  */
void
chosen_pointer_after (double *p, double *scratch, int c)
{
  double *q = c ? p : scratch;
#pragma mint copy(p, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      p[i] = 2.0 * p[i];
  }
#pragma mint copy(p, fromDevice, N)
  q[0] = 1;
}

/* A function that only frees a T*** array and its rows after a region
   that does not copy it back reads no element of it.  */
static void
free_grid (double ***a)
{
  __builtin_free (a[0][0]);
  __builtin_free (a[0]);
  __builtin_free (a);
}

double
freed_after (double ***u, double ***w, int n)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(w, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          w[z][y][x] = 2 * u[z][y][x];
  }
#pragma mint copy(u, fromDevice, n, n, n)
  double r = u[1][1][1];
  free_grid (w); /* { dg-bogus "can read the elements" } */
  return r;
}
