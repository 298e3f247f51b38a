/* footprint.h -- boxes of array elements: the ones a kernel launch may
   touch (from its descriptor's footprint, mintrt.h), the ones an update or
   a device pointer query names, and whether two of them overlap
   (footprint.c).  */

#ifndef MINTRT_FOOTPRINT_H
#define MINTRT_FOOTPRINT_H

#include <stdbool.h>
#include <stddef.h>

#include "mint/mintrt.h"

/* Elements lo[i] .. hi[i] along axis i (x, y, z); empty if lo > hi.  */
struct mintrt_box
{
  long long lo[3], hi[3];
};

/* The kinds of an axis of a kernel's footprint (mintrt.h).  */
#define MINTRT_AXIS_ANY '*'
#define MINTRT_AXIS_PARALLEL 'p'
#define MINTRT_AXIS_SCALAR 's'
#define MINTRT_AXIS_PARALLEL_SCALAR 'q'
#define MINTRT_AXIS_CONSTANT 'c'

/* A bound the body's conditions put on a parallel dimension's variable
   (mintrt.h): at least ('>'), at most ('<') or not ('!') VALUE plus
   integer scalar SCALAR's value where SCALAR >= 0, that sum modulo
   2^WRAP where WRAP is not 0.  */
struct mintrt_bound
{
  char op;
  int scalar;
  int wrap;
  long long value;
};

/* Bounds on one variable, all of which hold.  */
#define MINTRT_BOUNDS 4
struct mintrt_bounds
{
  int n;
  struct mintrt_bound bound[MINTRT_BOUNDS];
};

/* Offsets LO to HI of the accesses along a parallel axis made where its
   variable meets BOUNDS.  */
#define MINTRT_PIECES 8
struct mintrt_piece
{
  long long lo, hi;
  struct mintrt_bounds bounds;
};

#define MINTRT_AXIS_SCALARS 4
struct mintrt_axis_use
{
  char kind;                    /* MINTRT_AXIS_* */
  int index;                    /* parallel dimension ('p', 'q') */
  /* Its variable's factor ('p', 'q') and divisor ('p'): the subscript
     takes the variable times FACTOR, or its quotient by DIVISOR.  */
  long long factor, divisor;
  /* MINTRT_AXIS_SCALAR, MINTRT_AXIS_PARALLEL_SCALAR: the scalars added,
     each times its coefficient.  */
  int nscalars;
  int scalar[MINTRT_AXIS_SCALARS];
  long long coeff[MINTRT_AXIS_SCALARS];
  long long lo, hi;             /* offsets, over all pieces */
  /* A parallel axis's pieces (at least one).  */
  int npieces;
  struct mintrt_piece piece[MINTRT_PIECES];
};

/* A monomial of a flat array's subscript: COEFF times integer scalars,
   times parallel dimension DIM's variable where DIM >= 0, else a term of
   rest REST.  */
#define MINTRT_TERM_FACTORS 4
struct mintrt_linear_term
{
  long long coeff;
  int nscalars;
  int scalar[MINTRT_TERM_FACTORS];
  int dim, rest;
};

/* One form of a flat array's one subscript (mintrt.h): the sum of the
   terms of the dimensions plus one of the rests, each the sum of its
   terms plus from LO to HI, made where the dimensions' variables meet
   its BOUNDS.  */
#define MINTRT_LINEAR_TERMS 64
#define MINTRT_LINEAR_RESTS 16
struct mintrt_linear_use
{
  int nterms, nrests;
  struct mintrt_linear_term term[MINTRT_LINEAR_TERMS];
  long long lo[MINTRT_LINEAR_RESTS], hi[MINTRT_LINEAR_RESTS];
  struct mintrt_bounds bounds[MINTRT_LINEAR_RESTS][3];
};

/* What a kernel does with one of its arrays: the axes of the form of
   its accesses (AXIS), and of up to MINTRT_ACCESS_FORMS - 1 forms more
   (mintrt.h, '&').  */
#define MINTRT_ACCESS_FORMS 4
#define MINTRT_LINEAR_FORMS 3
struct mintrt_array_use
{
  bool written;
  struct mintrt_axis_use axis[3];       /* x, y, z */
  int nmore;
  struct mintrt_axis_use more[MINTRT_ACCESS_FORMS - 1][3];
  /* A flat array's subscript in up to MINTRT_LINEAR_FORMS forms; none
     where it is not known.  */
  int nlinear;
  struct mintrt_linear_use linear[MINTRT_LINEAR_FORMS];
};

/* Parses FOOTPRINT, K's footprint or every_point_footprint, into USES
   (K->narrays entries).  False when it is malformed or names a dimension
   or integer scalar K does not have.  */
bool mintrt_footprint_parse (const struct mint_kernel *k,
                             const char *footprint,
                             struct mintrt_array_use *uses);

/* Whether scalar signature letter SIG is an integer type.  */
bool mintrt_integer_sig (char sig);

union mintrt_scalar;

/* The elements the accesses of one form (AXES: x, y, z) of kernel K may
   touch at a launch over BOUNDS (lo, n per parallel dimension, each n >
   0) with the scalar values SCALARS.  */
void mintrt_axes_box (const struct mint_kernel *k,
                      const struct mintrt_axis_use *axes,
                      const long long *bounds,
                      const union mintrt_scalar *scalars,
                      struct mintrt_box *box);

/* The axes of form F (0 .. USE->nmore) of USE.  */
const struct mintrt_axis_use *mintrt_form_axes (const struct mintrt_array_use
                                                *use, int f);

/* The elements USE (of kernel K) may touch at a launch as
   mintrt_axes_box's: the hull of its forms.  Where GUARDED, the pieces of
   each parallel axis only where its variable meets their bounds
   (mintrt.h): the elements the program's accesses touch; an axis none of
   whose pieces has a point is empty.  */
void mintrt_footprint_box (const struct mint_kernel *k,
                          const struct mintrt_array_use *use,
                          const long long *bounds,
                          const union mintrt_scalar *scalars, bool guarded,
                          struct mintrt_box *box);

/* The elements from *LO to *HI that the flat array of USE (of kernel K)
   may have touched at a launch as mintrt_footprint_box's; where GUARDED,
   each rest only where the variables meet its bounds (*LO > *HI where no
   rest has a point).  False where its subscript is not known or the sum
   does not fit a long long.  */
bool mintrt_linear_range (const struct mint_kernel *k,
                          const struct mintrt_array_use *use,
                          const long long *bounds,
                          const union mintrt_scalar *scalars, bool guarded,
                          long long *lo, long long *hi);

bool mintrt_box_overlap (const struct mintrt_box *a,
                         const struct mintrt_box *b);
bool mintrt_box_empty (const struct mintrt_box *box);

/* The box of RANGES (start, count for x, y, z) in an array of EXTENT
   (x, y, z).  False, with a message naming the axis in ERROR, when a range
   leaves the array or has a negative count.  */
bool mintrt_box_from_ranges (struct mintrt_box *box, const long long *ranges,
                             const long long *extent, char *error,
                             size_t error_size);

#endif /* MINTRT_FOOTPRINT_H */
