/* footprint.c -- boxes of array elements: the ones a kernel launch may
   touch (from its descriptor's footprint, mintrt.h), the ones an update or
   a device pointer query names, and whether two of them overlap.  Pure
   arithmetic and parsing.  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "footprint.h"
#include "args.h"

static const char axis_name[3] = { 'x', 'y', 'z' };

/* A decimal integer at *P of at most 2^40 in magnitude; advances *P.  */
static bool
parse_offset (const char **p, long long *value)
{
  char *end;
  long long v = strtoll (*p, &end, 10);

  if (end == *p || v < -(1LL << 40) || v > (1LL << 40))
    return false;
  *p = end;
  *value = v;
  return true;
}

/* "LO:HI" at *P, LO <= HI; advances *P.  */
static bool
parse_range (const char **p, long long *lo, long long *hi)
{
  if (!parse_offset (p, lo) || **p != ':')
    return false;
  (*p)++;
  return parse_offset (p, hi) && *lo <= *hi;
}

/* ":LO:HI" at *P into USE; advances *P.  */
static bool
parse_offsets (const char **p, struct mintrt_axis_use *use)
{
  if (**p != ':')
    return false;
  (*p)++;
  return parse_range (p, &use->lo, &use->hi);
}

/* Whether I names an integer scalar of kernel K.  */
static bool
integer_scalar (const struct mint_kernel *k, long long i)
{
  return i >= 0 && i < k->nscalars && mintrt_integer_sig (k->scalar_sig[i]);
}

/* A bound's value, "V" or "sI" and a signed V, then "%W" where that
   sum wraps at W bits (1 to 64), of kernel K at *P into B; advances
   *P.  */
static bool
parse_bound_value (const struct mint_kernel *k, const char **p,
                   struct mintrt_bound *b)
{
  long long index, wrap = 0;

  b->scalar = -1;
  if (**p == 's')
    {
      (*p)++;
      if (!parse_offset (p, &index) || !integer_scalar (k, index)
          || (**p != '+' && **p != '-'))
        return false;
      b->scalar = (int) index;
    }
  if (!parse_offset (p, &b->value))
    return false;
  if (b->scalar >= 0 && **p == '%')
    {
      (*p)++;
      if (!parse_offset (p, &wrap) || wrap < 1 || wrap > 64)
        return false;
    }
  b->wrap = (int) wrap;
  return true;
}

/* Bounds ">V", "<V" or "!V" of kernel K at *P into B, none or more;
   advances *P.  */
static bool
parse_bounds (const struct mint_kernel *k, const char **p,
              struct mintrt_bounds *b)
{
  b->n = 0;
  while (**p == '>' || **p == '<' || **p == '!')
    {
      if (b->n == MINTRT_BOUNDS)
        return false;
      struct mintrt_bound *one = &b->bound[b->n++];
      one->op = *(*p)++;
      if (!parse_bound_value (k, p, one))
        return false;
    }
  return true;
}

/* A parallel axis's pieces of kernel K at *P, ":LO:HI" and then per
   piece "/LO:HI", each with its bounds, into USE; advances *P.  */
static bool
parse_pieces (const struct mint_kernel *k, const char **p,
              struct mintrt_axis_use *use)
{
  if (**p != ':')
    return false;
  use->npieces = 0;
  do
    {
      if (use->npieces == MINTRT_PIECES)
        return false;
      struct mintrt_piece *piece = &use->piece[use->npieces++];
      (*p)++;
      if (!parse_range (p, &piece->lo, &piece->hi)
          || !parse_bounds (k, p, &piece->bounds))
        return false;
      bool first = use->npieces == 1;
      use->lo = first || piece->lo < use->lo ? piece->lo : use->lo;
      use->hi = first || piece->hi > use->hi ? piece->hi : use->hi;
    }
  while (**p == '/');
  return true;
}

/* The integer scalars "I,J...:LO:HI" of kernel K at *P, each with "*C"
   where its coefficient C is not 1, and the offsets after them, into
   USE; advances *P.  */
static bool
parse_scalar_sum (const struct mint_kernel *k, const char **p,
                  struct mintrt_axis_use *use)
{
  long long index;

  do
    {
      long long coeff = 1;
      if (use->nscalars == MINTRT_AXIS_SCALARS
          || !parse_offset (p, &index) || !integer_scalar (k, index)
          || (**p == '*' && (++*p, !parse_offset (p, &coeff))))
        return false;
      use->coeff[use->nscalars] = coeff;
      use->scalar[use->nscalars++] = (int) index;
    }
  while (**p == ',' && (*p)++);
  return parse_offsets (p, use);
}

/* Whether D names a parallel dimension of kernel K whose step the kernel
   gives (its variable's values are then known from the launch's
   bounds).  */
static bool
stepped_dim (const struct mint_kernel *k, long long d)
{
  return d >= 0 && d < k->ndims && k->step[d] > 0;
}

/* Parallel dimension "D" of kernel K at *P, with "*F" where its
   variable's factor F is not 1 or "/F" where its divisor F is not, into
   USE; advances *P.  */
static bool
parse_dimension (const struct mint_kernel *k, const char **p,
                 struct mintrt_axis_use *use)
{
  long long index;

  if (!parse_offset (p, &index) || !stepped_dim (k, index)
      || (**p == '*' && (++*p, !parse_offset (p, &use->factor)))
      || (**p == '/' && (++*p, !parse_offset (p, &use->divisor)))
      || use->factor == 0 || use->divisor < 1)
    return false;
  use->index = (int) index;
  return true;
}

/* One axis ("*", "pD" and its pieces, "sI,J...:LO:HI", "qD,I,J...:LO:HI"
   or "c:LO:HI", D with its factor) of kernel K at *P; advances *P.  */
static bool
parse_axis (const struct mint_kernel *k, const char **p,
            struct mintrt_axis_use *use)
{
  char kind = **p;

  use->kind = kind;
  use->index = 0;
  use->factor = use->divisor = 1;
  use->nscalars = 0;
  use->lo = use->hi = 0;
  (*p)++;
  switch (kind)
    {
    case MINTRT_AXIS_ANY:
      return true;
    case MINTRT_AXIS_CONSTANT:
      return parse_offsets (p, use);
    case MINTRT_AXIS_PARALLEL:
      return parse_dimension (k, p, use) && parse_pieces (k, p, use);
    case MINTRT_AXIS_SCALAR:
      return parse_scalar_sum (k, p, use);
    case MINTRT_AXIS_PARALLEL_SCALAR:
      return parse_dimension (k, p, use) && *(*p)++ == ','
             && parse_scalar_sum (k, p, use);
    default:
      return false;
    }
}

/* One monomial ",C*sI...[*pD]" of kernel K at *P into TERM; advances
   *P.  */
static bool
parse_term (const struct mint_kernel *k, const char **p,
            struct mintrt_linear_term *term)
{
  long long index;

  term->nscalars = 0;
  term->dim = -1;
  if (*(*p)++ != ',' || !parse_offset (p, &term->coeff))
    return false;
  while (**p == '*' && (*p)[1] == 's')
    {
      *p += 2;
      if (!parse_offset (p, &index) || !integer_scalar (k, index)
          || term->nscalars == MINTRT_TERM_FACTORS)
        return false;
      term->scalar[term->nscalars++] = (int) index;
    }
  if (**p == '*' && (*p)[1] == 'p')
    {
      *p += 2;
      if (!parse_offset (p, &index) || index < 0 || index >= k->ndims)
        return false;
      term->dim = (int) index;
    }
  return true;
}

/* A form of a flat array's subscript at *P, after its " l": the terms
   of the dimensions, then per rest "|LO:HI", its terms and per dimension
   with bounds "@D" and them; into USE.  Advances *P.  */
static bool
parse_linear (const struct mint_kernel *k, const char **p,
              struct mintrt_linear_use *use)
{
  int n = 0;

  use->nrests = 0;
  while (**p == ',' || **p == '|' || **p == '@')
    {
      int r = use->nrests;
      long long d;
      if (**p == '|')
        {
          (*p)++;
          if (r == MINTRT_LINEAR_RESTS
              || !parse_range (p, &use->lo[r], &use->hi[r]))
            return false;
          memset (use->bounds[r], 0, sizeof use->bounds[r]);
          use->nrests++;
          continue;
        }
      if (**p == '@')
        {
          (*p)++;
          if (r == 0 || !parse_offset (p, &d) || d < 0 || d >= k->ndims
              || use->bounds[r - 1][d].n > 0
              || !parse_bounds (k, p, &use->bounds[r - 1][d])
              || use->bounds[r - 1][d].n == 0)
            return false;
          continue;
        }
      if (n == MINTRT_LINEAR_TERMS || !parse_term (k, p, &use->term[n]))
        return false;
      /* The dimensions' terms come first; a rest's have no dimension.  */
      use->term[n].rest = r - 1;
      if ((use->term[n++].dim >= 0) != (r == 0))
        return false;
    }
  if (use->nrests == 0)
    return false;
  use->nterms = n;
  return true;
}

/* The three axes of a form, each after a space, at *P into AXES;
   advances *P.  */
static bool
parse_axes (const struct mint_kernel *k, const char **p,
            struct mintrt_axis_use *axes)
{
  for (int i = 0; i < 3; i++)
    if (*(*p)++ != ' ' || !parse_axis (k, p, &axes[i]))
      return false;
  return true;
}

bool
mintrt_footprint_parse (const struct mint_kernel *k, const char *footprint,
                        struct mintrt_array_use *uses)
{
  const char *p = footprint;

  if (!p)
    return false;
  for (unsigned a = 0; a < k->narrays; a++)
    {
      if (a > 0 && *p++ != ';')
        return false;
      if (*p != 'r' && *p != 'w')
        return false;
      uses[a].written = *p++ == 'w';
      uses[a].nmore = 0;
      if (!parse_axes (k, &p, uses[a].axis))
        return false;
      while (*p == '&')
        {
          p++;
          if (uses[a].nmore == MINTRT_ACCESS_FORMS - 1
              || !parse_axes (k, &p, uses[a].more[uses[a].nmore++]))
            return false;
        }
      uses[a].nlinear = 0;
      while (p[0] == ' ' && p[1] == 'l')
        {
          p += 2;
          if (uses[a].nlinear == MINTRT_LINEAR_FORMS
              || !parse_linear (k, &p, &uses[a].linear[uses[a].nlinear++]))
            return false;
        }
    }
  return *p == '\0';
}

bool
mintrt_integer_sig (char sig)
{
  return sig == MINT_SIG_I32 || sig == MINT_SIG_U32 || sig == MINT_SIG_I64
         || sig == MINT_SIG_U64;
}

/* Integer scalar I of a launch as the program holds it, modulo 2^64.  */
static unsigned long long
scalar_bits (const struct mint_kernel *k, const union mintrt_scalar *s,
             int i)
{
  switch (k->scalar_sig[i])
    {
    case MINT_SIG_I32:
      return (unsigned long long) (long long) s[i].i;
    case MINT_SIG_U32:
      return s[i].u;
    case MINT_SIG_I64:
      return (unsigned long long) s[i].l;
    default:                    /* MINT_SIG_U64: mintrt_footprint_parse */
      return s[i].ul;
    }
}

/* Integer scalar I of a launch, as long long (unsigned 64-bit values
   beyond its range saturate: an index that large is past any array).  */
static long long
scalar_value (const struct mint_kernel *k, const union mintrt_scalar *s,
              int i)
{
  unsigned long long held = scalar_bits (k, s, i);
  if (k->scalar_sig[i] == MINT_SIG_U64
      && held > (unsigned long long) LLONG_MAX)
    return LLONG_MAX;
  return (long long) held;
}

/* The sum of the integer scalars of axis U, each times its coefficient,
   at a launch as an offset that a subscript adds: the kernel adds them in
   64-bit arithmetic, as C does 64-bit unsigned ones modulo 2^64 (`u[y][x
   + s]' with size_t s = -1 is u[y][x - 1]); a 32-bit unsigned one keeps
   its value, which the kernel adds without the wrap.  */
static long long
scalar_offset (const struct mint_kernel *k, const union mintrt_scalar *s,
               const struct mintrt_axis_use *u)
{
  unsigned long long sum = 0;
  for (int i = 0; i < u->nscalars; i++)
    sum += scalar_bits (k, s, u->scalar[i]) * (unsigned long long) u->coeff[i];
  return (long long) sum;
}

/* BASE + OFFSET, saturated (the box only has to contain the truth).  */
static long long
add_saturated (long long base, long long offset)
{
  long long sum;

  if (__builtin_add_overflow (base, offset, &sum))
    return offset < 0 ? LLONG_MIN : LLONG_MAX;
  return sum;
}

/* The last value of parallel dimension D's variable in K's launch
   (BOUNDS): the first plus its count less one times its step; LLONG_MAX
   where the kernel gives no step (0) or the sum does not fit.  */
static long long
last_value (const struct mint_kernel *k, const long long *bounds, int d)
{
  long long steps;

  if (k->step[d] == 0
      || __builtin_mul_overflow (bounds[2 * d + 1] - 1,
                                 (long long) k->step[d], &steps))
    return LLONG_MAX;
  return add_saturated (bounds[2 * d], steps);
}

/* *FIRST and *LAST, the least and greatest values of a parallel
   dimension's variable, as axis U's subscript takes them: times its
   factor, saturated, least first; or its quotient by its divisor, from
   *FIRST's rounded down (as `>>' rounds) to *LAST's rounded toward zero
   (as `/' does), which hold both divisions' values between them.  */
static void
scale_range (const struct mintrt_axis_use *u, long long *first,
             long long *last)
{
  long long a, b, factor = u->factor;

  if (u->divisor > 1)
    {
      a = *first / u->divisor;
      *first = a - (*first % u->divisor < 0);
      *last /= u->divisor;
      return;
    }
  if (__builtin_mul_overflow (*first, factor, &a))
    a = (*first < 0) != (factor < 0) ? LLONG_MIN : LLONG_MAX;
  if (__builtin_mul_overflow (*last, factor, &b))
    b = (*last < 0) != (factor < 0) ? LLONG_MIN : LLONG_MAX;
  *first = a < b ? a : b;
  *last = a < b ? b : a;
}

void
mintrt_axes_box (const struct mint_kernel *k,
                 const struct mintrt_axis_use *axes, const long long *bounds,
                 const union mintrt_scalar *scalars, struct mintrt_box *box)
{
  for (int i = 0; i < 3; i++)
    {
      const struct mintrt_axis_use *u = &axes[i];
      long long first = 0, last = 0;

      switch (u->kind)
        {
        case MINTRT_AXIS_PARALLEL:
        case MINTRT_AXIS_PARALLEL_SCALAR:
          {
            /* A 'p' axis adds no scalars: their sum is 0.  */
            long long sum = scalar_offset (k, scalars, u);
            first = bounds[2 * u->index];
            last = last_value (k, bounds, u->index);
            scale_range (u, &first, &last);
            first = add_saturated (first, sum);
            last = add_saturated (last, sum);
          }
          break;
        case MINTRT_AXIS_SCALAR:
          first = last = scalar_offset (k, scalars, u);
          break;
        case MINTRT_AXIS_CONSTANT:
          break;
        default:                /* MINTRT_AXIS_ANY */
          box->lo[i] = LLONG_MIN;
          box->hi[i] = LLONG_MAX;
          continue;
        }
      box->lo[i] = add_saturated (first, u->lo);
      box->hi[i] = add_saturated (last, u->hi);
    }
}

/* The value of bound B (its scalar's in SCALARS of K's launch) into *V;
   false where it wraps past a long long, which no loop variable's value
   reaches: the bound then says nothing (the plugin's wrapped bounds say
   less than holds, never more, wherever they wrap; guards.c).  */
static bool
bound_value (const struct mint_kernel *k, const struct mintrt_bound *b,
             const union mintrt_scalar *scalars, long long *v)
{
  if (b->scalar < 0)
    *v = b->value;
  else if (b->wrap == 0)
    *v = add_saturated (scalar_value (k, scalars, b->scalar), b->value);
  else
    {
      unsigned long long sum = scalar_bits (k, scalars, b->scalar)
                               + (unsigned long long) b->value;
      if (b->wrap < 64)
        sum &= (1ULL << b->wrap) - 1;
      if (sum > (unsigned long long) LLONG_MAX)
        return false;
      *v = (long long) sum;
    }
  return true;
}

/* The least (*FIRST) and greatest (*LAST) values from *FIRST to *LAST
   that meet BOUNDS (their scalars' values in SCALARS of K's launch);
   *FIRST > *LAST where none does.  */
static void
meet_bounds (const struct mint_kernel *k, const struct mintrt_bounds *bounds,
             const union mintrt_scalar *scalars, long long *first,
             long long *last)
{
  /* The ends only move inward; a pass that moves one moves it past the
     value of a bound `!', which no later pass meets again.  */
  for (int pass = 0; pass <= 2 * bounds->n && *first <= *last; pass++)
    for (int i = 0; i < bounds->n; i++)
      {
        const struct mintrt_bound *b = &bounds->bound[i];
        long long v;
        if (!bound_value (k, b, scalars, &v))
          continue;
        if (b->op == '>' && v > *first)
          *first = v;
        else if (b->op == '<' && v < *last)
          *last = v;
        else if (b->op == '!' && v == *first)
          *first = add_saturated (v, 1);
        else if (b->op == '!' && v == *last)
          *last = add_saturated (v, -1);
      }
}

/* The box of the axes AXES of one form, each parallel axis's pieces only
   where its variable meets their bounds (a guarded mintrt_footprint_box).  */
static void
guarded_axes_box (const struct mint_kernel *k,
                  const struct mintrt_axis_use *axes, const long long *bounds,
                  const union mintrt_scalar *scalars, struct mintrt_box *box)
{
  mintrt_axes_box (k, axes, bounds, scalars, box);
  for (int i = 0; i < 3; i++)
    {
      const struct mintrt_axis_use *u = &axes[i];
      if (u->kind != MINTRT_AXIS_PARALLEL)
        continue;
      box->lo[i] = LLONG_MAX;
      box->hi[i] = LLONG_MIN;
      for (int j = 0; j < u->npieces; j++)
        {
          long long first = bounds[2 * u->index];
          long long last = last_value (k, bounds, u->index);
          meet_bounds (k, &u->piece[j].bounds, scalars, &first, &last);
          if (first > last)
            continue;
          scale_range (u, &first, &last);
          first = add_saturated (first, u->piece[j].lo);
          last = add_saturated (last, u->piece[j].hi);
          box->lo[i] = first < box->lo[i] ? first : box->lo[i];
          box->hi[i] = last > box->hi[i] ? last : box->hi[i];
        }
    }
}

/* BOX grown to hold OTHER too, per axis; an empty axis of either
   (lo > hi) adds nothing.  */
static void
box_hull (struct mintrt_box *box, const struct mintrt_box *other)
{
  for (int i = 0; i < 3; i++)
    if (other->lo[i] <= other->hi[i])
      {
        bool empty = box->lo[i] > box->hi[i];
        box->lo[i] = empty || other->lo[i] < box->lo[i] ? other->lo[i]
                                                          : box->lo[i];
        box->hi[i] = empty || other->hi[i] > box->hi[i] ? other->hi[i]
                                                          : box->hi[i];
      }
}

void
mintrt_footprint_box (const struct mint_kernel *k,
                      const struct mintrt_array_use *use,
                      const long long *bounds,
                      const union mintrt_scalar *scalars, bool guarded,
                      struct mintrt_box *box)
{
  void (*box_of) (const struct mint_kernel *, const struct mintrt_axis_use *,
                  const long long *, const union mintrt_scalar *,
                  struct mintrt_box *)
    = guarded ? guarded_axes_box : mintrt_axes_box;
  box_of (k, use->axis, bounds, scalars, box);
  for (int f = 0; f < use->nmore; f++)
    {
      struct mintrt_box other;
      box_of (k, use->more[f], bounds, scalars, &other);
      box_hull (box, &other);
    }
}

const struct mintrt_axis_use *
mintrt_form_axes (const struct mintrt_array_use *use, int f)
{
  return f == 0 ? use->axis : use->more[f - 1];
}

/* TERM's value without its dimension's variable, into *VALUE; false
   where it does not fit a long long.  */
static bool
term_factor (const struct mint_kernel *k,
             const struct mintrt_linear_term *term,
             const union mintrt_scalar *scalars, long long *value)
{
  long long v = term->coeff;

  for (int i = 0; i < term->nscalars; i++)
    if (__builtin_mul_overflow (v, scalar_value (k, scalars,
                                                 term->scalar[i]), &v))
      return false;
  *value = v;
  return true;
}

/* The sums of the terms of the dimensions (COEFF, per dimension) and of
   the rests (REST) of USE at a launch with SCALARS; false where one does
   not fit a long long.  */
static bool
linear_sums (const struct mint_kernel *k, const struct mintrt_linear_use *l,
             const union mintrt_scalar *scalars, long long *coeff,
             long long *rest)
{
  for (int i = 0; i < l->nterms; i++)
    {
      const struct mintrt_linear_term *t = &l->term[i];
      long long v, *sum = t->dim < 0 ? &rest[t->rest] : &coeff[t->dim];
      if (!term_factor (k, t, scalars, &v)
          || __builtin_add_overflow (*sum, v, sum))
        return false;
    }
  return true;
}

/* The elements from *LO to *HI that rest R of L reaches at a launch over
   BOUNDS, the rests' sums REST and the dimensions' COEFF, where GUARDED
   only where the variables meet its bounds (*LO > *HI where they meet
   none); false on overflow.  */
static bool
rest_range (const struct mint_kernel *k, const struct mintrt_linear_use *l,
            int r, const long long *bounds,
            const union mintrt_scalar *scalars, const long long *coeff,
            const long long *rest, bool guarded, long long *lo,
            long long *hi)
{
  if (__builtin_add_overflow (rest[r], l->lo[r], lo)
      || __builtin_add_overflow (rest[r], l->hi[r], hi))
    return false;
  for (unsigned d = 0; d < k->ndims; d++)
    {
      long long first = bounds[2 * d], last = last_value (k, bounds, d);
      long long at_first, at_last;
      if (last == LLONG_MAX)
        return false;
      if (guarded)
        meet_bounds (k, &l->bounds[r][d], scalars, &first, &last);
      if (first > last)
        {
          *lo = LLONG_MAX;
          *hi = LLONG_MIN;
          return true;
        }
      if (__builtin_mul_overflow (coeff[d], first, &at_first)
          || __builtin_mul_overflow (coeff[d], last, &at_last)
          || __builtin_add_overflow (*lo, at_first < at_last ? at_first
                                                             : at_last, lo)
          || __builtin_add_overflow (*hi, at_first < at_last ? at_last
                                                             : at_first, hi))
        return false;
    }
  return true;
}

/* The elements from *LO to *HI that form L of a flat array's subscript
   reaches at a launch (mintrt_linear_range), *LO > *HI where none; false
   on overflow.  */
static bool
linear_form_range (const struct mint_kernel *k,
                   const struct mintrt_linear_use *l, const long long *bounds,
                   const union mintrt_scalar *scalars, bool guarded,
                   long long *lo, long long *hi)
{
  long long rest[MINTRT_LINEAR_RESTS] = { 0 }, coeff[3] = { 0, 0, 0 };

  if (!linear_sums (k, l, scalars, coeff, rest))
    return false;
  *lo = LLONG_MAX;
  *hi = LLONG_MIN;
  for (int r = 0; r < l->nrests; r++)
    {
      long long first, last;
      if (!rest_range (k, l, r, bounds, scalars, coeff, rest, guarded,
                       &first, &last))
        return false;
      if (first > last)
        continue;
      *lo = first < *lo ? first : *lo;
      *hi = last > *hi ? last : *hi;
    }
  return true;
}

bool
mintrt_linear_range (const struct mint_kernel *k,
                     const struct mintrt_array_use *use,
                     const long long *bounds,
                     const union mintrt_scalar *scalars, bool guarded,
                     long long *lo, long long *hi)
{
  *lo = LLONG_MAX;
  *hi = LLONG_MIN;
  for (int f = 0; f < use->nlinear; f++)
    {
      long long first, last;
      if (!linear_form_range (k, &use->linear[f], bounds, scalars, guarded,
                              &first, &last))
        return false;
      *lo = first < *lo ? first : *lo;
      *hi = last > *hi ? last : *hi;
    }
  return use->nlinear > 0;
}

bool
mintrt_box_empty (const struct mintrt_box *box)
{
  for (int i = 0; i < 3; i++)
    if (box->lo[i] > box->hi[i])
      return true;
  return false;
}

bool
mintrt_box_overlap (const struct mintrt_box *a, const struct mintrt_box *b)
{
  if (mintrt_box_empty (a) || mintrt_box_empty (b))
    return false;
  for (int i = 0; i < 3; i++)
    if (a->hi[i] < b->lo[i] || b->hi[i] < a->lo[i])
      return false;
  return true;
}

bool
mintrt_box_from_ranges (struct mintrt_box *box, const long long *ranges,
                        const long long *extent, char *error,
                        size_t error_size)
{
  for (int i = 0; i < 3; i++)
    {
      long long start = ranges[2 * i], count = ranges[2 * i + 1];
      char c = axis_name[i];

      if (count < 0)
        {
          snprintf (error, error_size, "the %c range %lld:%lld has a "
                    "negative count", c, start, count);
          return false;
        }
      if (start < 0 || start > extent[i] || count > extent[i] - start)
        {
          snprintf (error, error_size, "the %c range %lld:%lld (elements "
                    "%lld to %lld) lies outside the array's %lld element%s "
                    "in %c", c, start, count, start,
                    add_saturated (start, count - 1), extent[i],
                    extent[i] == 1 ? "" : "s", c);
          return false;
        }
      box->lo[i] = start;
      box->hi[i] = start + count - 1;
    }
  return true;
}
