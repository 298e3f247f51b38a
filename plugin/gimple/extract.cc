/* extract.cc -- a `#pragma mint for` loop nest in GIMPLE -> Kernel IR and
   its plan (extract.h).  The recipe: find the nest and its loops
   (nest-recognition.h), check the body (body-checks.h), translate it
   (translate.h, with its array accesses resolved by subscripts.h), finish
   the kernel IR, and plan the kernel (plan.h).  A structure member the
   body only reads is passed by value, like a variable
   (extract-context.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "delinearize.h"
#include "unroll.h"
#include "dependence.h"
#include "plan.h"
#include "directive.h"
#include "options.h"
#include "mint/mintrt.h"
#include "device-type.h"
#include "nest.h"
#include "member.h"
#include "extract-context.h"
#include "nest-recognition.h"
#include "body-checks.h"
#include "subscripts.h"
#include "translate.h"
#include "privatize.h"
#include "extract.h"
#include "dim-order.h"
#include "trial.h"

/* The kernel names of the unit.  */
static hash_set<nofree_string_hash> *used_names;

void
mint_claim_kernel_name (const char *name)
{
  if (!used_names)
    used_names = new hash_set<nofree_string_hash>;
  used_names->add (xstrdup (name));
}

/* Kernel name: mint_<function>_<line>, unique among the names claimed
   (mint_claim_kernel_name) in the unit.  */
static char *
kernel_name (struct mint_nest *n)
{
  const char *fn = IDENTIFIER_POINTER (DECL_NAME (n->fun->decl));
  int line = LOCATION_LINE (n->dir->loc);
  char *name = xasprintf ("mint_%s_%d", fn, line);
  for (int i = 2; used_names && used_names->contains (name); i++)
    {
      free (name);
      name = xasprintf ("mint_%s_%d_%d", fn, line, i);
    }
  return name;
}

/* Who chooses the launch shape of DIR's kernel: mint, among variants
   timed at run time, for tile(auto) or chunksize(auto) and for a `for'
   with neither clause at levels 3 and 4 (level 4's single steps); mint
   at compile time with -fplugin-arg-mint-autotune=off (the candidate
   plan-tune.h puts first, for auto; the defaults, for no clause).  */
static enum kir_shape_choice
shape_choice (const struct mint_directive *dir)
{
  bool given = dir->tile[0] || dir->tile[1] || dir->tile[2]
               || dir->chunk[0] || dir->chunk[1] || dir->chunk[2];
  if (dir->tile_auto || dir->chunk_auto)
    return mint_options.autotune ? KIR_SHAPE_TUNED : KIR_SHAPE_CHOSEN;
  if (!given && mint_options.opt_level >= 3 && mint_options.autotune)
    return KIR_SHAPE_TUNED;
  return KIR_SHAPE_GIVEN;
}

/* Warns where DIR's tile or chunksize clause gives sizes for more
   dimensions than the NDIMS of its parallel loop nest (tile(32, 8) on a
   `for' without nest(all)), which the kernel would drop unsaid.  */
static void
warn_dropped_sizes (const struct mint_directive *dir, int ndims)
{
  for (int c = 0; c < 2; c++)
    {
      const int *sizes = c ? dir->chunk : dir->tile;
      int given = 0;
      for (int d = 0; d < 3; d++)
        if (sizes[d])
          given = d + 1;
      if (given <= ndims)
        continue;
      auto_diagnostic_group group;
      if (warning_at (dir->clause_loc[1 + c], 0, "mint: %qs gives sizes "
                      "for %d dimensions, but the parallel loop nest has %d: "
                      "those past the first %d are ignored",
                      c ? "chunksize" : "tile", given, ndims, ndims)
          && dir->for_depth > ndims)
        inform (dir->loc, "%<nest(%d)%> makes the directive parallelize "
                "%d of the %d loops nested here",
                MIN (given, dir->for_depth), MIN (given, dir->for_depth),
                dir->for_depth);
    }
}

/* Fills the kernel's dimensions, tile and chunk from the directive and the
   defaults, and checks what the front end could not: the sizes of the
   dimensions the clauses leave to the defaults.  */
static bool
set_launch_shape (struct extract_ctx *cx)
{
  const struct mint_directive *dir = cx->nest->dir;
  static const int default_tile[KIR_MAX_DIMS]
    = { MINT_DEFAULT_TILE_X, MINT_DEFAULT_TILE_Y, MINT_DEFAULT_TILE_Z };
  struct kir_kernel *k = cx->k;
  k->ndims = cx->nest->depth;
  warn_dropped_sizes (dir, k->ndims);
  k->nowait = dir->nowait;
  k->independent = dir->independent;
  k->opt_level = mint_options.opt_level;
  k->exact_level = mint_options.exact_level;
  k->shape_choice = shape_choice (dir);
  k->runtime_choice = mint_options.autotune;
  for (int d = 0; d < k->ndims; d++)
    {
      k->tile[d] = dir->tile[d] ? dir->tile[d] : default_tile[d];
      k->chunk[d] = dir->chunk[d] ? dir->chunk[d] : MINT_DEFAULT_CHUNK;
    }
  long long threads = 1;
  for (int d = 0; d < k->ndims; d++)
    {
      if (k->tile[d] % k->chunk[d] != 0)
        {
          error_at (dir->chunk[d] ? dir->clause_loc[2] : dir->loc,
                    "mint: tile size %d in %c%s is not a multiple of "
                    "chunksize %d", k->tile[d], "xyz"[d],
                    dir->tile[d] ? "" : " (the default)", k->chunk[d]);
          return false;
        }
      threads *= k->tile[d] / k->chunk[d];
    }
  if (threads > MINT_MAX_THREADS_PER_BLOCK)
    {
      error_at (dir->loc, "mint: the thread block of this loop nest has "
                "%lld threads (tile / chunksize, with the defaults of the "
                "dimensions not given); at most %d are possible", threads,
                MINT_MAX_THREADS_PER_BLOCK);
      return false;
    }
  return true;
}

/* The least value of each scalar of the kernel that a loop around the
   nest counts between constants (RANGES: the colour of a red-black
   sweep): the dependence analysis bounds distances with it.  */
static void
note_scalar_bounds (struct extract_ctx *cx,
                    const vec<struct mint_var_range> &ranges)
{
  const struct mint_nest *n = cx->nest;
  for (const struct mint_var_range &r : ranges)
    for (unsigned i = 0; i < n->scalars.length (); i++)
      if (mint_same_object (n->scalars[i], r.var))
        {
          cx->k->scalars[i].has_least = 1;
          cx->k->scalars[i].least = r.least;
        }
}

/* Whether VALUE, the sum that scalar S holds (note_scalar_values), may
   be negative where S is unsigned and narrower than the kernel's 64-bit
   subscripts: `unsigned off = -1u' or `= n - 2' holds 2^32 less the
   sum, which the kernel adds zero-extended, so that the analyses' sum
   (and the launch's check of the footprint) would not be what the
   kernel reads.  */
static bool
may_wrap_below_zero (tree s, const struct kir_sum *value)
{
  tree type = TREE_TYPE (s);
  if (!TYPE_UNSIGNED (type) || TYPE_PRECISION (type) >= 64)
    return false;
  for (int i = 0; i < value->nproducts; i++)
    if (value->products[i].coeff < 0)
      return true;
  return false;
}

/* Whether V, a variable or structure member in the value that scalar S
   holds at the nest, keeps that value in the nest: a variable the nest
   does not assign, or a member the body reads as a scalar of the kernel
   (one no store of the nest changes, mint_member_value), so that both
   are the launch's.  */
static bool
invariant_operand_p (struct extract_ctx *cx, tree v, tree s)
{
  if (TREE_CODE (v) != COMPONENT_REF)
    return !cx->nest_written.contains (v) && v != s;
  for (tree t : cx->nest->scalars)
    if (mint_same_object (t, v))
      return true;
  return false;
}

/* Records the value that each integer variable among the kernel's
   scalars holds at the nest where that is a sum of products of variables
   that the nest does not assign, with a product of two (int nxy = nx *
   ny), another such variable (sy = nx), a member the body reads (nx =
   s->nx beside s->nx in a subscript) or a constant (ld = (nx + 7) & ~7
   where nx = 61): those variables become scalars too, and the dependence
   analysis reads k * nxy + j * nx + i as the grid it is.  */
static void
note_scalar_values (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  unsigned count = n->scalars.length ();
  auto_vec<tree> vars;
  for (unsigned i = 0; i < count && cx->ok; i++)
    {
      tree s = n->scalars[i];
      tree value = VAR_P (s) && INTEGRAL_TYPE_P (TREE_TYPE (s))
                   ? mint_scalar_held_sum (s, n->marker, &vars) : NULL_TREE;
      bool invariant = value != NULL_TREE;
      for (tree v : vars)
        invariant &= invariant_operand_p (cx, v, s);
      if (!invariant)
        continue;
      for (tree v : vars)
        if (mint_scalar_for (cx, v, n->dir->loc) < 0)
          return;
      struct kir_scalar *sc = &cx->k->scalars[i];
      sc->has_value = mint_scalar_value (value, n->scalars, i, &sc->value)
                      && !may_wrap_below_zero (s, &sc->value);
    }
}

/* The kernel-IR reduction of the clause variable R.  */
static void
add_reduction (struct extract_ctx *cx, const struct mint_clause_var *r)
{
  static const struct { int letter; enum kir_reduction_op op; } ops[] = {
    { MINT_RED_ADD, KIR_RED_ADD }, { MINT_RED_MUL, KIR_RED_MUL },
    { MINT_RED_MIN, KIR_RED_MIN }, { MINT_RED_MAX, KIR_RED_MAX }
  };
  int red = -1;
  for (auto &o : ops)
    if (o.letter == r->op)
      red = kir_add_reduction (cx->k, mint_local_for (cx, r->var), o.op);
  cx->body_private.add (r->var);
  cx->nest->reductions.safe_push (r->var);
  /* A narrow variable's accumulator is an int or an unsigned.  */
  tree acc = TREE_TYPE (r->var);
  enum kir_type t = kir_reduction_type (cx->k, red);
  if (t != mint_kir_type (acc))
    acc = t == KIR_I32 ? integer_type_node : unsigned_type_node;
  cx->nest->accumulator_types.safe_push (acc);
}

static bool
build_kernel (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  char *name = kernel_name (n);
  cx->k = kir_kernel_new (name, mint_source_file (n->dir->loc),
                          LOCATION_LINE (n->dir->loc));
  free (name);
  n->kernel = cx->k;
  if (!set_launch_shape (cx))
    return false;

  /* dims[0] of the kernel IR is x, the innermost parallel loop, until
     mint_order_dims.  */
  for (int i = 0; i < n->depth; i++)
    {
      n->kir_order[i] = n->depth - 1 - i;
      struct mint_loop_dim *d = &n->dims[n->kir_order[i]];
      HOST_WIDE_INT step = d->step < 0 ? -d->step : d->step;
      kir_set_dim (cx->k, i, mint_local_for (cx, d->iv), step);
      cx->k->dims[i].count = mint_constant_trip_count (d);
    }
  for (int i = 0; i < n->dir->nreductions; i++)
    add_reduction (cx, &n->dir->reductions[i]);

  /* Block 0 is the body's entry; going back to the header ends the
     point.  */
  basic_block entry = mint_body_entry (cx);
  basic_block *dom = get_loop_body_in_dom_order (cx->body_loop);
  auto_vec<basic_block> body;
  body.safe_push (entry);
  for (unsigned i = 0; i < cx->body_loop->num_nodes; i++)
    if (mint_in_body (cx, dom[i]) && dom[i] != entry)
      body.safe_push (dom[i]);
  free (dom);
  basic_block *bbs = body.address ();
  unsigned nbbs = body.length ();

  mint_mark_needed (cx, bbs, nbbs);
  /* A plane array's first subscript is computed on the host.  */
  if (cx->ok && mint_choose_plane_arrays (cx))
    {
      cx->needed.empty ();
      mint_mark_needed (cx, bbs, nbbs);
    }
  if (cx->ok)
    {
      cx->block_of = XNEWVEC (int, last_basic_block_for_fn (n->fun));
      for (int i = 0; i < last_basic_block_for_fn (n->fun); i++)
        cx->block_of[i] = -1;
      for (unsigned i = 0; i < nbbs; i++)
        cx->block_of[bbs[i]->index] = kir_add_block (cx->k);
      int next = kir_add_block (cx->k);
      kir_set_next (cx->k, next);
      cx->block_of[cx->body_loop->header->index] = next;
      mint_translate_body (cx, bbs, nbbs);
      XDELETEVEC (cx->block_of);
      mint_guard_starts (cx);
    }
  if (cx->ok)
    note_scalar_values (cx);
  /* The spans are over the scalars the body uses, known now.  */
  auto_vec<struct mint_var_range> ranges;
  mint_outer_ranges (n->dims[0].loop, &ranges);
  for (int i = 0; i < n->depth; i++)
    {
      const struct mint_loop_dim *d = &n->dims[n->kir_order[i]];
      struct kir_sum spans[2] = {};
      int nspans = mint_loop_span (d, n->scalars, ranges, n->marker, spans);
      cx->k->dims[i].has_span = nspans > 0;
      cx->k->dims[i].span = spans[0];
      cx->k->dims[i].has_other_span = nspans > 1;
      cx->k->dims[i].other_span = spans[1];
      cx->k->dims[i].has_start = mint_loop_start (d, n->scalars, n->marker,
                                                  &cx->k->dims[i].start);
    }
  note_scalar_bounds (cx, ranges);
  return cx->ok;
}

static bool extract (struct extract_ctx *);

bool
mint_extract_nest (struct mint_nest *nest,
                   const vec<const struct mint_directive *> &copies)
{
  struct extract_ctx cx;
  cx.nest = nest;
  cx.copies = &copies;
  cx.k = NULL;
  cx.block_of = NULL;
  cx.cur = 0;
  cx.outer_ivs = 0;
  cx.ok = true;
  cx.nest_bbs = sbitmap_alloc (last_basic_block_for_fn (nest->fun));
  cx.body_bbs = sbitmap_alloc (last_basic_block_for_fn (nest->fun));
  bitmap_clear (cx.nest_bbs);
  bitmap_clear (cx.body_bbs);
  nest->kernel = NULL;
  nest->plan = NULL;
  /* A trial's (deepen.h) extraction before this one may have filled
     them.  */
  nest->arrays.truncate (0);
  nest->scalars.truncate (0);
  nest->reductions.truncate (0);
  nest->accumulator_types.truncate (0);
  bool ok = extract (&cx);
  sbitmap_free (cx.nest_bbs);
  sbitmap_free (cx.body_bbs);
  return ok;
}

/* mint_extract_nest's work, on an initialized context.  */
static bool
extract (struct extract_ctx *cx)
{
  struct mint_nest *nest = cx->nest;

  if (!mint_find_nest (cx))
    return false;
  mint_collect_nest_writes (cx);
  for (int i = 0; i < nest->depth; i++)
    {
      if (!mint_analyze_loop (cx, nest->dims[i].loop, &nest->dims[i]))
        return false;
      nest->dims[i].declared_outside
        = mint_declared_outside (cx, nest->dims[i].iv);
      if (nest->dims[i].start && nest->dims[i].declared_outside)
        {
          /* Its value after the nest depends on the last outer point.  */
          error_at (mint_stmt_location (nest->dims[i].start_stmt,
                                        nest->dir->loc),
                    "mint: the start of the loop over %qD depends on an "
                    "outer loop variable: declare %qD in its %<for%> "
                    "statement",
                    nest->dims[i].iv, nest->dims[i].iv);
          return false;
        }
    }
  /* A variable the body assigns may be reported by either of the first
     two; the third checks the private clauses' addresses, which the
     carried variables' check relies on.  */
  bool assignments_ok = mint_check_assignments (cx);
  if (!mint_find_private_arrays (cx) || !mint_check_carried_variables (cx)
      || !assignments_ok)
    return false;
  if (!build_kernel (cx))
    {
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  mint_order_dims (nest);
  kir_scalarize_privates (nest->kernel);
  kir_split_webs (nest->kernel);
  char err[256];
  if (kir_finish (nest->kernel, err, sizeof err) != 0)
    {
      error_at (nest->dir->loc, "mint: internal error: the kernel IR of "
                "%qs is inconsistent: %s", nest->kernel->name, err);
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  if (!mint_check_reductions (nest))
    {
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  for (unsigned i = 0; i < nest->arrays.length (); i++)
    {
      nest->arrays[i].read = nest->kernel->arrays[i].read;
      nest->arrays[i].written = nest->kernel->arrays[i].written;
    }
  return true;
}

void
mint_plan_nest (struct mint_nest *nest)
{
  struct kir_kernel *k = nest->kernel;
  dependence_note_alias_classes (k);
  /* Only level 3 and up have a use for loops unrolled (unroll.h), for
     the grid (plan-level.c), for one store of an element in place of a
     store in each arm of a branch (kir_sink_stores), and for the rows of
     a flat array that an inner loop walks, which the carried values and
     the staged rows (staged-rows.h) then see.  */
  if (k->opt_level >= 3)
    {
      /* A private array indexed by an unrolled loop's variable now has
         constant subscripts: locals.  */
      if (kir_unroll_constant_loops (k) > 0)
        kir_scalarize_privates (k);
      kir_sink_stores (k);
      delinearize_kernel (k);
    }
  if (k->opt_level >= 1)
    kir_carry_stored_values (k);
  if (k->opt_level >= 3)
    kir_recompute_sweeps (k);
  const struct mint_directive *dir = nest->dir;
  nest->plan = plan_kernel (k, dir->chunk[0] || dir->chunk[1]
                               || dir->chunk[2]);
}
