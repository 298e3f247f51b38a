/* stencil.c -- per-array access offsets of a Kernel IR kernel.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "guards.h"
#include "poly.h"
#include "stencil.h"
#include "kir-type.h"
#include "xalloc.h"

/* The parallel dimension whose IV subscript IDX follows with coefficient 1,
   with the constant in *OFFSET; -1 if it follows none.  */
static int
subscript_dim (const struct kir_kernel *k, const struct kir_affine *idx,
               int *offset)
{
  if (idx->nterms != 1 || idx->terms[0].coeff != 1
      || idx->terms[0].var.kind != KIR_OPND_LOCAL
      || idx->constant < -(1 << 20) || idx->constant > (1 << 20))
    return -1;
  int d = kir_dim_of_iv (k, idx->terms[0].var.index);
  if (d >= 0)
    *offset = (int) idx->constant;
  return d;
}

static int
is_centre (const int *offset, int rank)
{
  for (int i = 0; i < rank; i++)
    if (offset[i] != 0)
      return 0;
  return 1;
}

static void
record_offset (struct stencil_array *a, const int *offset, int rank)
{
  for (int o = 0; o < a->noffsets; o++)
    if (memcmp (a->offsets[o].offset, offset, rank * sizeof (int)) == 0)
      {
        a->offsets[o].count++;
        return;
      }
  if (a->noffsets == STENCIL_MAX_OFFSETS)
    {
      a->regular = 0;           /* too wide a footprint to tile */
      a->too_many_offsets = 1;
      return;
    }
  struct stencil_offset *s = &a->offsets[a->noffsets++];
  memset (s, 0, sizeof *s);
  memcpy (s->offset, offset, rank * sizeof (int));
  s->count = 1;
}

/* Folds one access into A's summary.  */
static void
note_access (const struct kir_kernel *k, struct stencil_array *a,
             const struct kir_access *acc, int is_store)
{
  int offset[KIR_MAX_DIMS] = { 0, 0, 0 };
  int used[KIR_MAX_DIMS] = { 0, 0, 0 };

  for (int i = 0; i < acc->rank; i++)
    {
      int d = subscript_dim (k, &acc->index[i], &offset[i]);
      if (d < 0 || used[d] || (a->dim_of[i] != -2 && a->dim_of[i] != d))
        a->regular = 0;
      if (d >= 0)
        used[d] = a->follows_grid = 1;
      a->dim_of[i] = d;
    }
  for (int d = 0; d < k->ndims; d++)
    if (!used[d])
      a->regular = 0;

  if (is_store)
    {
      a->nwrites++;
      a->read_only = 0;
      if (!is_centre (offset, acc->rank))
        a->writes_centre_only = 0;
      return;
    }
  a->nreads++;
  if (is_centre (offset, acc->rank))
    a->centre_read = 1;
  for (int i = 0; i < acc->rank; i++)
    {
      if (-offset[i] > a->halo_lo[i])
        a->halo_lo[i] = -offset[i];
      if (offset[i] > a->halo_hi[i])
        a->halo_hi[i] = offset[i];
    }
  record_offset (a, offset, acc->rank);
}

/* Whether K's body has a sequential loop: a depth-first walk from the
   entry that reaches a block still on its path.  (The blocks are in
   dominator order, so a jump to a lower number may be a join.)  */
static int
body_has_cycle (const struct kir_kernel *k)
{
  enum { UNSEEN, ON_PATH, DONE };
  if (k->nblocks <= 0)
    return 0;
  char *state = mint_xcalloc ((size_t) k->nblocks, 1);
  int *path = mint_xmalloc ((size_t) k->nblocks * sizeof *path);
  int *edge = mint_xmalloc ((size_t) k->nblocks * sizeof *edge);
  int cycle = 0, top = 0;
  path[top] = 0, edge[top++] = 0;
  state[0] = ON_PATH;
  while (top > 0 && !cycle)
    {
      const struct kir_block *blk = &k->blocks[path[top - 1]];
      int nsucc = kir_successor_count (blk);
      if (edge[top - 1] == nsucc)
        {
          state[path[--top]] = DONE;
          continue;
        }
      int next = blk->succ[edge[top - 1]++];
      if (state[next] == ON_PATH)
        cycle = 1;
      else if (state[next] == UNSEEN)
        {
          state[next] = ON_PATH;
          path[top] = next, edge[top++] = 0;
        }
    }
  free (state);
  free (path);
  free (edge);
  return cycle;
}

void
stencil_analyze (const struct kir_kernel *k, struct stencil_info *info)
{
  info->narrays = k->narrays;
  info->arrays = mint_xcalloc ((size_t) k->narrays, sizeof *info->arrays);
  for (int a = 0; a < k->narrays; a++)
    {
      struct stencil_array *s = &info->arrays[a];
      s->regular = 1;
      s->read_only = 1;
      s->writes_centre_only = 1;
      for (int i = 0; i < KIR_MAX_DIMS; i++)
        s->dim_of[i] = -2;      /* not seen yet */
    }

  for (int b = 0; b < k->nblocks; b++)
    {
      const struct kir_block *blk = &k->blocks[b];
      for (int s = 0; s < blk->nstmts; s++)
        {
          const struct kir_stmt *st = &blk->stmts[s];
          if (st->kind == KIR_LOAD || st->kind == KIR_STORE)
            note_access (k, &info->arrays[st->access.array], &st->access,
                         st->kind == KIR_STORE);
        }
    }
  info->nested_loops = body_has_cycle (k);

  for (int a = 0; a < k->narrays; a++)
    {
      struct stencil_array *s = &info->arrays[a];
      if (s->nreads + s->nwrites == 0)
        s->regular = 0;
      for (int i = 0; i < KIR_MAX_DIMS; i++)
        if (s->dim_of[i] == -2)
          s->dim_of[i] = -1;
    }
}

void
stencil_info_free (struct stencil_info *info)
{
  free (info->arrays);
  info->arrays = NULL;
  info->narrays = 0;
}

/* Distinct read offsets of A that lie off the centre column (x or y != 0).  */
static int
in_plane_neighbours (const struct kir_array *arr, const struct stencil_array *a)
{
  int n = 0;
  for (int o = 0; o < a->noffsets; o++)
    for (int i = 0; i < arr->rank; i++)
      if ((a->dim_of[i] == 0 || a->dim_of[i] == 1) && a->offsets[o].offset[i])
        {
          n++;
          break;
        }
  return n;
}

int
stencil_most_reused (const struct kir_kernel *k,
                     const struct stencil_info *info)
{
  int best = -1, best_n = 0;
  for (int a = 0; a < info->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      if (!s->regular)
        continue;
      int n = in_plane_neighbours (&k->arrays[a], s);
      if (n > best_n)
        {
          best = a;
          best_n = n;
        }
    }
  return best;
}

int
stencil_halo_x (const struct kir_kernel *k, const struct stencil_info *info,
                int array)
{
  const struct stencil_array *s = &info->arrays[array];
  if (!s->regular)
    return 0;
  for (int i = 0; i < k->arrays[array].rank; i++)
    if (s->dim_of[i] == 0)
      return s->halo_lo[i];
  return 0;
}

void
stencil_dump (const struct kir_kernel *k, const struct stencil_info *info,
              FILE *out)
{
  for (int a = 0; a < info->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      const struct kir_array *arr = &k->arrays[a];
      fprintf (out, "%s: %s%s reads %d writes %d", arr->name,
               s->regular ? "regular" : "irregular",
               s->read_only ? " read-only" : "", s->nreads, s->nwrites);
      if (s->regular)
        {
          fprintf (out, " offsets %d%s halo", s->noffsets,
                   s->centre_read ? " centre" : "");
          for (int i = 0; i < arr->rank; i++)
            fprintf (out, " %d:%d", s->halo_lo[i], s->halo_hi[i]);
        }
      fputc ('\n', out);
    }
}

/* ---- footprint (mintrt.h) ------------------------------------------------ */

/* The offsets from LO to HI of the accesses along a parallel axis made
   where GUARD holds of its loop variable.  */
struct footprint_piece
{
  struct guard_set guard;
  long long lo, hi;
};

/* The integer scalars a subscript adds, each times its coefficient, in
   increasing order of index (the footprint's list, mintrt.h).  */
#define AXIS_SCALARS 4
#define AXIS_SCALAR_COEFF (1 << 10)
struct scalar_sum
{
  int n;
  int index[AXIS_SCALARS];
  int coeff[AXIS_SCALARS];
};

/* Whether A and B add the same scalars times the same coefficients.  */
static bool
scalar_sum_equal (const struct scalar_sum *a, const struct scalar_sum *b)
{
  if (a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++)
    if (a->index[i] != b->index[i] || a->coeff[i] != b->coeff[i])
      return false;
  return true;
}

/* What one subscript follows, over all accesses of an array so far; along
   a parallel axis, its offsets per guard too.  */
#define FOOTPRINT_PIECES 8
struct footprint_axis
{
  char kind;                    /* 0: not seen yet; '*' 'p' 's' 'q' 'c' */
  /* 'p', 'q': the dimension, its variable's factor and ('p') divisor.  */
  int index, factor, divisor;
  struct scalar_sum scalars;    /* 's', 'q': the scalars added */
  long long lo, hi;
  int npieces;
  struct footprint_piece piece[FOOTPRINT_PIECES];
};

/* Folds OFFSET, of an access made where GUARD holds, into AXIS's pieces:
   into the piece of the same guard, else a new one, else (there is no
   room) the first, which then has no guard.  */
static void
note_piece (struct footprint_axis *axis, const struct guard_set *guard,
            long long offset)
{
  struct footprint_piece *p = NULL;
  for (int i = 0; i < axis->npieces && !p; i++)
    if (guard_set_equal (&axis->piece[i].guard, guard))
      p = &axis->piece[i];
  if (!p && axis->npieces < FOOTPRINT_PIECES)
    {
      p = &axis->piece[axis->npieces++];
      p->guard = *guard;
      p->lo = p->hi = offset;
    }
  if (!p)
    {
      p = &axis->piece[0];
      p->guard.n = 0;
    }
  p->lo = offset < p->lo ? offset : p->lo;
  p->hi = offset > p->hi ? offset : p->hi;
}

/* Whether the launch knows the values of parallel dimension D's
   variable, from its first by the dimension's step (mintrt.h, step).  */
static bool
bounded_step (const struct kir_kernel *k, int d)
{
  return k->dims[d].step >= 1 && k->dims[d].step <= (1 << 20);
}

/* Adds integer scalar I times COEFF to SUM in its order; false where SUM
   is full or COEFF too large for the footprint.  */
static bool
add_scalar (struct scalar_sum *sum, int i, long long coeff)
{
  if (sum->n == AXIS_SCALARS || coeff < -AXIS_SCALAR_COEFF
      || coeff > AXIS_SCALAR_COEFF)
    return false;
  int at = sum->n++;
  for (; at > 0 && sum->index[at - 1] > i; at--)
    {
      sum->index[at] = sum->index[at - 1];
      sum->coeff[at] = sum->coeff[at - 1];
    }
  sum->index[at] = i;
  sum->coeff[at] = (int) coeff;
  return true;
}

/* Where subscript IDX is a sum of integer scalars, each times a
   coefficient, and at most one parallel loop variable, times a factor,
   plus a constant (`u[g + ny + ng][x]', `u[y - ng][x]', `f[2 * y][x]',
   `u[n - 1 - x]'): its scalars in *SUM, the loop variable's factor in
   *FACTOR, the constant in *OFFSET, and the loop variable's dimension,
   or -1 where it has none; -2 where IDX is no such sum or has neither a
   scalar nor a loop variable.  */
static int
subscript_sum (const struct kir_kernel *k, const struct kir_affine *idx,
               struct scalar_sum *sum, int *factor, int *offset)
{
  int d = -1;

  sum->n = 0;
  *factor = 1;
  if (idx->constant < -(1 << 20) || idx->constant > (1 << 20))
    return -2;
  for (int i = 0; i < idx->nterms; i++)
    {
      const struct kir_term *t = &idx->terms[i];
      bool scalar = t->var.kind == KIR_OPND_SCALAR
                    && !kir_type_is_float (k->scalars[t->var.index].type);
      int dim = t->var.kind == KIR_OPND_LOCAL
                ? kir_dim_of_iv (k, t->var.index) : -1;
      if (scalar ? !add_scalar (sum, t->var.index, t->coeff)
                 : dim < 0 || d >= 0 || !bounded_step (k, dim)
                   || t->coeff < -AXIS_SCALAR_COEFF
                   || t->coeff > AXIS_SCALAR_COEFF)
        return -2;
      if (!scalar)
        {
          d = dim;
          *factor = (int) t->coeff;
        }
    }
  if (sum->n == 0 && d < 0)
    return -2;
  *offset = (int) idx->constant;
  return d;
}

/* The form of one subscript along an axis: KIND ('*' 'p' 's' 'q' 'c'),
   the parallel dimension INDEX and the FACTOR of its variable ('p',
   'q') or its DIVISOR ('p'), the scalars it adds ('s', 'q'), and the
   constant.  */
struct axis_subscript
{
  char kind;
  int index, factor, divisor, offset;
  struct scalar_sum scalars;
};

/* Where LOCAL of K is assigned once, a parallel loop variable divided by
   a constant from 2 to AXIS_SCALAR_COEFF (`y / 2', `i >> 1'): that
   divisor, its dimension in *D; else 0.  Both divisions round the
   variable's values in one direction, so that the quotients of its least
   and greatest bound the others.  */
static int
quotient_of_variable (const struct kir_kernel *k, int local, int *d)
{
  const struct kir_stmt *def = NULL;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      if (kir_stmt_writes (&k->blocks[b].stmts[i], local))
        {
          if (def)
            return 0;
          def = &k->blocks[b].stmts[i];
        }
  if (!def || def->kind != KIR_ASSIGN
      || (def->op != KIR_DIV && def->op != KIR_SHR)
      || def->args[0].kind != KIR_OPND_LOCAL
      || def->args[1].kind != KIR_OPND_INT)
    return 0;
  *d = kir_dim_of_iv (k, def->args[0].index);
  long long c = def->args[1].ival;
  long long divisor = def->op == KIR_DIV ? c
                      : c >= 1 && c <= 10 ? 1LL << c : 0;
  if (*d < 0 || !bounded_step (k, *d) || divisor < 2
      || divisor > AXIS_SCALAR_COEFF)
    return 0;
  return (int) divisor;
}

/* Where subscript IDX is a quotient_of_variable plus a constant
   (`c[y / 2 + 1]'): its form S.  */
static bool
quotient_subscript (const struct kir_kernel *k, const struct kir_affine *idx,
                    struct axis_subscript *s)
{
  if (idx->nterms != 1 || idx->terms[0].coeff != 1
      || idx->terms[0].var.kind != KIR_OPND_LOCAL
      || idx->constant < -(1 << 20) || idx->constant > (1 << 20))
    return false;
  int d;
  int divisor = quotient_of_variable (k, idx->terms[0].var.index, &d);
  if (divisor == 0)
    return false;
  s->kind = 'p';
  s->index = d;
  s->divisor = divisor;
  s->offset = (int) idx->constant;
  return true;
}

/* The form of subscript IDX.  */
static struct axis_subscript
classify_subscript (const struct kir_kernel *k, const struct kir_affine *idx)
{
  struct axis_subscript s;
  int d;

  memset (&s, 0, sizeof s);
  s.kind = '*';
  s.factor = s.divisor = 1;
  if (idx->nterms == 0 && idx->constant >= -(1 << 20)
      && idx->constant <= (1 << 20))
    {
      s.kind = 'c';
      s.offset = (int) idx->constant;
    }
  else if (quotient_subscript (k, idx, &s))
    ;
  else if ((d = subscript_sum (k, idx, &s.scalars, &s.factor, &s.offset))
           >= -1)
    {
      s.kind = d < 0 ? 's' : s.scalars.n == 0 ? 'p' : 'q';
      s.index = d < 0 ? 0 : d;
    }
  return s;
}

/* Whether subscript S follows the same form as AXIS (its kind,
   dimension, factor and scalars; the offsets aside).  */
static bool
same_form (const struct footprint_axis *axis, const struct axis_subscript *s)
{
  return axis->kind == s->kind && axis->index == s->index
         && axis->factor == s->factor && axis->divisor == s->divisor
         && scalar_sum_equal (&axis->scalars, &s->scalars);
}

/* Whether AXIS, with subscript S folded in, is one of any index only
   where it was before.  */
static bool
axis_keeps_form (const struct footprint_axis *axis,
                 const struct axis_subscript *s)
{
  return axis->kind == '*'
         || (s->kind != '*' && (axis->kind == 0 || same_form (axis, s)));
}

/* Folds subscript S into AXIS, of an access made where GUARDS (per
   parallel dimension; NULL: none known) hold.  */
static void
note_subscript (const struct axis_subscript *s,
                const struct guard_set *guards, struct footprint_axis *axis)
{
  static const struct guard_set none;

  if (axis->kind == 0 && s->kind != '*')
    {
      axis->kind = s->kind;
      axis->index = s->index;
      axis->factor = s->factor;
      axis->divisor = s->divisor;
      axis->scalars = s->scalars;
      axis->lo = axis->hi = s->offset;
    }
  else if (!same_form (axis, s))
    axis->kind = '*';
  else if (s->offset < axis->lo)
    axis->lo = s->offset;
  else if (s->offset > axis->hi)
    axis->hi = s->offset;
  if (axis->kind == 'p')
    note_piece (axis, guards ? &guards[s->index] : &none, s->offset);
}

bool
stencil_every_point_runs (const struct kir_kernel *k, int b)
{
  int *stack = mint_xmalloc ((size_t) k->nblocks * sizeof *stack);
  char *seen = mint_xcalloc ((size_t) k->nblocks, 1);
  int top = 0;
  bool avoided = false;

  if (b != 0)
    {
      stack[top++] = 0;
      seen[0] = 1;
    }
  while (top > 0 && !avoided)
    {
      const struct kir_block *blk = &k->blocks[stack[--top]];
      avoided = blk->term == KIR_NEXT;
      for (int i = 0; i < kir_successor_count (blk); i++)
        if (blk->succ[i] != b && !seen[blk->succ[i]])
          {
            seen[blk->succ[i]] = 1;
            stack[top++] = blk->succ[i];
          }
    }
  free (stack);
  free (seen);
  return !avoided;
}

/* What a flat array's one subscript follows, over its accesses of one
   form so far: the same coefficients of the loop variables, polynomials
   over the integer scalars, and a rest that is one of REST but for a
   constant from LO to HI, made where GUARD holds of the loop variables
   (those of nonzero coefficients).  */
#define LINEAR_RESTS 16
struct linear_rest
{
  struct poly at;               /* without the constant */
  long long lo, hi;
  struct guard_set guard[KIR_MAX_DIMS];
};

struct linear_use
{
  bool known;
  struct poly coeff[KIR_MAX_DIMS];
  int nrests;
  struct linear_rest rest[LINEAR_RESTS];
};

/* The forms of a flat array's subscripts: up to LINEAR_FORMS of
   different coefficients (u[(j + 1) * tx + i] beside u[j * tx]), each
   with its rests; UNKNOWN where some access has none of them.  */
#define LINEAR_FORMS 3
struct linear_forms
{
  bool unknown;
  int n;
  struct linear_use form[LINEAR_FORMS];
};

/* Whether rests A and B have the same guards.  */
static bool
same_guards (const struct linear_rest *a, const struct linear_rest *b)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    if (!guard_set_equal (&a->guard[d], &b->guard[d]))
      return false;
  return true;
}

/* Widens rest TO by the constants of FROM.  */
static void
widen_rest (struct linear_rest *to, long long lo, long long hi)
{
  to->lo = lo < to->lo ? lo : to->lo;
  to->hi = hi > to->hi ? hi : to->hi;
}

/* Joins the rests of USE that differ in their guards only, the joined
   without guards; where ALL, every rest goes without its guards.  */
static void
join_guarded_rests (struct linear_use *use, bool all)
{
  int n = 0;
  for (int i = 0; i < use->nrests; i++)
    {
      int j = 0;
      while (j < n && !poly_equal (&use->rest[j].at, &use->rest[i].at))
        j++;
      if (j == n)
        use->rest[n++] = use->rest[i];
      else
        {
          widen_rest (&use->rest[j], use->rest[i].lo, use->rest[i].hi);
          memset (use->rest[j].guard, 0, sizeof use->rest[j].guard);
        }
      if (all)
        memset (use->rest[j].guard, 0, sizeof use->rest[j].guard);
    }
  use->nrests = n;
}

/* Folds the rest R, of constant C, made where GUARDS (per dimension, NULL:
   none) hold, into USE.  */
static void
note_rest (const struct poly *r, long long c, const struct guard_set *guards,
           struct linear_use *use)
{
  struct linear_rest n;
  memset (&n, 0, sizeof n);
  n.at = *r;
  n.lo = n.hi = c;
  for (int d = 0; d < KIR_MAX_DIMS && guards; d++)
    if (use->coeff[d].n > 0)
      n.guard[d] = guards[d];
  for (int i = 0; i < use->nrests; i++)
    if (poly_equal (r, &use->rest[i].at) && same_guards (&n, &use->rest[i]))
      {
        widen_rest (&use->rest[i], c, c);
        return;
      }
  if (use->nrests == LINEAR_RESTS)
    join_guarded_rests (use, false);
  if (use->nrests == LINEAR_RESTS)
    {
      use->known = false;
      return;
    }
  use->rest[use->nrests++] = n;
}

/* The form of FORMS whose coefficients are COEFF, a new one where none
   is and there is room; NULL where there is none.  */
static struct linear_use *
linear_form (struct linear_forms *forms, const struct poly *coeff)
{
  for (int f = 0; f < forms->n; f++)
    {
      bool same = true;
      for (int d = 0; d < KIR_MAX_DIMS && same; d++)
        same = poly_equal (&coeff[d], &forms->form[f].coeff[d]);
      if (same)
        return &forms->form[f];
    }
  if (forms->n == LINEAR_FORMS)
    return NULL;
  struct linear_use *use = &forms->form[forms->n++];
  use->known = true;
  memcpy (use->coeff, coeff, sizeof use->coeff);
  return use;
}

/* Folds the subscript P, of an access made where GUARDS (per dimension;
   NULL: none known) hold, into the form of FORMS of its coefficients.  */
static void
note_linear (const struct kir_kernel *k, const struct poly *p,
             const struct guard_set *guards, struct linear_forms *forms)
{
  struct subscript s;
  struct monomial one = { 0, { 0 }, 1 };

  poly_split_subscript (p, &s);
  long long c = poly_coeff (&s.rest, &one);
  if (c != 0)
    poly_add_monomial (&s.rest, &one, -c);
  bool known = s.comparable && !s.rest.unknown;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    if (s.coeff[d].n > 0 && (d >= k->ndims || !bounded_step (k, d)))
      known = false;
  struct linear_use *use = known ? linear_form (forms, s.coeff) : NULL;
  if (use)
    note_rest (&s.rest, c, guards, use);
  forms->unknown |= !use || !use->known;
}

/* Appends ",C*sI...*pD" per monomial of P (times loop variable D where
   D >= 0) at *OUT, within END; false where it does not fit.  */
static bool
print_monomials (const struct poly *p, int d, char **out, const char *end)
{
  for (int i = 0; i < p->n; i++)
    {
      int n = snprintf (*out, end - *out, ",%lld", p->m[i].coeff);
      for (int f = 0; f < p->m[i].degree && n >= 0 && n < end - *out; f++)
        n += snprintf (*out + n, end - *out - n, "*s%d",
                       ATOM_INDEX (p->m[i].atoms[f]));
      if (d >= 0 && n >= 0 && n < end - *out)
        n += snprintf (*out + n, end - *out - n, "*p%d", d);
      if (n < 0 || n >= end - *out)
        return false;
      *out += n;
    }
  return true;
}

/* Appends the bounds of GUARD to OUT (room up to END) as the footprint
   gives them (mintrt.h): per bound '>', '<' or '!' and its value, a
   constant or "sI" and a signed constant, then "%W" where that sum wraps
   at W bits; false where they do not fit.  */
static bool
print_guard (const struct guard_set *guard, char **out, const char *end)
{
  static const char op[] = { '>', '<', '!' };
  for (int i = 0; i < guard->n; i++)
    {
      const struct guard_bound *b = &guard->bound[i];
      int n = b->scalar < 0
              ? snprintf (*out, end - *out, "%c%lld", op[b->op], b->value)
              : snprintf (*out, end - *out, "%cs%d%+lld", op[b->op],
                          b->scalar, b->value);
      if (b->wrap && n >= 0 && n < end - *out)
        n += snprintf (*out + n, end - *out - n, "%%%d", b->wrap);
      if (n < 0 || n >= end - *out)
        return false;
      *out += n;
    }
  return true;
}

/* Appends "@D" and the bounds of each of GUARDS that has some to *OUT,
   within END; false where they do not fit.  */
static bool
print_rest_guards (const struct guard_set *guards, char **out,
                   const char *end)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    if (guards[d].n > 0)
      {
        int n = snprintf (*out, end - *out, "@%d", d);
        if (n < 0 || n >= end - *out)
          return false;
        *out += n;
        if (!print_guard (&guards[d], out, end))
          return false;
      }
  return true;
}

/* Whether rest I of USE adds nothing to another of its rests without
   guards.  */
static bool
rest_within_unguarded (const struct linear_use *use, int i)
{
  static const struct linear_rest none;
  const struct linear_rest *r = &use->rest[i];
  for (int j = 0; j < use->nrests; j++)
    if (j != i && same_guards (&use->rest[j], &none)
        && poly_equal (&use->rest[j].at, &r->at)
        && use->rest[j].lo <= r->lo && r->hi <= use->rest[j].hi)
      return true;
  return false;
}

/* Appends USE to OUT (room up to END) where it is known and fits: " l",
   the monomials of the loop variables' coefficients, then per rest
   "|LO:HI", its monomials and its guards; false where it does not
   fit.  */
static bool
print_linear_as (const struct linear_use *use, char *out, const char *end)
{
  char *p = out;
  if (end - p < 3)
    return false;
  p += sprintf (p, " l");
  bool fits = true;
  for (int d = 0; d < KIR_MAX_DIMS && fits; d++)
    fits = print_monomials (&use->coeff[d], d, &p, end);
  for (int i = 0; i < use->nrests && fits; i++)
    {
      if (rest_within_unguarded (use, i))
        continue;
      int n = snprintf (p, end - p, "|%lld:%lld", use->rest[i].lo,
                        use->rest[i].hi);
      fits = n >= 0 && n < end - p;
      if (fits)
        {
          p += n;
          fits = print_monomials (&use->rest[i].at, -1, &p, end)
                 && print_rest_guards (use->rest[i].guard, &p, end);
        }
    }
  return fits;
}

/* Appends USE to OUT (room up to END): with its rests' guards where
   they fit, else its rests joined without them; false where neither
   fits.  */
static bool
print_linear (const struct linear_use *use, char *out, const char *end)
{
  if (print_linear_as (use, out, end))
    return true;
  struct linear_use *joined = mint_xmalloc (sizeof *joined);
  *joined = *use;
  join_guarded_rests (joined, true);
  bool fits = print_linear_as (joined, out, end);
  free (joined);
  return fits;
}

/* Appends the forms of FORMS to OUT (room up to END) where every access
   has one and all fit, else nothing.  */
static void
print_linear_forms (const struct linear_forms *forms, char *out,
                    const char *end)
{
  char *p = out;
  bool fits = !forms->unknown;
  for (int f = 0; f < forms->n && fits; f++)
    {
      fits = print_linear (&forms->form[f], p, end);
      p += strlen (p);
    }
  if (!fits)
    *out = '\0';
}

/* Whether piece P of AXIS adds nothing to its piece without a guard.  */
static bool
piece_within_unguarded (const struct footprint_axis *axis,
                        const struct footprint_piece *p)
{
  for (int i = 0; i < axis->npieces; i++)
    if (axis->piece[i].guard.n == 0 && p->guard.n > 0
        && axis->piece[i].lo <= p->lo && p->hi <= axis->piece[i].hi)
      return true;
  return false;
}

/* The room of a parallel axis in an item: the three of each of
   FOOTPRINT_FORMS forms, their separators and the item's first letter
   fit STENCIL_FOOTPRINT_ITEM.  */
#define FOOTPRINT_AXIS_ROOM 200

/* Prints the kind and dimension of axis F ('p', 'q') to OUT: " pD",
   and "*F" where its variable's factor is not 1, "/F" where its divisor
   is not.  */
static int
print_dimension (const struct footprint_axis *f, char *out, size_t room)
{
  if (f->divisor != 1)
    return snprintf (out, room, " %c%d/%d", f->kind, f->index, f->divisor);
  if (f->factor == 1)
    return snprintf (out, room, " %c%d", f->kind, f->index);
  return snprintf (out, room, " %c%d*%d", f->kind, f->index, f->factor);
}

/* Appends parallel axis F to OUT (room up to END): " pD:LO:HI" where no
   guard narrows it, else " pD" and per piece ":LO:HI" (the first) or
   "/LO:HI" (the others) and its guard's bounds.  */
static void
print_parallel_axis (const struct footprint_axis *f, char *out,
                     const char *end)
{
  char *p = out;
  int n = print_dimension (f, p, end - p);
  bool fits = n >= 0 && n < end - p, first = true, guarded = false;
  for (int i = 0; i < f->npieces; i++)
    guarded |= f->piece[i].guard.n > 0
               && !piece_within_unguarded (f, &f->piece[i]);
  if (fits)
    p += n;
  for (int i = 0; i < f->npieces && fits && guarded; i++)
    {
      const struct footprint_piece *piece = &f->piece[i];
      if (piece_within_unguarded (f, piece))
        continue;
      n = snprintf (p, end - p, "%c%lld:%lld", first ? ':' : '/', piece->lo,
                    piece->hi);
      fits = n >= 0 && n < end - p;
      first = false;
      if (fits)
        {
          p += n;
          fits = print_guard (&piece->guard, &p, end);
        }
    }
  if (fits && !guarded)
    fits = snprintf (p, end - p, ":%lld:%lld", f->lo, f->hi) < end - p;
  if (!fits)
    {
      n = print_dimension (f, out, end - out);
      snprintf (out + n, end - out - n, ":%lld:%lld", f->lo, f->hi);
    }
}

/* The subscripts of one array's accesses that agree on each axis's form
   (note_subscript), a box of elements the launch can bound; accesses of
   other forms along an axis (u[0][i + ng] beside u[j + ng - 1][i + ng])
   make other such sets, up to FOOTPRINT_FORMS, rather than an axis of
   any index, which the launch cannot check.  */
#define FOOTPRINT_FORMS 4
struct footprint_form
{
  struct footprint_axis sub[KIR_MAX_DIMS];
};

/* Folds the subscripts of ACC, made where GUARDS hold, into FORM unless
   that would make an axis of FORM one of any index (an access of any
   index goes to a form of its own, so that the others stay checked);
   returns whether it did.  FORCE: fold them whatever is lost.  */
static bool
note_access_form (const struct kir_kernel *k, const struct kir_access *acc,
                  const struct guard_set *guards, struct footprint_form *form,
                  bool force)
{
  struct axis_subscript s[KIR_MAX_DIMS];
  bool kept = true;
  for (int i = 0; i < acc->rank; i++)
    {
      s[i] = classify_subscript (k, &acc->index[i]);
      kept &= axis_keeps_form (&form->sub[i], &s[i]);
    }
  if (!kept && !force)
    return false;
  for (int i = 0; i < acc->rank; i++)
    note_subscript (&s[i], guards, &form->sub[i]);
  return true;
}

/* Folds ACC into one of the NFORMS forms of FORM, of an array whose
   axes SEPARATE (not a flat array's, whose one subscript the launch
   reads instead).  */
static void
note_footprint_access (const struct kir_kernel *k,
                       const struct kir_access *acc,
                       const struct guard_set *guards,
                       struct footprint_form *form, int *nforms,
                       bool separate)
{
  for (int f = 0; f < *nforms; f++)
    if (note_access_form (k, acc, guards, &form[f], !separate))
      return;
  if (*nforms < FOOTPRINT_FORMS)
    note_access_form (k, acc, guards, &form[(*nforms)++], true);
  else
    note_access_form (k, acc, guards, &form[0], true);
}

/* Appends the axes of FORM, of array ARR, to OUT: " c:0:0" past its rank,
   else its subscript's form.  */
static char *
print_form (const struct kir_array *arr, const struct footprint_form *form,
            char *out)
{
  /* Axis x is the last subscript; a flat array's one subscript covers
     every axis of its copy.  The axes past an array's rank are element 0
     (a plane of a copy, subscripts.cc, begins there).  */
  for (int axis = 0; axis < KIR_MAX_DIMS; axis++)
    {
      const struct footprint_axis *f
        = axis < arr->rank ? &form->sub[arr->rank - 1 - axis] : NULL;
      if (!arr->flat && !f)
        out += sprintf (out, " c:0:0");
      else if (arr->flat || f->kind == 0 || f->kind == '*')
        out += sprintf (out, " *");
      else if (f->kind == 'c')
        out += sprintf (out, " c:%lld:%lld", f->lo, f->hi);
      else if (f->kind == 'p')
        {
          print_parallel_axis (f, out, out + FOOTPRINT_AXIS_ROOM);
          out += strlen (out);
        }
      else
        {
          if (f->kind == 'q')
            out += print_dimension (f, out, FOOTPRINT_AXIS_ROOM);
          out += sprintf (out, f->kind == 'q' ? "," : " s");
          for (int i = 0; i < f->scalars.n; i++)
            {
              out += sprintf (out, "%s%d", i ? "," : "", f->scalars.index[i]);
              if (f->scalars.coeff[i] != 1)
                out += sprintf (out, "*%d", f->scalars.coeff[i]);
            }
          out += sprintf (out, ":%lld:%lld", f->lo, f->hi);
        }
    }
  return out;
}

/* Whether ARR's accesses have one subscript over its whole copy, which
   the footprint may give as a linear form: a flat array's, and a 1-D
   array's, whose subscript a form of its one axis does not take where it
   holds two loop variables (a[(y + 1) * NX + x] of double a[NX * NY]).  */
static bool
one_subscript (const struct kir_array *arr)
{
  return arr->flat || arr->rank == 1;
}

/* Whether the footprint gives ARR's subscript as a linear form: a flat
   array's, or a 1-D array's where one of its NFORMS forms FORM takes
   any index.  */
static bool
linear_footprint (const struct kir_array *arr,
                  const struct footprint_form *form, int nforms)
{
  bool any = false;
  for (int f = 0; f < nforms && arr->rank == 1; f++)
    any |= form[f].sub[0].kind == '*';
  return arr->flat || any;
}

/* Writes array A's item to OUT (room for STENCIL_FOOTPRINT_ITEM), of the
   accesses every point makes where EVERY_POINT; a flat or 1-D array's
   subscript is expanded by X, where it is not NULL.  Where GUARDS (per block) is
   not NULL, the pieces of a parallel axis come with the bounds on its
   variable under which the accesses run.  */
static void
footprint_item (const struct kir_kernel *k, struct expander *x,
                const struct block_guards *guards, int a, bool every_point,
                char *out)
{
  const struct kir_array *arr = &k->arrays[a];
  struct footprint_form *form = mint_xcalloc (FOOTPRINT_FORMS, sizeof *form);
  int nforms = 0;
  struct linear_forms *linear = mint_xcalloc (1, sizeof *linear);
  char *start = out;

  for (int b = 0; b < k->nblocks; b++)
    {
      if (every_point && !stencil_every_point_runs (k, b))
        continue;
      for (int s = 0; s < k->blocks[b].nstmts; s++)
        {
          const struct kir_stmt *st = &k->blocks[b].stmts[s];
          if ((st->kind != KIR_LOAD && st->kind != KIR_STORE)
              || st->access.array != a)
            continue;
          note_footprint_access (k, &st->access,
                                 guards ? guards[b].dim : NULL, form,
                                 &nforms, !arr->flat);
          struct poly p[KIR_MAX_DIMS];
          if (one_subscript (arr)
              && poly_expand_access (x, &st->access, p) == 1)
            note_linear (k, &p[0], guards ? guards[b].dim : NULL, linear);
          else
            linear->unknown = true;
        }
    }

  out += sprintf (out, "%c", arr->written ? 'w' : 'r');
  out = print_form (arr, &form[0], out);
  for (int f = 1; f < nforms; f++)
    {
      *out++ = '&';
      out = print_form (arr, &form[f], out);
    }
  if (linear_footprint (arr, form, nforms))
    print_linear_forms (linear, out, start + STENCIL_FOOTPRINT_ITEM);
  free (form);
  free (linear);
}

/* ---- accesses the device checks ------------------------------------------ */

/* Whether F is a sum of loop variables and scalars (no other local,
   which the body may set between two uses).  */
static bool
fixed_affine (const struct kir_kernel *k, const struct kir_affine *f)
{
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].var.kind == KIR_OPND_LOCAL
        && kir_dim_of_iv (k, f->terms[t].var.index) < 0)
      return false;
  return true;
}

/* Whether F and G are the same fixed_affine sum.  */
static bool
same_fixed_affine (const struct kir_kernel *k, const struct kir_affine *f,
                   const struct kir_affine *g)
{
  return f->constant == g->constant && kir_affine_same_terms (f, g)
         && fixed_affine (k, f);
}

bool
stencil_fixed_access (const struct kir_kernel *k, const struct kir_access *acc)
{
  for (int i = 0; i < acc->rank; i++)
    if (!fixed_affine (k, &acc->index[i]))
      return false;
  return true;
}

/* Whether the launch checks the accesses every point makes to flat
   array A: its every-point footprint has their one subscript.  */
static bool
flat_every_point_checked (const struct kir_kernel *k, int a)
{
  char *item = mint_xmalloc (STENCIL_FOOTPRINT_ITEM);
  struct expander x;
  poly_expander_init (&x, k);
  footprint_item (k, &x, NULL, a, true, item);
  bool checked = strstr (item, " l") != NULL;
  poly_expander_free (&x);
  free (item);
  return checked;
}

/* Whether ACC of a flat array is one an access every point makes, which
   the launch checks.  */
static bool
flat_access_bounded (const struct kir_kernel *k, const struct kir_access *acc)
{
  for (int b = 0; b < k->nblocks; b++)
    {
      if (!stencil_every_point_runs (k, b))
        continue;
      for (int s = 0; s < k->blocks[b].nstmts; s++)
        {
          const struct kir_stmt *st = &k->blocks[b].stmts[s];
          bool same = (st->kind == KIR_LOAD || st->kind == KIR_STORE)
                      && st->access.array == acc->array;
          for (int i = 0; i < acc->rank && same; i++)
            same = same_fixed_affine (k, &acc->index[i],
                                      &st->access.index[i]);
          if (same)
            return flat_every_point_checked (k, acc->array);
        }
    }
  return false;
}

/* Whether ACC lies, along every axis, in FORM.  */
static bool
access_in_form (const struct kir_kernel *k, const struct kir_access *acc,
                const struct footprint_form *form)
{
  for (int i = 0; i < acc->rank; i++)
    {
      struct axis_subscript s = classify_subscript (k, &acc->index[i]);
      const struct footprint_axis *every = &form->sub[i];
      if (s.kind == '*' || !same_form (every, &s) || s.offset < every->lo
          || s.offset > every->hi)
        return false;
    }
  return true;
}

/* Whether ACC lies, along every axis, in one of the forms of the
   accesses every point makes to its array, each of which the launch
   checks.  */
static bool
access_bounded (const struct kir_kernel *k, const struct kir_access *acc)
{
  const struct kir_array *arr = &k->arrays[acc->array];

  if (arr->flat)
    return flat_access_bounded (k, acc);
  struct footprint_form *form = mint_xcalloc (FOOTPRINT_FORMS, sizeof *form);
  int nforms = 0;
  for (int b = 0; b < k->nblocks; b++)
    {
      if (!stencil_every_point_runs (k, b))
        continue;
      for (int s = 0; s < k->blocks[b].nstmts; s++)
        {
          const struct kir_stmt *st = &k->blocks[b].stmts[s];
          if ((st->kind == KIR_LOAD || st->kind == KIR_STORE)
              && st->access.array == acc->array)
            note_footprint_access (k, &st->access, NULL, form, &nforms,
                                   true);
        }
    }
  bool bounded = false;
  for (int f = 0; f < nforms && !bounded; f++)
    bounded = access_in_form (k, acc, &form[f]);
  free (form);
  return bounded;
}

/* Whether ACC's subscripts take forms the launch checks (for a flat
   array, its one subscript a linear form), by themselves.  */
static bool
access_form_checkable (const struct kir_kernel *k,
                       const struct kir_access *acc)
{
  if (!k->arrays[acc->array].flat)
    {
      for (int i = 0; i < acc->rank; i++)
        if (classify_subscript (k, &acc->index[i]).kind == '*')
          return false;
      return true;
    }
  struct expander x;
  struct poly p[KIR_MAX_DIMS];
  struct linear_forms *linear = mint_xcalloc (1, sizeof *linear);
  poly_expander_init (&x, k);
  bool checkable = poly_expand_access (&x, acc, p) == 1;
  if (checkable)
    note_linear (k, &p[0], NULL, linear);
  checkable &= !linear->unknown;
  poly_expander_free (&x);
  free (linear);
  return checkable;
}

/* Whether A and B, accesses of one array, have subscripts of the same
   terms (their constants aside), and so the same forms.  */
static bool
same_subscript_terms (const struct kir_access *a, const struct kir_access *b)
{
  for (int i = 0; i < a->rank; i++)
    if (!kir_affine_same_terms (&a->index[i], &b->index[i]))
      return false;
  return true;
}

/* Whether the accesses of K's array A have more subscripts of different
   terms than its footprint holds forms (FOOTPRINT_FORMS, a flat array's
   LINEAR_FORMS), so that their forms may not fit; a quick test, the
   forms being no more than those.  */
static bool
array_may_take_more_forms (const struct kir_kernel *k, int a)
{
  const struct kir_access *seen[FOOTPRINT_FORMS];
  int n = 0, most = k->arrays[a].flat ? LINEAR_FORMS : FOOTPRINT_FORMS;
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < k->blocks[b].nstmts; s++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[s];
        if ((st->kind != KIR_LOAD && st->kind != KIR_STORE)
            || st->access.array != a)
          continue;
        int i = 0;
        while (i < n && !same_subscript_terms (seen[i], &st->access))
          i++;
        if (i < n)
          continue;
        if (n == most)
          return true;
        seen[n++] = &st->access;
      }
  return false;
}

/* Whether ACC, which every point makes, is of a form the launch checks
   but the footprint could not hold: its array's accesses take more forms
   than FOOTPRINT_FORMS (LINEAR_FORMS, or more rests, for a flat array),
   which made an axis of one any index.  MORE_FORMS:
   array_may_take_more_forms of its array.  */
static bool
every_point_access_unbounded (const struct kir_kernel *k,
                              const struct kir_access *acc, bool more_forms)
{
  int a = acc->array;
  if (!more_forms || !access_form_checkable (k, acc))
    return false;
  return k->arrays[a].flat ? !flat_every_point_checked (k, a)
                           : !access_bounded (k, acc);
}

/* stencil_access_checked, MORE_FORMS (per array, NULL: not known yet)
   array_may_take_more_forms.  */
static bool
access_checked (const struct kir_kernel *k, int b, const struct kir_stmt *st,
                const bool *more_forms)
{
  if (st->kind != KIR_LOAD && st->kind != KIR_STORE)
    return false;
  if (!stencil_every_point_runs (k, b))
    return !access_bounded (k, &st->access);
  int a = st->access.array;
  return every_point_access_unbounded (k, &st->access,
                                       more_forms
                                       ? more_forms[a]
                                       : array_may_take_more_forms (k, a));
}

bool
stencil_access_checked (const struct kir_kernel *k, int b,
                        const struct kir_stmt *st)
{
  return access_checked (k, b, st, NULL);
}

bool
stencil_has_checks (const struct kir_kernel *k)
{
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  int n = stencil_checked_arrays (k, checked);
  free (checked);
  return n > 0;
}

bool
stencil_checks_may_pass (const struct kir_kernel *k)
{
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  char item[STENCIL_FOOTPRINT_ITEM];
  struct expander x;
  bool bounded = stencil_checked_arrays (k, checked) > 0;
  poly_expander_init (&x, k);
  for (int a = 0; a < k->narrays && bounded; a++)
    if (checked[a] == 'c')
      {
        footprint_item (k, &x, NULL, a, false, item);
        bounded = k->arrays[a].flat ? strstr (item, " l") != NULL
                                    : strstr (item, " *") == NULL;
      }
  poly_expander_free (&x);
  free (checked);
  return bounded;
}

int
stencil_checked_arrays (const struct kir_kernel *k, char *buf)
{
  int n = 0;
  bool *more_forms = mint_xmalloc ((size_t) k->narrays * sizeof *more_forms);
  memset (buf, '-', (size_t) k->narrays);
  buf[k->narrays] = '\0';
  for (int a = 0; a < k->narrays; a++)
    more_forms[a] = array_may_take_more_forms (k, a);
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < k->blocks[b].nstmts; s++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[s];
        if ((st->kind == KIR_LOAD || st->kind == KIR_STORE)
            && buf[st->access.array] == '-'
            && access_checked (k, b, st, more_forms))
          {
            buf[st->access.array] = 'c';
            n++;
          }
      }
  free (more_forms);
  return n;
}

void
stencil_footprint (const struct kir_kernel *k, bool every_point, char *buf)
{
  char *p = buf;
  struct expander x;
  poly_expander_init (&x, k);
  struct block_guards *guards = every_point ? NULL : guards_analyze (&x);

  *p = '\0';
  for (int a = 0; a < k->narrays; a++)
    {
      if (a > 0)
        *p++ = ';';
      footprint_item (k, &x, guards, a, every_point, p);
      p += strlen (p);
    }
  poly_expander_free (&x);
  free (guards);
}
