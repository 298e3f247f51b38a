/* dependence.h -- dependences between the points of a kernel's parallel
   iteration space (plain C, no GCC).

   The GPU runs the points of a `#pragma mint for' nest in any order.  Two
   points depend on each other when one writes an array element that the
   other reads or writes.  For every pair of accesses to one array, at
   least one of them a store, the analysis asks whether two different
   points reach the same element.  Each subscript is expanded into a
   polynomial over the parallel loop variables, the kernel's scalars (the
   same at every point) and opaque values (loads, variables the body
   changes, other operations: they differ from point to point).  Where
   both accesses index a dimension in the same way (the same coefficient
   of each loop variable, as polynomials over the scalars), equal
   subscripts give linear equations over the distance between the two
   points, one per monomial of the scalars, which are solved over the
   integers with each loop's step: red-black sweeps (step 2, neighbours at
   odd distance) do not depend.  Nor do accesses that a parity guard
   covers (`if (((x + y) & 1) == color)'), or a guard on a residue modulo
   M (`% M', `& (M - 1)'): the form of two points past it differs by a
   multiple of 2, or of M; past an equality (`if (i == 5)') it is the
   same.  A quotient of a loop variable by a constant that its step is
   a multiple of (`c[i / 2]' over even i, `i >> 1', `(i - 3) / 2' from
   odd i) keeps its remainder at every point, and is read exactly: the
   subscripts of a dimension are compared as multiples of the divisors.
   Splitting by monomial takes a flat index
   such as x + nx*y + nx*ny*z apart as if x stayed within 0..nx-1 and y
   within 0..ny-1, which the loops of such an index do.  A subscript the
   expansion cannot compare, or whose two sides differ in scalars that no
   loop variable's coefficient has (u[i] against u[i - nx]), makes the
   dependence only possible.  A loop of the body that counts a local
   from a value the same at every point to such a bound (`for (x = 1; x
   < nx; x++)', counter_range in dependence.c) gives the accesses inside
   it the local's range: u[nx*y + x - 1] there stays in row y, as
   u[nx*y] outside does, so that a line solve's recurrences over a flat
   grid are apart.  A parallel loop's variable that two accesses index
   in different ways (x[(n+2)*i] against x[n + 2 + i]) takes its values
   from its start over its span at each, as a counter's does.  An access
   every point makes lies in its array's copy (the launch checks it), so
   its subscripts at the first point are at least 0: u[nx*j + nx - 2]
   from j = 0 bounds nx below by 2.  */

#ifndef MINT_DEPENDENCE_H
#define MINT_DEPENDENCE_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

enum dependence_kind
{
  DEPENDENCE_PROVEN,            /* points DISTANCE apart use one element */
  DEPENDENCE_POSSIBLE           /* subscripts that could not be compared */
};

struct dependence
{
  int array;
  enum dependence_kind kind;
  const struct kir_stmt *store;         /* the write */
  const struct kir_stmt *other;         /* a load, a store, or STORE */
  /* OTHER loads the element STORE writes, the same one at every point
     (`s[0] += v[i]'): each point that runs both updates it, a data race
     whatever the clauses assert, as an outer scalar's would be.  */
  bool shared;
  /* OTHER's point minus STORE's point, per parallel dimension (0 = x):
     one such distance where there are several.  */
  long long distance[KIR_MAX_DIMS];
};

/* Finds at most one dependence per array of K (after kir_finish): a
   proven one if there is one, else a possible one, the first in
   statement order; OUT has room for K->narrays.  Returns how many it
   found.  Only proven dependences between two stores are reported, and a
   store with itself means different points writing one element; two
   stores of one value the same at every point (`changed[0] = 1', a
   source region set to a constant) are none.  A shared dependence comes
   first.  */
int dependence_find (const struct kir_kernel *k, struct dependence *out);

/* The alias class of each array of K into its alias_class, for the
   alias_classes string of mint_kernel (mintrt.h): per array a letter,
   the same for a written array and the arrays it may be at run time
   (same element type and rank, only read, never read after the written
   one's store in a block: the kernel's pointers are restrict) because,
   taken as one array, no point uses an element another point writes (an
   update in place, u[i] = f (v[i]) with v == u); '-' for the others.  */
void dependence_note_alias_classes (struct kir_kernel *k);

/* ACCESS as text such as "u[z][y][x - 1]" or "f[nx*y + x + 1]", each
   subscript expanded over loop variables, scalars and opaque locals.  */
void dependence_format_access (const struct kir_kernel *k,
                               const struct kir_access *access, char *buf,
                               size_t len);

/* The point at OFFSET from the loop variables, outermost first, such as
   "z, y - 1, x".  */
void dependence_format_point (const struct kir_kernel *k,
                              const long long *offset, char *buf,
                              size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MINT_DEPENDENCE_H */
