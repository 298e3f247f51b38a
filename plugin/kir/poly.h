/* poly.h -- a kernel's integer values as polynomials (plain C, no GCC).

   Each subscript of an access is expanded into a polynomial over the
   parallel loop variables, the kernel's scalars (the same at every point)
   and opaque values (loads, variables the body changes, other operations:
   they differ from point to point), through the one definition of each
   local where it is integer +, -, *, negation, complement, a copy or a
   conversion.
   Integer arithmetic is taken as exact: the index computations of a
   correct C program do not overflow, but for the unsigned ones of types
   narrower than an int, which wrap, and conversions to those, which
   stay opaque.  The dependence analysis
   (dependence.h) and the delinearization of flat arrays (delinearize.h)
   read subscripts this way.  */

#ifndef MINT_POLY_H
#define MINT_POLY_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An atom: a parallel loop variable, a scalar, or an opaque local, coded
   so that a monomial's atoms sort (and print) scalars first.  */
enum atom_kind { ATOM_SCALAR, ATOM_OPAQUE, ATOM_IV };
#define ATOM(kind, index) (((kind) << 24) | (index))
#define ATOM_KIND(a) ((a) >> 24)
#define ATOM_INDEX(a) ((a) & 0xffffff)

#define MAX_DEGREE KIR_MAX_FACTORS
#define MAX_MONOMIALS KIR_MAX_PRODUCTS

struct monomial
{
  int degree;
  int atoms[MAX_DEGREE];        /* sorted */
  long long coeff;              /* never 0 */
};

/* UNKNOWN marks what the expansion cannot represent (floating values,
   too many terms, huge numbers).  */
struct poly
{
  int unknown;
  int n;
  struct monomial m[MAX_MONOMIALS];
};

void poly_constant (struct poly *p, long long c);
void poly_atom (struct poly *p, int atom);
/* Whether P is a constant, which *VALUE gets.  */
int poly_constant_value (const struct poly *p, long long *value);
/* P += FACTOR * M, P += FACTOR * Q, *P = A * B.  */
void poly_add_monomial (struct poly *p, const struct monomial *m,
                        long long factor);
void poly_add (struct poly *p, const struct poly *q, long long factor);
void poly_multiply (struct poly *p, const struct poly *a,
                    const struct poly *b);
int poly_equal (const struct poly *a, const struct poly *b);
/* The coefficient of the monomial with M's atoms in P.  */
long long poly_coeff (const struct poly *p, const struct monomial *m);
/* P's monomials, higher degree first, then by atoms.  */
void poly_sort (struct poly *p);
/* D = Q * G + R, where G's leading monomial (the first poly_sort puts)
   divides no monomial of R but with a smaller coefficient, what is left
   of one whose coefficient it does not divide (7 x by 2 x: 3, x):
   whether the division went through (nothing overflowed).  */
int poly_divide (const struct poly *d, const struct poly *g, struct poly *q,
                 struct poly *r);

/* A stride over the scalars (kir-core.h) and the same as a polynomial; the
   conversion to a sum fails (returns 0) where P has other atoms.  */
void poly_from_sum (struct poly *p, const struct kir_sum *s);
int poly_to_sum (const struct poly *p, struct kir_sum *s);

struct expander
{
  const struct kir_kernel *k;
  const struct kir_stmt **def;  /* per local: its only definition */
  int *ndefs;
  int *state;                   /* 0 new, 1 being expanded, 2 done */
  struct poly *value;
  /* Scalars stay atoms even where they have values (kir_scalar's
     HAS_VALUE): the subscripts as the program writes them.  */
  int as_written;
};

void poly_expander_init (struct expander *x, const struct kir_kernel *k);
/* The value that assignment S computes, where it is integer +, -, *,
   negation, complement, a copy or a conversion, into P: whether it
   is.  */
int poly_expand_assignment (struct expander *x, const struct kir_stmt *s,
                            struct poly *p);
void poly_expander_free (struct expander *x);
void poly_expand_affine (struct expander *x, const struct kir_affine *f,
                         struct poly *p);
/* S (a sum over the scalars, kir-core.h) as X reads it: each scalar with
   a value as that value, but where X reads the program as written.  */
void poly_expand_sum (const struct expander *x, const struct kir_sum *s,
                      struct poly *p);
/* The subscripts of ACCESS as the program wrote them, into P (room for
   KIR_MAX_DIMS); returns how many: a delinearized flat array's one.  */
int poly_expand_access (struct expander *x, const struct kir_access *access,
                        struct poly *p);

/* Whether affine F, as statement AT of block B reads it, holds what its
   expansion (already made) says with LOCAL's value at that statement:
   every local it is computed through from LOCAL is computed in B before
   AT, after LOCAL's last assignment there.  A local computed elsewhere
   may hold LOCAL's value of another time.  */
int poly_reads_current (const struct expander *x, const struct kir_block *b,
                        int at, const struct kir_affine *f, int local);

/* The variables a subscript may be split over: the parallel loop
   variables, then (dependence.c) counters of loops in the body.  */
#define POLY_MAX_COLUMNS (KIR_MAX_DIMS + 3)

/* A subscript = sum over d of coeff[d] * iv_d + rest, the coefficients
   and the rest polynomials over the scalars; COMPARABLE is 0 when it
   involves opaque values, products of loop variables or unknowns.  */
struct subscript
{
  int comparable;
  struct poly coeff[POLY_MAX_COLUMNS];
  struct poly rest;
};

void poly_split_subscript (const struct poly *p, struct subscript *s);

/* The same over the columns that COLUMN (ATOM, DATA) gives atoms (-1
   for the scalars and the atoms that make P not comparable; below
   POLY_MAX_COLUMNS).  */
void poly_split_columns (const struct poly *p,
                         int (*column) (int atom, const void *data),
                         const void *data, struct subscript *s);

#ifdef __cplusplus
}
#endif

#endif /* MINT_POLY_H */
