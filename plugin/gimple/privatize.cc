/* privatize.cc -- the arrays declared outside a loop nest that are
   private to each point (privatize.h).

   The host loops share one such array between the points: a point that
   reads an element the previous point left, or code after the nest that
   reads what the last point left, sees values a kernel (one copy per
   point, which starts undefined and is not copied back) does not have.
   So an array is private to each point where both are proved not to
   happen, element by element:

   - a forward analysis over the blocks from a start (the body's entry,
     or the first block after the nest) gives the elements written on
     every path there: stores with constant subscripts, and at the exit
     of a loop that counts from a constant to a constant (changing its
     variable nowhere else) and leaves only through its condition, the
     elements its stores of every iteration write over all its values
     (`for (l = 0; l < 4; l++) vals[l] = ...');
   - a read is covered where the elements it may read (its subscripts:
     constants, or affine in the variables of the counting loops around
     it) are written, or where a store to the same subscripts of the
     loop variables of loops around both dominates it (`vals[l] = ...;
     ... vals[l]');
   - a read of a recurrence (`cp[k - 1]' in a loop over k that stores
     cp[k] at every iteration) is covered where the elements its first
     iterations read are written on every path into the loop;
   - a read at subscripts mint cannot bound (`vals[x % 4]') is covered
     where all of the array is written; any other use of the array reads
     all of it.

   Only local variables whose address the function does not take are
   private to each point: their names are then all their uses.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "options.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "nest-recognition.h"
#include "body-checks.h"
#include "subscripts.h"
#include "index-form.h"
#include "privatize.h"
#include "trial.h"

/* Bounds the elements a read's subscripts may name.  */
#define MAX_READ_ELEMENTS 4096

/* An element of the array: its subscripts, outermost first; KNOWN is
   false where one is not a subscript_form.  */
struct element_ref
{
  bool known;
  struct subscript_form sub[KIR_MAX_DIMS];
};

/* A store of an element, for the reads it covers in the same
   iteration.  */
struct element_store
{
  gimple *stmt;
  struct element_ref ref;
};

struct coverage
{
  tree decl;
  int rank, extent[KIR_MAX_DIMS], nelems;
  basic_block start;
  sbitmap within;               /* the blocks to follow, or NULL: all */
  auto_vec<basic_block> blocks; /* reachable from START, in reverse
                                   post-order */
  sbitmap reached;
  sbitmap *out;                 /* per block index: written at its end */
  auto_vec<struct element_store> stores;
};

/* Whether REF, in block BB, is an element of C's array (all its
   subscripts); its subscripts into *E.  */
static bool
element_of (const struct coverage *c, tree ref, basic_block bb,
            struct element_ref *e)
{
  tree index[KIR_MAX_DIMS];
  int n = 0;
  for (; TREE_CODE (ref) == ARRAY_REF; ref = TREE_OPERAND (ref, 0))
    {
      if (n == c->rank)
        return false;
      index[n++] = TREE_OPERAND (ref, 1);
    }
  if (ref != c->decl || n != c->rank)
    return false;
  e->known = true;
  for (int i = 0; i < n; i++)
    e->known &= mint_subscript_form_of (index[n - 1 - i], bb, &e->sub[i]);
  return true;
}

/* The values subscript F may take in block BB into VALUES; whether they
   are known.  */
static bool
subscript_values (const struct subscript_form *f, basic_block bb,
                  auto_vec<HOST_WIDE_INT> *values)
{
  if (!f->var)
    {
      values->safe_push (f->constant);
      return true;
    }
  struct mint_loop_dim d;
  if (!mint_counting_loop_of (f->var, bb, &d))
    return false;
  long long n = mint_constant_trip_count (&d);
  if (n > MAX_READ_ELEMENTS)
    return false;
  for (long long i = 0; i < n; i++)
    values->safe_push (f->coeff * (tree_to_shwi (d.init) + i * d.step)
                       + f->constant);
  return true;
}

/* Sets in SET the elements E may name in block BB; whether they are
   known and within the array.  */
static bool
element_set (const struct coverage *c, const struct element_ref *e,
             basic_block bb, sbitmap set)
{
  if (!e->known)
    return false;
  auto_vec<HOST_WIDE_INT> values[KIR_MAX_DIMS];
  long long combinations = 1;
  for (int i = 0; i < c->rank; i++)
    {
      if (!subscript_values (&e->sub[i], bb, &values[i]))
        return false;
      for (HOST_WIDE_INT v : values[i])
        if (v < 0 || v >= c->extent[i])
          return false;
      combinations *= values[i].length ();
      if (combinations > MAX_READ_ELEMENTS)
        return false;
    }
  bitmap_clear (set);
  /* Row-major: element = ((s0 * e1) + s1) * e2 + s2.  */
  for (long long k = 0; k < combinations; k++)
    {
      long long rest = k, element = 0, stride = 1;
      for (int i = c->rank - 1; i >= 0; i--)
        {
          unsigned n = values[i].length ();
          element += values[i][rest % n] * stride;
          stride *= c->extent[i];
          rest /= n;
        }
      bitmap_set_bit (set, element);
    }
  return true;
}

/* The element statement S of block BB stores, if it stores exactly one
   (or all of the array: -2); else -1.  */
static long long
stored_element (const struct coverage *c, gimple *s, basic_block bb)
{
  tree lhs = gimple_get_lhs (s);
  if (!lhs)
    return -1;
  if (lhs == c->decl)
    return -2;
  struct element_ref e;
  if (!element_of (c, lhs, bb, &e) || !e.known)
    return -1;
  long long element = 0;
  for (int i = 0; i < c->rank; i++)
    {
      if (e.sub[i].var || e.sub[i].constant < 0
          || e.sub[i].constant >= c->extent[i])
        return -1;
      element = element * c->extent[i] + e.sub[i].constant;
    }
  return element;
}

/* Adds to SET what S of block BB writes for certain.  */
static void
add_store (const struct coverage *c, gimple *s, basic_block bb, sbitmap set)
{
  long long element = stored_element (c, s, bb);
  if (element == -2)
    bitmap_ones (set);
  else if (element >= 0)
    bitmap_set_bit (set, element);
}

/* Whether loop L lies in C's blocks, does not hold C's start, and runs
   all of its iterations, a constant number of at least one, whenever it
   leaves by edge E: its only exit, from its condition.  */
static bool
complete_loop_exit_p (const struct coverage *c, class loop *l, edge e,
                      struct mint_loop_dim *d)
{
  if (e->src != l->header || flow_bb_inside_loop_p (l, c->start)
      || !bitmap_bit_p (c->reached, l->header->index)
      || !mint_constant_loop (l, d) || mint_constant_trip_count (d) <= 0)
    return false;
  auto_vec<edge> exits = get_loop_exit_edges (l);
  return exits.length () == 1 && exits[0] == e;
}

/* Adds to SET the elements the store to REF in BB writes over the
   iterations of the loop of D, where each subscript's value at each
   value of D->iv is known (mint_subscript_value_at: `m[k / 3][k % 3]'
   for k from 0 to 8); whether they are.  */
static bool
add_evaluated_sweep (const struct coverage *c, tree ref, basic_block bb,
                     const struct mint_loop_dim *d, sbitmap set)
{
  tree index[KIR_MAX_DIMS];
  int n = 0;
  for (; TREE_CODE (ref) == ARRAY_REF && n < c->rank;
       ref = TREE_OPERAND (ref, 0))
    index[n++] = TREE_OPERAND (ref, 1);
  long long count = mint_constant_trip_count (d);
  if (ref != c->decl || n != c->rank || count > MAX_READ_ELEMENTS
      || !tree_fits_shwi_p (d->init))
    return false;
  auto_sbitmap elements (c->nelems);
  bitmap_clear (elements);
  for (long long i = 0; i < count; i++)
    {
      HOST_WIDE_INT value = tree_to_shwi (d->init) + i * d->step;
      long long element = 0;
      for (int k = 0; k < c->rank; k++)
        {
          HOST_WIDE_INT s;
          if (!mint_subscript_value_at (index[n - 1 - k], bb, d->iv, value,
                                        &s)
              || s < 0 || s >= c->extent[k])
            return false;
          element = element * c->extent[k] + s;
        }
      bitmap_set_bit (elements, element);
    }
  bitmap_ior (set, set, elements);
  return true;
}

/* Adds to SET the elements loop L (of variable D->iv) writes at every
   iteration over all of them: stores in the blocks that run at every
   iteration, with one subscript of D->iv and the others constants, or
   whose subscripts' values at each iteration are known
   (add_evaluated_sweep), before the increment.  */
static void
add_sweep (const struct coverage *c, class loop *l,
           const struct mint_loop_dim *d, sbitmap set)
{
  basic_block *bbs = get_loop_body (l);
  auto_sbitmap elements (c->nelems);
  for (unsigned i = 0; i < l->num_nodes; i++)
    {
      if (!dominated_by_p (CDI_DOMINATORS, l->latch, bbs[i]))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
           !gsi_end_p (gsi) && gsi_stmt (gsi) != d->increment; gsi_next (&gsi))
        {
          tree lhs = gimple_get_lhs (gsi_stmt (gsi));
          struct element_ref e;
          int uses = 0;
          bool other_var = false;
          if (!lhs || !element_of (c, lhs, bbs[i], &e))
            continue;
          if (!e.known)
            {
              add_evaluated_sweep (c, lhs, bbs[i], d, set);
              continue;
            }
          for (int k = 0; k < c->rank; k++)
            {
              other_var |= e.sub[k].var && e.sub[k].var != d->iv;
              uses += e.sub[k].var == d->iv;
            }
          /* In two subscripts (`w[l][l]') the variable names fewer
             elements than element_set's product of their values.  */
          if (!other_var && uses <= 1
              && element_set (c, &e, bbs[i], elements))
            bitmap_ior (set, set, elements);
        }
    }
  free (bbs);
}

/* What edge E adds to the elements written: where it leaves complete
   loops, what their last iteration left and what every iteration
   writes.  */
static void
add_edge_writes (const struct coverage *c, edge e, sbitmap set)
{
  for (class loop *l = e->src->loop_father; l && loop_outer (l);
       l = loop_outer (l))
    {
      struct mint_loop_dim d;
      if (flow_bb_inside_loop_p (l, e->dest))
        break;
      if (!complete_loop_exit_p (c, l, e, &d))
        continue;
      bitmap_ior (set, set, c->out[l->latch->index]);
      add_sweep (c, l, &d, set);
    }
}

/* Collects the blocks reachable from C's start (within its blocks), in
   reverse post-order.  */
static void
collect_blocks (struct coverage *c)
{
  bitmap_clear (c->reached);
  auto_vec<basic_block> work;
  work.safe_push (c->start);
  bitmap_set_bit (c->reached, c->start->index);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      for (edge e : bb->succs)
        if (e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun)
            && !bitmap_bit_p (c->reached, e->dest->index)
            && (!c->within || bitmap_bit_p (c->within, e->dest->index)))
          {
            bitmap_set_bit (c->reached, e->dest->index);
            work.safe_push (e->dest);
          }
    }
  int *order = XNEWVEC (int, n_basic_blocks_for_fn (cfun));
  int n = pre_and_rev_post_order_compute (NULL, order, false);
  for (int i = 0; i < n; i++)
    if (bitmap_bit_p (c->reached, order[i]))
      c->blocks.safe_push (BASIC_BLOCK_FOR_FN (cfun, order[i]));
  XDELETEVEC (order);
}

/* The elements written on every path from C's start to the beginning of
   BB into SET, from the current OUT sets.  */
static void
written_at_entry (const struct coverage *c, basic_block bb, sbitmap set)
{
  if (bb == c->start)
    {
      bitmap_clear (set);
      return;
    }
  auto_sbitmap from (c->nelems);
  bitmap_ones (set);
  for (edge e : bb->preds)
    if (e->src != ENTRY_BLOCK_PTR_FOR_FN (cfun)
        && bitmap_bit_p (c->reached, e->src->index))
      {
        bitmap_copy (from, c->out[e->src->index]);
        add_edge_writes (c, e, from);
        bitmap_and (set, set, from);
      }
}

/* Computes the elements written on every path to the end of each block
   (C->out) up to the fixed point.  */
static void
solve (struct coverage *c)
{
  auto_sbitmap in (c->nelems);
  for (basic_block bb : c->blocks)
    bitmap_ones (c->out[bb->index]);
  for (bool changed = true; changed;)
    {
      changed = false;
      for (basic_block bb : c->blocks)
        {
          written_at_entry (c, bb, in);
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            add_store (c, gsi_stmt (gsi), bb, in);
          if (!bitmap_equal_p (in, c->out[bb->index]))
            {
              bitmap_copy (c->out[bb->index], in);
              changed = true;
            }
        }
    }
}

/* Whether a store of C's seen so far writes the element E that S of
   block BB reads in the same iteration of the loops of E's variables:
   it dominates S, those loops hold both, and none of their increments
   comes between.  */
static bool
stored_in_iteration (const struct coverage *c, gimple *s, basic_block bb,
                     const struct element_ref *e)
{
  if (!e->known)
    return false;
  for (const struct element_store &st : c->stores)
    {
      basic_block sb = gimple_bb (st.stmt);
      bool same = st.ref.known;
      for (int i = 0; i < c->rank && same; i++)
        same = st.ref.sub[i].var == e->sub[i].var
               && st.ref.sub[i].coeff == e->sub[i].coeff
               && st.ref.sub[i].constant == e->sub[i].constant;
      if (!same || (sb != bb && !dominated_by_p (CDI_DOMINATORS, bb, sb)))
        continue;
      for (int i = 0; i < c->rank && same; i++)
        {
          struct mint_loop_dim d;
          if (!e->sub[i].var)
            continue;
          same = mint_counting_loop_of (e->sub[i].var, bb, &d)
                 && flow_bb_inside_loop_p (d.loop, sb);
          if (same && gimple_bb (d.increment) == bb)
            for (gimple_stmt_iterator gsi = gsi_for_stmt (d.increment);
                 !gsi_end_p (gsi) && same; gsi_next (&gsi))
              same = gsi_stmt (gsi) != s;
        }
      if (same)
        return true;
    }
  return false;
}

/* The elements of C's array written on every path into loop L into SET;
   whether there is a way in.  */
static bool
written_into_loop (const struct coverage *c, class loop *l, sbitmap set)
{
  auto_sbitmap from (c->nelems);
  bool any = false;
  bitmap_ones (set);
  for (edge e : l->header->preds)
    if (!flow_bb_inside_loop_p (l, e->src)
        && e->src != ENTRY_BLOCK_PTR_FOR_FN (cfun)
        && bitmap_bit_p (c->reached, e->src->index))
      {
        bitmap_copy (from, c->out[e->src->index]);
        add_edge_writes (c, e, from);
        bitmap_and (set, set, from);
        any = true;
      }
  return any;
}

/* The store of every iteration of loop L (of variable D->iv) to the
   element of E's subscripts but for the one of D->iv, V, which it stores
   at the same multiple of D->iv plus a constant, into *STORED; whether
   there is one.  */
static bool
store_every_iteration (const struct coverage *c, const struct element_ref *e,
                       int v, const struct mint_loop_dim *d,
                       HOST_WIDE_INT *stored)
{
  class loop *l = d->loop;
  basic_block *bbs = get_loop_body (l);
  bool found = false;
  for (unsigned i = 0; i < l->num_nodes && !found; i++)
    {
      if (!dominated_by_p (CDI_DOMINATORS, l->latch, bbs[i]))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
           !gsi_end_p (gsi) && gsi_stmt (gsi) != d->increment && !found;
           gsi_next (&gsi))
        {
          tree lhs = gimple_get_lhs (gsi_stmt (gsi));
          struct element_ref st;
          if (!lhs || !element_of (c, lhs, bbs[i], &st) || !st.known)
            continue;
          bool same = true;
          for (int k = 0; k < c->rank && same; k++)
            same = st.sub[k].var == e->sub[k].var
                   && st.sub[k].coeff == e->sub[k].coeff
                   && (k == v || st.sub[k].constant == e->sub[k].constant);
          if (same)
            {
              *stored = st.sub[v].constant;
              found = true;
            }
        }
    }
  free (bbs);
  return found;
}

/* Whether the element E that block BB reads, at one subscript A * K + R
   of the variable K of a counting loop around BB and constants, was set
   by an earlier iteration or before the loop: every iteration stores the
   element at A * K + S, J = (S - R) / (A * step) iterations ahead, and
   the first J iterations read elements written on every path into the
   loop (`cp[0] = 0; for (k = 1; k < n; k++) cp[k] = f (cp[k - 1]);', a
   recurrence of a line solve).  */
static bool
stored_earlier_iteration (const struct coverage *c,
                          const struct element_ref *e, basic_block bb)
{
  int v = -1;
  for (int i = 0; i < c->rank && e->known; i++)
    if (e->sub[i].var)
      {
        if (v >= 0)
          return false;
        v = i;
      }
  struct mint_loop_dim d;
  HOST_WIDE_INT stored = 0;
  if (v < 0 || !mint_counting_loop_of (e->sub[v].var, bb, &d)
      || flow_bb_inside_loop_p (d.loop, c->start)
      || !store_every_iteration (c, e, v, &d, &stored))
    return false;
  HOST_WIDE_INT a = e->sub[v].coeff, r = e->sub[v].constant;
  HOST_WIDE_INT ahead = a * d.step;
  if ((stored - r) % ahead != 0 || (stored - r) / ahead < 1
      || (stored - r) / ahead > MAX_READ_ELEMENTS)
    return false;
  auto_sbitmap into (c->nelems);
  if (!written_into_loop (c, d.loop, into))
    return false;
  struct element_ref first = *e;
  first.sub[v].var = NULL_TREE;
  auto_sbitmap element (c->nelems);
  for (HOST_WIDE_INT j = 0; j < (stored - r) / ahead; j++)
    {
      first.sub[v].constant = a * (tree_to_shwi (d.init) + j * d.step) + r;
      if (!element_set (c, &first, bb, element)
          || !bitmap_subset_p (element, into))
        return false;
    }
  return true;
}

/* Whether the operand OP of S (in block BB) reads only elements of C's
   array that are in WRITTEN or that the same iteration stored.  */
static bool
read_covered (const struct coverage *c, tree op, gimple *s, basic_block bb,
              const_sbitmap written)
{
  if (!walk_tree_without_duplicates (&op, mint_mentions_cb, c->decl))
    return true;
  struct element_ref e;
  if (!element_of (c, op, bb, &e))
    return bitmap_count_bits (written) == (unsigned) c->nelems;
  /* Subscripts of unknown values name elements within the array.  */
  auto_sbitmap read (c->nelems);
  if (element_set (c, &e, bb, read) ? bitmap_subset_p (read, written)
      : bitmap_count_bits (written) == (unsigned) c->nelems)
    return true;
  return stored_in_iteration (c, s, bb, &e)
         || stored_earlier_iteration (c, &e, bb);
}

/* Whether statement S of block BB reads elements of C's array that
   WRITTEN does not hold and no store of the same iteration wrote.  */
static bool
uncovered_read_p (const struct coverage *c, gimple *s, basic_block bb,
                  const_sbitmap written)
{
  tree lhs = gimple_get_lhs (s);
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      struct element_ref e;
      if (!op || (op == lhs && (lhs == c->decl
                                || element_of (c, lhs, bb, &e))))
        continue;
      if (!read_covered (c, op, s, bb, written))
        return true;
    }
  return false;
}

/* The first statement from C's start that reads an element of C's array
   no path there has written, or NULL.  */
static gimple *
first_uncovered_read (struct coverage *c)
{
  c->reached = sbitmap_alloc (last_basic_block_for_fn (cfun));
  c->out = XNEWVEC (sbitmap, last_basic_block_for_fn (cfun));
  collect_blocks (c);
  for (basic_block bb : c->blocks)
    c->out[bb->index] = sbitmap_alloc (c->nelems);
  solve (c);
  gimple *found = NULL;
  auto_sbitmap written (c->nelems);
  for (unsigned b = 0; b < c->blocks.length () && !found; b++)
    {
      basic_block bb = c->blocks[b];
      written_at_entry (c, bb, written);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           !gsi_end_p (gsi) && !found; gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s))
            continue;
          if (uncovered_read_p (c, s, bb, written))
            found = s;
          add_store (c, s, bb, written);
          struct element_ref e;
          tree lhs = gimple_get_lhs (s);
          if (lhs && element_of (c, lhs, bb, &e))
            c->stores.safe_push ({ s, e });
        }
    }
  for (basic_block bb : c->blocks)
    sbitmap_free (c->out[bb->index]);
  XDELETEVEC (c->out);
  sbitmap_free (c->reached);
  return found;
}

/* The coverage of array DECL, which mint_private_problem accepts, from
   START through the blocks WITHIN (NULL: all).  */
static void
init_coverage (struct coverage *c, tree decl, basic_block start,
               sbitmap within)
{
  tree elem;
  c->decl = decl;
  mint_private_problem (decl, &elem, c->extent, &c->rank);
  c->nelems = 1;
  for (int i = 0; i < c->rank; i++)
    c->nelems *= c->extent[i];
  c->start = start;
  c->within = within;
}

/* The first read of array DECL by a point of CX's nest of elements the
   point has not set, or NULL.  */
static gimple *
first_read_in_point (struct extract_ctx *cx, tree decl)
{
  struct coverage c;
  init_coverage (&c, decl, mint_body_entry (cx), cx->body_bbs);
  return first_uncovered_read (&c);
}

/* The first read after CX's nest of elements of array DECL that the
   program has not set since, or NULL.  */
static gimple *
first_read_after_nest (struct extract_ctx *cx, tree decl)
{
  auto_vec<edge> exits = get_loop_exit_edges (cx->nest->dims[0].loop);
  struct coverage c;
  init_coverage (&c, decl, exits[0]->dest, NULL);
  return first_uncovered_read (&c);
}

/* A walk_tree callback: adds to the vector DATA the arrays declared
   outside the nest, each once.  */
struct outer_arrays
{
  struct extract_ctx *cx;
  auto_vec<tree> found;
};

static tree
collect_outer_array_cb (tree *tp, int *, void *data)
{
  struct outer_arrays *oa = (struct outer_arrays *) data;
  tree t = *tp;
  if (VAR_P (t) && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE
      && mint_declared_outside (oa->cx, t) && !oa->found.contains (t))
    oa->found.safe_push (t);
  return NULL_TREE;
}

/* Whether each point of CX's nest can have its own copy of the array
   DECL where it sets each element before reading it: an array of a
   constant size of elements the device holds, a local variable whose
   address is not taken (so its names are all its uses), not copied to
   the device.  */
static bool
privatizable_array_p (struct extract_ctx *cx, tree decl)
{
  tree elem;
  int extent[KIR_MAX_DIMS], rank;
  return !mint_private_problem (decl, &elem, extent, &rank)
         && !is_global_var (decl) && !TREE_THIS_VOLATILE (decl)
         && !mint_copy_of (cx, decl) && !mint_address_taken_p (decl);
}

/* Checks the array P of a private clause of CX's nest.  */
static bool
check_private_clause_array (struct extract_ctx *cx,
                            const struct mint_clause_var *p)
{
  tree elem;
  int extent[KIR_MAX_DIMS], rank;
  if (const char *why = mint_private_problem (p->var, &elem, extent, &rank))
    {
      error_at (p->loc, "mint: the private array %qD %s; it cannot be "
                "private to a point", p->var, why);
      return false;
    }
  if (mint_copy_of (cx, p->var))
    {
      error_at (p->loc, "mint: %qD is copied to the device; it cannot also "
                "be private to each point", p->var);
      return false;
    }
  gimple *read = first_read_in_point (cx, p->var);
  bool in_body = read != NULL;
  if (!read)
    read = first_read_after_nest (cx, p->var);
  if (read)
    {
      mint_report_carried_read (cx, p->var, read, in_body);
      return false;
    }
  cx->private_arrays.add (p->var);
  return true;
}

/* Makes the array DECL, which CX's body uses without a clause, private
   to each point where that keeps the program's answer.  */
static void
find_private (struct extract_ctx *cx, tree decl)
{
  if (!privatizable_array_p (cx, decl) || first_read_in_point (cx, decl))
    return;
  if (gimple *read = first_read_after_nest (cx, decl))
    {
      cx->live_private_arrays.put (decl, mint_stmt_location (read,
                                                              UNKNOWN_LOCATION));
      return;
    }
  cx->private_arrays.add (decl);
  if (mint_options.verbose)
    inform (cx->nest->dir->loc, "mint: %qD is private to each point", decl);
}

bool
mint_find_private_arrays (struct extract_ctx *cx)
{
  const struct mint_directive *dir = cx->nest->dir;
  bool ok = true;
  for (int i = 0; i < dir->nprivates; i++)
    {
      const struct mint_clause_var *p = &dir->privates[i];
      if (mint_address_taken_p (p->var))
        {
          error_at (p->loc, "mint: the address of private %qD is taken, so "
                    "its uses after the loop nest cannot be followed",
                    p->var);
          ok = false;
        }
      else if (TREE_CODE (TREE_TYPE (p->var)) == ARRAY_TYPE)
        ok &= check_private_clause_array (cx, p);
    }

  struct outer_arrays oa;
  oa.cx = cx;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    if (mint_in_body (cx, bb))
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        for (unsigned i = 0; i < gimple_num_ops (gsi_stmt (gsi)); i++)
          if (tree op = gimple_op (gsi_stmt (gsi), i))
            walk_tree_without_duplicates (&op, collect_outer_array_cb, &oa);
  for (tree decl : oa.found)
    if (!mint_private_clause_p (dir, decl))
      find_private (cx, decl);
  return ok;
}
