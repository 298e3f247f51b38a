/* Helpers over structures of scalars (helper.h): what stays refused.  A
   member of a local that no path assigns, read or returned; a structure
   with an array member; a structure local whose address is taken in the
   helper; in the body, a structure whose address goes to a function
   other than a helper that reads it.  */
/* { dg-do compile } */

typedef struct
{
  double re, im;
} cplx;

struct vec
{
  double c[3];
};

static inline cplx
half_set (double a) /* { dg-message "it returns a structure with a member that may not be assigned" } */
{
  cplx r;
  r.re = a;
  return r;
}

static inline double
reads_unset (double a) /* { dg-message "it reads a member of a local that may not be assigned" } */
{
  cplx r;
  r.re = a;
  return r.re + r.im;
}

static inline double
one_arm (double a) /* { dg-message "it reads a member of a local that may not be assigned" } */
{
  cplx r = { a, a };
  cplx s;
  if (a > 0)
    s.re = r.im;
  return s.re;
}

static inline struct vec
spread (double a) /* { dg-message "returns a type that kernels do not compute with" } */
{
  struct vec v = { { a, a, a } };
  return v;
}

static inline double
addressed (double a) /* { dg-message "takes the address" } */
{
  cplx r = { a, a };
  cplx *p = &r;
  return p->re;
}

extern void keep (const cplx *);

static inline double
real_of (const cplx *a)
{
  return a->re;
}

void
f (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = half_set (u[i]).im; /* { dg-error "call to .half_set. cannot run on the device" } */
    /* { dg-error "structure variable declared in the loop nest" "" { target *-*-* } 76 } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = reads_unset (u[i]); /* { dg-error "call to .reads_unset. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = one_arm (u[i]); /* { dg-error "call to .one_arm. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = spread (u[i]).c[1]; /* { dg-error "call to .spread. cannot run on the device" } */
    /* { dg-error "an array member of a structure variable assigned inside the loop nest" "" { target *-*-* } 86 } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = addressed (u[i]); /* { dg-error "call to .addressed. cannot run on the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        cplx z = { u[i], 1 }; /* { dg-error "structure variable .z. declared in it" } */
        keep (&z); /* { dg-error "call to .keep. cannot run on the device" } */
        v[i] = real_of (&z);
      }
  }
#pragma mint copy(v, fromDevice, n)
}
