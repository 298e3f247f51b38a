/* footprint.c -- boxes of array elements: the ones a kernel launch may
   touch (from its descriptor's footprint, mintrt.h), the ones an update or
   a device pointer query names, and whether two of them overlap.  Pure
   arithmetic and parsing.  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "mintrt-internal.h"

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

/* ":LO:HI" at *P into USE; advances *P.  */
static bool
parse_offsets (const char **p, struct mintrt_axis_use *use)
{
  if (**p != ':')
    return false;
  (*p)++;
  if (!parse_offset (p, &use->lo) || **p != ':')
    return false;
  (*p)++;
  return parse_offset (p, &use->hi) && use->lo <= use->hi;
}

/* One axis ("*", "pD:LO:HI", "sI:LO:HI" or "c:LO:HI") of kernel K at *P;
   advances *P.  */
static bool
parse_axis (const struct mint_kernel *k, const char **p,
            struct mintrt_axis_use *use)
{
  char kind = **p;
  long long index = 0;

  use->kind = kind;
  use->index = 0;
  use->lo = use->hi = 0;
  (*p)++;
  switch (kind)
    {
    case MINTRT_AXIS_ANY:
      return true;
    case MINTRT_AXIS_CONSTANT:
      return parse_offsets (p, use);
    case MINTRT_AXIS_PARALLEL:
    case MINTRT_AXIS_SCALAR:
      if (!parse_offset (p, &index) || index < 0
          || (kind == MINTRT_AXIS_PARALLEL && index >= k->ndims)
          || (kind == MINTRT_AXIS_SCALAR
              && (index >= k->nscalars
                  || !mintrt_integer_sig (k->scalar_sig[index]))))
        return false;
      use->index = (int) index;
      return parse_offsets (p, use);
    default:
      return false;
    }
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
      for (int i = 0; i < 3; i++)
        if (*p++ != ' ' || !parse_axis (k, &p, &uses[a].axis[i]))
          return false;
    }
  return *p == '\0';
}

bool
mintrt_integer_sig (char sig)
{
  return sig == MINT_SIG_I32 || sig == MINT_SIG_U32 || sig == MINT_SIG_I64
         || sig == MINT_SIG_U64;
}

/* Integer scalar I of a launch, as long long (unsigned 64-bit values
   beyond its range saturate: an index that large is past any array).  */
static long long
scalar_value (const struct mint_kernel *k, const union mintrt_scalar *s,
              int i)
{
  switch (k->scalar_sig[i])
    {
    case MINT_SIG_I32:
      return s[i].i;
    case MINT_SIG_U32:
      return s[i].u;
    case MINT_SIG_I64:
      return s[i].l;
    default:                    /* MINT_SIG_U64: mintrt_footprint_parse */
      return s[i].ul > LLONG_MAX ? LLONG_MAX : (long long) s[i].ul;
    }
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

void
mintrt_footprint_box (const struct mint_kernel *k,
                      const struct mintrt_array_use *use,
                      const long long *bounds,
                      const union mintrt_scalar *scalars,
                      struct mintrt_box *box)
{
  for (int i = 0; i < 3; i++)
    {
      const struct mintrt_axis_use *u = &use->axis[i];
      long long first = 0, last = 0;

      switch (u->kind)
        {
        case MINTRT_AXIS_PARALLEL:
          first = bounds[2 * u->index];
          last = add_saturated (first, bounds[2 * u->index + 1] - 1);
          break;
        case MINTRT_AXIS_SCALAR:
          first = last = scalar_value (k, scalars, u->index);
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
