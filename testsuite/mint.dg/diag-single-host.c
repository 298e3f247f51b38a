/* A `single' block that uses elements of the region's arrays runs as one
   device thread (mint.run/single-device.c) unless it does what only the
   host can: then its element accesses are host code, and the note says
   why the block stays on the host.  */
/* { dg-do compile } */

int printf (const char *, ...);

#define STEP(a, b, n)                                                    \
  _Pragma ("mint for")                                                   \
  for (int i = 1; i < n - 1; i++)                                        \
    b[i] = 0.5 * (a[i - 1] + a[i + 1]);

double
sets (int n, double *a, double *b)
{
  double probe = 0;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single /* { dg-message "because it sets .probe., declared outside it" } */
    {
      b[0] = b[1]; /* { dg-error "host code reads an element of .b." } */
      probe = b[n / 2];
    }
  }
#pragma mint copy(b, fromDevice, n)
  return probe;
}

void
calls (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single /* { dg-message "because it calls .printf." } */
    {
      printf ("%f\n", b[1]); /* { dg-error "host code reads an element of .b." } */
    }
  }
#pragma mint copy(b, fromDevice, n)
}

void
uncopied (int n, double *a, double *b, double *h)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single /* { dg-message "because it uses .h., which the region does not copy" } */
    {
      h[0] = b[2]; /* { dg-error "host code reads an element of .b." } */
    }
  }
#pragma mint copy(b, fromDevice, n)
}

void
jumps (int n, double *a, double *b, int steps)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        STEP (a, b, n)
#pragma mint single /* { dg-message "because it jumps out of itself" } */
        {
          if (b[3] > 1.0) /* { dg-error "host code reads an element of .b." } */
            break;
        }
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
declares (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single /* { dg-message "because it declares .calls., which a device thread cannot have of its own" } */
    {
      static int calls;
      calls++;
      b[0] = calls; /* { dg-error "host code writes an element of .b." } */
    }
    STEP (b, a, n)
#pragma mint single /* { dg-message "because it declares .v., which a device thread cannot have of its own" } */
    {
      double v[n];
      v[0] = a[0]; /* { dg-error "host code reads an element of .a." } */
      a[1] = v[0];
    }
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}

/* A block that writes what an update then moves to the device is host
   code on purpose: it stays on the host, where an update of another
   box leaves the write to an error.  */
void
updated (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single
    {
      b[0] = 1.0;
    }
#pragma mint update(b, toDevice, 0:1)
#pragma mint single /* { dg-message "because it uses .b., which an update directive of the region moves" } */
    {
      b[n - 1] = 1.0; /* { dg-error "host code writes an element of .b." } */
    }
  }
#pragma mint copy(b, fromDevice, n)
}

/* A loop of its own with a break, and a pointer swap: the swap keeps it
   on the host, where it reads an element.  */
void
own_loop (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
#pragma mint single /* { dg-message "because it sets .a., declared outside it" } */
    {
      for (int i = 0; i < 4; i++)
        {
          if (b[i] < 0) /* { dg-error "host code reads an element of .b." } */
            break;
        }
      double *w = a;
      a = b;
      b = w;
    }
  }
#pragma mint copy(a, fromDevice, n)
}

/* Ghost cells set through the step's ping-pong pointer, which the
   function sets only to copied arrays: the block runs on the device, as
   a loop nest may use the pointer (mint.run/single-pingpong.c).  A
   pointer also set to an array the region does not copy keeps its block
   on the host, and the note says which pointer.  */
void
chosen_pointer (int n, double *a, double *b, double *h)
{
#pragma mint copy(a, toDevice, n + 2)
#pragma mint copy(b, toDevice, n + 2)
#pragma mint parallel
  {
    for (int t = 0; t < 4; t++)
      {
        double *src = (t & 1) ? b : a, *dst = (t & 1) ? a : b;
#pragma mint single
        {
          src[0] = src[n]; /* { dg-bogus "host code" } */
          src[n + 1] = src[1];
        }
        STEP (src, dst, n)
      }
    for (int t = 0; t < 4; t++)
      {
        double *src = (t & 1) ? b : a, *dst = (t & 1) ? a : b;
        double *any = t == 3 ? h : src;
#pragma mint single /* { dg-message "because it uses .any., which the region does not copy" } */
        {
          any[0] = any[n]; /* { dg-error "host code reads an element of .a." } */
          /* { dg-message ".any. may point into .a. here" "" { target *-*-* } 188 } */
          any[n + 1] = any[1];
        }
        STEP (src, dst, n)
      }
  }
#pragma mint copy(a, fromDevice, n + 2)
#pragma mint copy(b, fromDevice, n + 2)
}

/* A number read from a structure member (p->at, mint.run/single-members.c)
   does not keep a block on the host; a member the block sets, a
   volatile one, and a member array at a subscript that varies do.  */
struct source { int at; volatile double amp; double w[4]; int hits; };

void
members (int n, double *a, double *b, double *c, double *d, double *e,
         struct source *p)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(d, toDevice, n)
#pragma mint copy(e, toDevice, n)
#pragma mint parallel
  {
    STEP (a, b, n)
    STEP (a, c, n)
    STEP (a, d, n)
    STEP (a, e, n)
#pragma mint single
    {
      b[p->at] += p->w[1]; /* { dg-bogus "host code" } */
    }
#pragma mint single /* { dg-message "because it sets .\\*p., declared outside it" } */
    {
      c[p->at] += 1.0; /* { dg-error "host code reads an element of .c." } */
      p->hits++;
    }
#pragma mint single /* { dg-message "because it uses .p., which the region does not copy" } */
    {
      d[p->at] += p->amp; /* { dg-error "host code reads an element of .d." } */
    }
#pragma mint single /* { dg-message "because it uses .p->w., which the region does not copy" } */
    {
      for (int k = 0; k < 4; k++)
        e[k] += p->w[k]; /* { dg-error "host code reads an element of .e." } */
    }
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(c, fromDevice, n)
#pragma mint copy(d, fromDevice, n)
#pragma mint copy(e, fromDevice, n)
}
