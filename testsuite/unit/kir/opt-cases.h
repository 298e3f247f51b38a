/* opt-cases.h -- stencils for the optimizer tests (test-opt): each is a
   sum of terms coef * A(offset) [* B(offset)] over arrays of one element
   type, written into the last array at the centre, with every level and a
   few block shapes per stencil.  Over double the sum is a double; over an
   integer type or bool it is an int (coefficients are whole numbers),
   converted to the element type when stored.  Shared by gen-opt-kernels (which emits them) and
   test-opt (which runs them against the same sum computed on the CPU).  */
#ifndef MINT_OPT_CASES_H
#define MINT_OPT_CASES_H

#include "kir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OPT_MAX_TERMS 128
#define OPT_MAX_ARRAYS 4
#define OPT_GHOST 4             /* ghost cells on every side of a field:
                                   the widest halo of the cases (star19),
                                   even, so that 4- and 8-byte rows stay
                                   16-byte aligned */
/* Planes a block of a chunked level-4 launcher walks, about
   (mintrt.h, MINT_CHUNKED_SUFFIX).  */
#define OPT_CHUNK 16

struct opt_term
{
  double coef;
  int a, oa[3];                 /* array and offset (dz, dy, dx) */
  int b, ob[3];                 /* second factor, b = -1 if none */
};

struct opt_spec
{
  const char *name;
  enum kir_type elem;           /* of every array */
  int ndims;
  int narrays;                  /* the last one is written */
  const char *arrays[OPT_MAX_ARRAYS];
  int points[3];                /* x, y, z */
  /* The arrays are flat, T *, indexed as an index macro would:
     (z + dz) * plane + (y + dy) * row + x + dx, with scalars row and plane
     (the fields' strides); from level 3 on, delinearized as the plugin
     does (delinearize.h).  */
  int flat;
  /* The sum is scaled by exp (-0.01 x) (1 + 0.5 sin (0.02 y))
     + 1 / (2 + x), in 3-D plus 0.001 / (1 + z), computed from the loop
     variables at each point (a walk along z computes the calls and the
     first division once: walk-invariants.h).  */
  int coordinates;
  int nterms;
  struct opt_term terms[OPT_MAX_TERMS];
};

struct opt_shape
{
  int tile[3], chunk[3];
};

int opt_spec_count (void);
const struct opt_spec *opt_spec_get (int i);
/* The block shapes a spec of NDIMS dimensions is tried with.  */
int opt_shape_count (int ndims);
const struct opt_shape *opt_shape_get (int ndims, int i);

/* The kernel of spec S at LEVEL with shape SH, named NAME, finished.  */
struct kir_kernel *opt_build (const struct opt_spec *s, int level,
                              const struct opt_shape *sh, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* MINT_OPT_CASES_H */
