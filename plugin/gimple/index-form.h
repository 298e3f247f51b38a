/* index-form.h -- array subscripts of GIMPLE at the "cfg" position as
   a constant or a multiple of a variable plus a constant, and the values
   they take in the loops around them (index-form.cc).  Privatization
   (privatize.cc) and the checks of host code's updates (host-access.cc)
   use them.

   Include after gcc-compat.h and nest.h.  */

#ifndef MINT_INDEX_FORM_H
#define MINT_INDEX_FORM_H

/* Bounds the subscripts' coefficients and constants, so the arithmetic
   on them cannot overflow.  */
#define MINT_MAX_FORM_VALUE (1 << 20)

/* A subscript: COEFF * VAR + CONSTANT; VAR is NULL_TREE for a
   constant.  */
struct subscript_form
{
  tree var;
  HOST_WIDE_INT coeff, constant;
};

/* T, used in block BB, as a subscript_form into *F.  The temporaries it
   goes through are defined in BB (the gimplifier's, right before their
   use).  */
bool mint_subscript_form_of (tree t, basic_block bb, struct subscript_form *f);

/* The value of the subscript T, used in block BB, where VAR holds VALUE,
   into *OUT: T a constant, VAR, or computed in BB from them by +, -, *,
   / and % (by a constant other than 0: `m[k / 3][k % 3]') and widening
   conversions.  Whether it is known.  */
bool mint_subscript_value_at (tree t, basic_block bb, tree var,
                              HOST_WIDE_INT value, HOST_WIDE_INT *out);

/* The loop around BB that counts VAR from a constant to a constant
   (mint_constant_loop) into *D; whether there is one.  */
bool mint_counting_loop_of (tree var, basic_block bb, struct mint_loop_dim *d);

/* The least and the greatest value of the subscript T, used in block BB,
   into *LEAST and *MOST, and the distance between its values into
   *STRIDE (0 for one value): a constant, or a multiple of the variable of
   a loop around BB that counts it from a constant to a constant, plus a
   constant.  Whether they are known.  */
bool mint_index_range (tree t, basic_block bb, HOST_WIDE_INT *least,
                       HOST_WIDE_INT *most, HOST_WIDE_INT *stride);

#endif /* MINT_INDEX_FORM_H */
