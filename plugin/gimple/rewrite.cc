/* rewrite.cc -- host code: markers -> libmintrt calls, and the guard
   `if (mint_launch (&kernel, ...) == 0) <original loops>` around each
   offloaded nest (doc/mint.texi, node Host rewrite).  */

#include "gcc-compat.h"
#include "kir-core.h"
#include "directive.h"
#include "device-code.h"
#include "mint/mintrt.h"
#include "member.h"
#include "nest.h"
#include "nest-recognition.h"
#include "gimple-seq.h"
#include "rewrite.h"

/* ---- the runtime's functions ----------------------------------------- */

enum runtime_function
{
  RT_LAUNCH, RT_COPY_TO_DEVICE, RT_COPY_FROM_DEVICE,
  RT_REGION_BEGIN, RT_REGION_END, RT_BARRIER, RT_UPDATE, RT_UPDATE_VOLUMES,
  RT_CHECK_SCALAR, RT_CHECK_COPY_SHAPE, RT_CHECK_COPY_ROWS, RT_LAUNCH_VALUE,
  RT_COUNT
};

static tree runtime_decls[RT_COUNT];

static const struct ggc_root_tab runtime_roots[] = {
  { &runtime_decls[0], RT_COUNT, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
mint_rewrite_register_roots (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) runtime_roots);
}

/* The prototypes of mintrt.h; pointers to structs as const void *.  */
static tree
runtime_type (enum runtime_function f)
{
  tree ll = long_long_integer_type_node;
  switch (f)
    {
    case RT_LAUNCH:
      return build_varargs_function_type_list (integer_type_node,
                                               ptr_type_node, NULL_TREE);
    case RT_COPY_TO_DEVICE:
      /* The host array as void *, which mintrt.h declares const void *:
         GCC warns where a pointer to memory the program has not set yet
         goes to a const pointer parameter, and a kernel's output is
         copied to the device before its first kernel sets it.  */
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       ptr_type_node,
                                       long_unsigned_type_node, ll, ll, ll,
                                       unsigned_type_node, ll, NULL_TREE);
    case RT_COPY_FROM_DEVICE:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       ptr_type_node, long_unsigned_type_node,
                                       ll, ll, ll, unsigned_type_node,
                                       NULL_TREE);
    case RT_UPDATE:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       const_ptr_type_node, ptr_type_node,
                                       long_unsigned_type_node,
                                       unsigned_type_node, ll, ll, ll, ll, ll,
                                       ll, NULL_TREE);
    case RT_UPDATE_VOLUMES:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       const_ptr_type_node, ptr_type_node,
                                       long_unsigned_type_node,
                                       unsigned_type_node, ll, ll, ll, ll, ll,
                                       ll, ll, ll, ll, NULL_TREE);
    case RT_CHECK_SCALAR:
      return build_function_type_list (void_type_node, ptr_type_node,
                                       const_ptr_type_node,
                                       const_ptr_type_node,
                                       long_unsigned_type_node,
                                       unsigned_type_node,
                                       const_ptr_type_node, NULL_TREE);
    case RT_LAUNCH_VALUE:
      return build_function_type_list (void_type_node, ptr_type_node,
                                       const_ptr_type_node,
                                       const_ptr_type_node,
                                       long_unsigned_type_node, ptr_type_node,
                                       NULL_TREE);
    case RT_CHECK_COPY_SHAPE:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       ll, ll, ll, ll, ll, ll, NULL_TREE);
    case RT_CHECK_COPY_ROWS:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       const_ptr_type_node,
                                       const_ptr_type_node, ll,
                                       long_unsigned_type_node, ll, ll, ll,
                                       NULL_TREE);
    default:
      return build_function_type_list (void_type_node, const_ptr_type_node,
                                       NULL_TREE);
    }
}

static tree
runtime_decl (enum runtime_function f)
{
  static const char *const names[RT_COUNT] = {
    "mint_launch", "mint_copy_to_device", "mint_copy_from_device",
    "mint_region_begin", "mint_region_end", "mint_barrier", "mint_update",
    "mint_update_volumes", "mint_check_scalar", "mint_check_copy_shape",
    "mint_check_copy_rows", "mint_launch_value"
  };
  if (!runtime_decls[f])
    {
      /* Reuse the program's own declaration (it may include mintrt.h).  */
      tree id = get_identifier (names[f]);
      tree decl = identifier_global_value (id);
      if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
        decl = build_fn_decl (names[f], runtime_type (f));
      runtime_decls[f] = decl;
    }
  return runtime_decls[f];
}

bool
mint_region_boundary_call_p (const gimple *s, bool *end)
{
  const gcall *call = dyn_cast<const gcall *> (s);
  tree fn = call ? gimple_call_fndecl (call) : NULL_TREE;
  *end = fn && fn == runtime_decls[RT_REGION_END];
  return fn && (*end || fn == runtime_decls[RT_REGION_BEGIN]
                || fn == runtime_decls[RT_COPY_TO_DEVICE]);
}

bool
mint_rewritten_launch_p (const gimple *s)
{
  const gcall *call = dyn_cast<const gcall *> (s);
  tree fn = call ? gimple_call_fndecl (call) : NULL_TREE;
  return fn && (fn == runtime_decls[RT_LAUNCH]
                || fn == runtime_decls[RT_CHECK_SCALAR]
                || fn == runtime_decls[RT_LAUNCH_VALUE]);
}

bool
mint_runtime_call_p (const gimple *s)
{
  const gcall *call = dyn_cast<const gcall *> (s);
  tree fn = call ? gimple_call_fndecl (call) : NULL_TREE;
  for (int f = 0; fn && f < RT_COUNT; f++)
    if (fn == runtime_decls[f])
      return true;
  return false;
}

/* ---- helpers --------------------------------------------------------- */

/* EXPR converted to TYPE, as a GIMPLE value computed by SEQ, which goes
   in the middle of a basic block.  The gimplifier turns a conditional
   into a select only where its arms cannot trap, else into branches and
   labels, which no block may hold: the arms of the conditionals the
   rewrite builds are computed in wrapping arithmetic (wrapping_build2),
   which does not trap under -ftrapv.  */
static tree
gimple_value (gimple_seq *seq, tree type, tree expr)
{
  gimple_seq stmts;     /* force_gimple_operand resets what it is given */
  tree value = force_gimple_operand (fold_convert (type, unshare_expr (expr)),
                                     &stmts, true, NULL_TREE);
  gcc_assert (mint_seq_without_branches (stmts));
  gimple_seq_add_seq (seq, stmts);
  return value;
}

/* CODE, an integer PLUS_EXPR, MINUS_EXPR or MULT_EXPR, of A and B in
   TYPE, wrapping around as unsigned arithmetic does.  The rewrite's own
   arithmetic in a signed type would trap under -ftrapv (and so make the
   gimplifier branch around it: gimple_value), be reported by
   -fsanitize=signed-integer-overflow, or be undefined where it wraps
   (a size_t distance that does not fit a long long).  */
static tree
wrapping_build2 (enum tree_code code, tree type, tree a, tree b)
{
  tree u = unsigned_type_for (type);
  return fold_convert (type, fold_build2 (code, u, fold_convert (u, a),
                                          fold_convert (u, b)));
}

/* The address of OBJECT, a variable or a member reference.  */
static tree
address_of (tree object)
{
  tree base = get_base_address (object);
  if (base && DECL_P (base))
    TREE_ADDRESSABLE (base) = 1;
  return build_fold_addr_expr (unshare_expr (object));
}

static tree
site_address (gimple_seq *seq, location_t loc)
{
  return gimple_value (seq, const_ptr_type_node,
                       address_of (mint_site_decl (loc)));
}

tree
mint_host_key (tree array, enum mint_array_style style, int rank)
{
  tree key = unshare_expr (array);
  switch (style)
    {
    case MINT_ARRAY_POINTER_CHAIN:
      /* T ***a -> a[0][0].  */
      for (int i = 1; i < rank; i++)
        key = build_simple_mem_ref (key);
      break;
    case MINT_ARRAY_FIXED:
      /* A pointer chosen from such arrays (double (*src)[N] = t & 1 ? b
         : a): its value.  A local variable-length array: the pointer to
         its storage.  */
      if (POINTER_TYPE_P (TREE_TYPE (array)))
        break;
      if (VAR_P (array) && DECL_HAS_VALUE_EXPR_P (array))
        key = address_of (DECL_VALUE_EXPR (array));
      else
        key = address_of (array);
      break;
    case MINT_ARRAY_VLA_POINTER:
    case MINT_ARRAY_FLAT:
      break;
    }
  return key;
}

/* The host key of A, an array of a nest or a plane of one (plane.h, its
   subscript the value PLANE): the address of its first element.  */
static tree
nest_array_key (const struct mint_nest_array &a, tree plane)
{
  tree key = mint_host_key (a.root, a.copy->style, a.rank);
  if (!a.plane)
    return key;
  tree plane_size = TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (a.root)));
  tree offset = size_binop (MULT_EXPR, fold_convert (sizetype, plane),
                            plane_size);
  return fold_build_pointer_plus (fold_convert (ptr_type_node, key), offset);
}

/* ---- launch guard ---------------------------------------------------- */

/* The first value and the number of iterations of a parallel loop, as
   long long GIMPLE values computed before the launch.  */
struct loop_extent
{
  tree init;
  tree count;
  tree lo;              /* count points from lo up by |step| */
};

/* Computes D's extent into SEQ, normalized to the ascending set lo + t *
   |step|.  */
static struct loop_extent
loop_extent_of (gimple_seq *seq, const struct mint_loop_dim *d)
{
  tree ll = long_long_integer_type_node;
  tree a = gimple_value (seq, ll, d->init);
  HOST_WIDE_INT step = d->step < 0 ? -d->step : d->step;
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  bool strict = d->cmp == LT_EXPR || d->cmp == GT_EXPR;

  /* count = max (0, (distance + step - strict) / step): truncation makes
     every empty range 0.  The distance is the comparison's, in its type:
     (unsigned) i < n from i = -2 runs no iteration, nor i > m from an
     unsigned i = 10 where an int m is -1.  */
  tree ca = d->cmp_type ? gimple_value (seq, ll, fold_convert (d->cmp_type,
                                                               d->init))
                        : a;
  tree cb = gimple_value (seq, ll, d->cmp_type
                                   ? fold_convert (d->cmp_type, d->bound)
                                   : d->bound);
  tree distance = up ? wrapping_build2 (MINUS_EXPR, ll, cb, ca)
                     : wrapping_build2 (MINUS_EXPR, ll, ca, cb);
  if (mint_loop_wraps_to_bound_p (d))
    {
      /* Modulo the variable's range: `i != -1u' from n - 1 down runs n
         times, `c != 0' of an unsigned char from 1 up 255.  */
      tree w = TREE_TYPE (d->iv);
      tree from = fold_convert (w, up ? d->init : d->bound);
      tree to = fold_convert (w, up ? d->bound : d->init);
      distance = fold_convert (ll, wrapping_build2 (MINUS_EXPR, w, to,
                                                    from));
    }
  tree n = wrapping_build2 (PLUS_EXPR, ll, distance,
                            build_int_cst (ll, step - (strict ? 1 : 0)));
  if (step != 1)
    n = fold_build2 (TRUNC_DIV_EXPR, ll, n, build_int_cst (ll, step));
  tree nonnegative = fold_build2 (MAX_EXPR, ll, n, build_int_cst (ll, 0));
  if (d->cmp_type && TYPE_UNSIGNED (d->cmp_type)
      && !mint_loop_wraps_to_bound_p (d))
    {
      /* A size_t's values do not all fit a long long: (size_t) i < m
         from i = -3 runs where its first test holds.  */
      tree first = fold_build2 (d->cmp, boolean_type_node,
                                fold_convert (d->cmp_type, d->init),
                                fold_convert (d->cmp_type, d->bound));
      nonnegative = fold_build3 (COND_EXPR, ll, first, nonnegative,
                                 build_int_cst (ll, 0));
    }
  tree count = gimple_value (seq, ll, nonnegative);
  tree lo = a;
  if (!up)
    {
      /* The last point reached going down is the first going up.  */
      tree span = wrapping_build2 (MULT_EXPR, ll,
                                   wrapping_build2 (MINUS_EXPR, ll, count,
                                                    build_int_cst (ll, 1)),
                                   build_int_cst (ll, step));
      lo = gimple_value (seq, ll, wrapping_build2 (MINUS_EXPR, ll, a, span));
    }
  struct loop_extent e = { a, count, lo };
  return e;
}

/* Whether a loop below dimension I of NEST has a variable that is
   visible after the nest.  */
static bool
inner_variable_visible (const struct mint_nest *nest, int i)
{
  for (int j = i + 1; j < nest->depth; j++)
    if (nest->dims[j].declared_outside)
      return true;
  return false;
}

/* Appends SEQ and a test that COUNT is positive to BB, whose one edge
   goes on, and gives back a new block on that edge, which the test goes
   to where it holds; else BB goes straight on.  */
static basic_block
append_points_test (basic_block bb, gimple_seq *seq, tree count)
{
  gimple_seq_add_stmt (seq, gimple_build_cond (GT_EXPR, count,
                                               build_zero_cst
                                                 (TREE_TYPE (count)),
                                               NULL_TREE, NULL_TREE));
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_seq_after (&gsi, *seq, GSI_CONTINUE_LINKING);
  *seq = NULL;
  edge next = single_succ_edge (bb);
  basic_block join = next->dest;
  basic_block ran = split_edge (next);
  edge into = single_pred_edge (ran);
  into->flags &= ~EDGE_FALLTHRU;
  into->flags |= EDGE_TRUE_VALUE;
  into->probability = profile_probability::likely ();
  edge empty = make_edge (bb, join, EDGE_FALSE_VALUE);
  empty->probability = into->probability.invert ();
  return ran;
}

/* Appends to BB, on the path after a launch, what the host loops would
   have left in the loop variables that are visible after the nest: each
   ends at init + count * step, the first value its condition rejects (in
   unsigned arithmetic, which wraps as the variable's own type would); an
   inner one only where the loops around it ran, so BB branches past the
   inner ones where a loop has no iteration.  */
static void
set_final_values (basic_block bb, const struct mint_nest *nest,
                  const struct loop_extent *extent)
{
  tree u = long_long_unsigned_type_node;
  for (int i = 0; i < nest->depth; i++)
    {
      const struct mint_loop_dim *d = &nest->dims[i];
      gimple_seq seq = NULL;
      if (d->declared_outside)
        {
          tree last = fold_build2 (PLUS_EXPR, u,
                                   fold_convert (u, extent[i].init),
                                   fold_build2 (MULT_EXPR, u,
                                                fold_convert (u, extent[i].count),
                                                build_int_cst (u, d->step)));
          tree value = gimple_value (&seq, TREE_TYPE (d->iv), last);
          gimple_seq_add_stmt (&seq, gimple_build_assign (d->iv, value));
        }
      if (!inner_variable_visible (nest, i))
        {
          gimple_stmt_iterator gsi = gsi_last_bb (bb);
          gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
          return;
        }
      bb = append_points_test (bb, &seq, extent[i].count);
    }
}

/* A new addressable temporary of TYPE for reduction variable VAR, set
   from it.  */
static tree
reduction_temporary (gimple_seq *seq, tree var, tree type)
{
  tree tmp = create_tmp_var (type, "mint_red");
  TREE_ADDRESSABLE (tmp) = 1;
  gimple_seq_add_stmt (seq, gimple_build_assign (tmp, gimple_value
                                                 (seq, type, var)));
  return tmp;
}

/* ---- values read once, at the launch ----------------------------------- */

static void
add_memory_read (tree object, auto_vec<tree> *reads)
{
  if (!mint_object_reachable_p (object))
    return;
  for (tree r : *reads)
    if (mint_same_object (r, object))
      return;
  reads->safe_push (object);
}

/* Adds to READS what evaluating EXPR (an expression of the nest without
   SSA names: extract-context.h) reads from memory that a pointer may
   reach: the variables, the members, and the pointers loaded on the way
   to them.  */
static void
collect_memory_reads (tree expr, auto_vec<tree> *reads)
{
  if (VAR_P (expr) || TREE_CODE (expr) == PARM_DECL)
    {
      add_memory_read (expr, reads);
      return;
    }
  bool address = TREE_CODE (expr) == ADDR_EXPR;
  tree ref = address ? TREE_OPERAND (expr, 0) : expr;
  if (handled_component_p (ref) || TREE_CODE (ref) == MEM_REF
      || TREE_CODE (ref) == INDIRECT_REF)
    {
      if (!address)
        add_memory_read (ref, reads);
      while (handled_component_p (ref))
        ref = TREE_OPERAND (ref, 0);
      if (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == INDIRECT_REF)
        collect_memory_reads (TREE_OPERAND (ref, 0), reads);
      return;
    }
  if (EXPR_P (expr))
    for (int i = 0; i < TREE_OPERAND_LENGTH (expr); i++)
      if (TREE_OPERAND (expr, i))
        collect_memory_reads (TREE_OPERAND (expr, i), reads);
}

/* What libmintrt's checks of a value a kernel reads once take of the
   object R: its C text (a string literal), its address (computed by SEQ)
   and its size.  */
static void
object_arguments (gimple_seq *seq, tree r, tree *name, tree *address,
                  tree *bytes)
{
  char *text = mint_object_text (r);
  *name = build_string_literal (strlen (text) + 1, text);
  free (text);
  *address = gimple_value (seq, const_ptr_type_node, address_of (r));
  *bytes = fold_convert (long_unsigned_type_node,
                         TYPE_SIZE_UNIT (TREE_TYPE (r)));
}

/* Whether EXPR, part of a value a kernel reads once, loads a number
   from memory that a pointer may reach, other than a variable's own (a
   scalar variable lies in no array): `*alpha', `p->dt', `c[3]'.  */
static bool
launch_load_p (tree expr)
{
  if (!INTEGRAL_TYPE_P (TREE_TYPE (expr))
      && !SCALAR_FLOAT_TYPE_P (TREE_TYPE (expr)))
    return false;
  if (TREE_CODE (expr) == BIT_FIELD_REF
      || (TREE_CODE (expr) == COMPONENT_REF
          && DECL_BIT_FIELD (TREE_OPERAND (expr, 1))))
    return false;
  return (handled_component_p (expr) || TREE_CODE (expr) == MEM_REF
          || TREE_CODE (expr) == INDIRECT_REF)
         && mint_object_reachable_p (expr);
}

/* EXPR, a value a kernel reads once, at its launch (an expression of the
   nest without SSA names: extract-context.h), with each number it loads
   from memory (launch_load_p) replaced by a temporary that
   mint_launch_value (mintrt.h), called by SEQ, sets: the memory may lie
   in an array whose device copy an earlier kernel wrote.  */
static tree
launch_value (gimple_seq *seq, tree desc_address, tree expr)
{
  if (launch_load_p (expr))
    {
      tree tmp = create_tmp_var (TREE_TYPE (expr), "mint_value");
      tree name, address, bytes;
      object_arguments (seq, expr, &name, &address, &bytes);
      gimple_seq_add_stmt (seq, gimple_build_call
                                  (runtime_decl (RT_LAUNCH_VALUE), 5,
                                   desc_address, name, address, bytes,
                                   address_of (tmp)));
      return tmp;
    }
  if (!EXPR_P (expr) || TREE_CODE (expr) == ADDR_EXPR)
    return expr;
  tree copy = NULL_TREE;
  for (int i = 0; i < TREE_OPERAND_LENGTH (expr); i++)
    {
      tree op = TREE_OPERAND (expr, i);
      tree value = op ? launch_value (seq, desc_address, op) : op;
      if (value != op && !copy)
        copy = copy_node (expr);
      if (copy)
        TREE_OPERAND (copy, i) = value;
    }
  return copy ? copy : expr;
}

/* mint_check_scalar (mintrt.h) for each value the kernel reads once
   that a store to a written array may reach by C's aliasing rules; KEYS
   are the arrays' host keys.  */
static void
check_launch_reads (gimple_seq *seq, const struct mint_nest *nest,
                    tree desc_address, const vec<tree> &keys)
{
  auto_vec<tree> reads;
  for (tree s : nest->scalars)
    collect_memory_reads (s, &reads);
  for (int i = 0; i < nest->depth; i++)
    {
      collect_memory_reads (nest->dims[i].init, &reads);
      collect_memory_reads (nest->dims[i].bound, &reads);
    }
  for (const struct mint_nest_array &a : nest->arrays)
    if (a.plane)
      collect_memory_reads (a.plane, &reads);
  for (tree r : reads)
    for (unsigned a = 0; a < nest->arrays.length (); a++)
      {
        const struct mint_nest_array *arr = &nest->arrays[a];
        if (!arr->written
            || !alias_sets_conflict_p (get_alias_set (TREE_TYPE (r)),
                                       get_alias_set (arr->copy->elem_type)))
          continue;
        tree name, address, bytes;
        object_arguments (seq, r, &name, &address, &bytes);
        gimple_seq_add_stmt (seq, gimple_build_call
                                    (runtime_decl (RT_CHECK_SCALAR), 6,
                                     desc_address, name, address, bytes,
                                     build_int_cst (unsigned_type_node, a),
                                     keys[a]));
      }
}

void
mint_rewrite_nest (struct mint_nest *nest, tree desc)
{
  class loop *l0 = nest->dims[0].loop;
  location_t loc = nest->dir->loc;
  edge into = loop_preheader_edge (l0);
  basic_block pre = into->src;
  auto_vec<edge> exits = get_loop_exit_edges (l0);
  basic_block after = exits[0]->dest;

  gimple_seq seq = NULL;
  auto_vec<tree> args;
  tree desc_address = gimple_value (&seq, ptr_type_node, address_of (desc));
  args.safe_push (desc_address);
  /* The host loops' preheader, where a loop without points goes: C
     evaluates an inner loop's bounds (`m->nx', `NX / k') and what the
     body reads only where the loops around have points.  */
  split_edge (into);
  basic_block at = pre;
  struct loop_extent extent[KIR_MAX_DIMS];
  for (int i = 0; i < nest->depth; i++)
    {
      struct mint_loop_dim dim = nest->dims[i];
      dim.init = launch_value (&seq, desc_address, dim.init);
      dim.bound = launch_value (&seq, desc_address, dim.bound);
      extent[i] = loop_extent_of (&seq, &dim);
      at = append_points_test (at, &seq, extent[i].count);
    }
  for (int i = 0; i < nest->depth; i++)
    {
      args.safe_push (extent[nest->kir_order[i]].lo);
      args.safe_push (extent[nest->kir_order[i]].count);
    }
  auto_vec<tree> keys;
  for (const struct mint_nest_array &a : nest->arrays)
    {
      tree plane = a.plane ? launch_value (&seq, desc_address, a.plane)
                           : NULL_TREE;
      keys.safe_push (gimple_value (&seq, ptr_type_node,
                                    nest_array_key (a, plane)));
    }
  args.safe_splice (keys);
  for (tree s : nest->scalars)
    args.safe_push (gimple_value (&seq, FLOAT_TYPE_P (TREE_TYPE (s))
                                        ? double_type_node
                                        : long_long_integer_type_node,
                                  launch_value (&seq, desc_address, s)));
  auto_vec<tree> temporaries;
  for (unsigned i = 0; i < nest->reductions.length (); i++)
    {
      tree tmp = reduction_temporary (&seq, nest->reductions[i],
                                      nest->accumulator_types[i]);
      temporaries.safe_push (tmp);
      args.safe_push (address_of (tmp));
    }

  check_launch_reads (&seq, nest, desc_address, keys);
  gcall *launch = gimple_build_call_vec (runtime_decl (RT_LAUNCH), args);
  tree rc = create_tmp_var (integer_type_node, "mint_rc");
  gimple_call_set_lhs (launch, rc);
  gimple_set_location (launch, loc);
  gimple_seq_add_stmt (&seq, launch);
  gcond *cond = gimple_build_cond (EQ_EXPR, rc, integer_zero_node, NULL_TREE,
                                   NULL_TREE);
  gimple_set_location (cond, loc);
  gimple_seq_add_stmt (&seq, cond);
  gimple_stmt_iterator gsi = gsi_last_bb (at);
  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);

  /* rc == 0: the original loops; else past them.  */
  edge to_host = single_succ_edge (at);
  to_host->flags &= ~EDGE_FALLTHRU;
  to_host->flags |= EDGE_TRUE_VALUE;
  to_host->probability = profile_probability::unlikely ();
  edge skip = make_edge (at, after, EDGE_FALSE_VALUE);
  skip->probability = to_host->probability.invert ();

  /* rc != 0: what the host loops would have changed.  */
  basic_block launched = split_edge (skip);
  gimple_seq back = NULL;
  for (unsigned i = 0; i < temporaries.length (); i++)
    {
      tree r = nest->reductions[i];
      tree acc = temporaries[i];
      /* C converts to _Bool by comparing with zero (a sum of partial
         results may be 2).  */
      if (TREE_CODE (TREE_TYPE (r)) == BOOLEAN_TYPE)
        acc = fold_build2 (NE_EXPR, TREE_TYPE (r), acc,
                           build_zero_cst (TREE_TYPE (acc)));
      tree v = gimple_value (&back, TREE_TYPE (r), acc);
      gimple_seq_add_stmt (&back, gimple_build_assign (r, v));
    }
  gimple_stmt_iterator g = gsi_start_bb (launched);
  gsi_insert_seq_after (&g, back, GSI_CONTINUE_LINKING);
  set_final_values (launched, nest, extent);
}

/* ---- markers --------------------------------------------------------- */

/* align_x of each toDevice copy, by directive id (pass.cc notes them
   while it offloads the region's nests, before the markers are
   rewritten): the largest of the constants and the parameters noted.  */
static hash_map<int_hash<int, -1, -2>, tree> *copy_align_x;

void
mint_rewrite_note_align_x (const struct mint_directive *copy, tree align_x)
{
  if (!copy_align_x)
    copy_align_x = new hash_map<int_hash<int, -1, -2>, tree>;
  tree *seen = copy_align_x->get (copy->id);
  tree ll = long_long_integer_type_node;
  align_x = fold_convert (ll, align_x);
  if (!seen)
    copy_align_x->put (copy->id, align_x);
  else if (!operand_equal_p (*seen, align_x, 0))
    *seen = fold_build2 (MAX_EXPR, ll, *seen, align_x);
}

/* The toDevice copies, by directive id, whose array host code of their
   region reads or writes (pass.cc notes them before the markers are
   rewritten).  */
static hash_set<int_hash<int, -1, -2> > *copies_host_used;

void
mint_rewrite_note_host_use (const struct mint_directive *copy)
{
  if (!copies_host_used)
    copies_host_used = new hash_set<int_hash<int, -1, -2> >;
  copies_host_used->add (copy->id);
}

/* Appends to SEQ the call of libmintrt's check F with ARGS, at LOC.  */
static void
append_check (gimple_seq *seq, enum runtime_function f,
              const vec<tree> &args, location_t loc)
{
  gcall *check = gimple_build_call_vec (runtime_decl (f), args);
  gimple_set_location (check, loc);
  gimple_seq_add_stmt (seq, check);
}

/* The check that the extents of a copy marker fit the shape its array's
   type gives (data-directive.cc's type_shape), unless both are constants,
   which the front end compared.  */
static void
add_copy_shape_check (gimple_seq *seq, gimple *marker,
                      const struct mint_directive *dir, tree site)
{
  bool constant = true, none = true;
  for (int i = 2; i <= 7; i++)
    {
      tree arg = gimple_call_arg (marker, i);
      constant &= TREE_CODE (arg) == INTEGER_CST;
      none &= i < 5 || integer_zerop (arg);
    }
  if (constant || none)
    return;
  auto_vec<tree> args;
  args.safe_push (site);
  for (int i = 2; i <= 7; i++)
    args.safe_push (gimple_value (seq, long_long_integer_type_node,
                                  gimple_call_arg (marker, i)));
  append_check (seq, RT_CHECK_COPY_SHAPE, args, dir->loc);
}

/* The check that the rows a pointer chain (T **, T ***) reaches form the
   one block the copy moves.  */
static void
add_copy_rows_check (gimple_seq *seq, gimple *marker,
                     const struct mint_directive *dir, tree site)
{
  int rank = 0;
  for (tree t = TREE_TYPE (dir->array); POINTER_TYPE_P (t); t = TREE_TYPE (t))
    rank++;
  char *name = mint_object_text (dir->array);
  auto_vec<tree> args;
  args.safe_push (site);
  args.safe_push (build_string_literal (strlen (name) + 1, name));
  args.safe_push (gimple_value (seq, const_ptr_type_node, dir->array));
  args.safe_push (build_int_cst (long_long_integer_type_node, rank));
  args.safe_push (build_int_cst (long_unsigned_type_node, dir->elem_size));
  for (int i = 2; i <= 4; i++)
    args.safe_push (gimple_value (seq, long_long_integer_type_node,
                                  gimple_call_arg (marker, i)));
  free (name);
  append_check (seq, RT_CHECK_COPY_ROWS, args, dir->loc);
}

/* The libmintrt call for a copy marker
   __mint_copy (id, host_key, nx, ny, nz, row, plane, whole), after the
   check of its shape.  */
static gcall *
copy_call (gimple_seq *seq, gimple *marker, const struct mint_directive *dir)
{
  tree ll = long_long_integer_type_node;
  auto_vec<tree> args;
  bool to = dir->direction == MINT_TO_DEVICE;
  tree site = site_address (seq, dir->loc);
  add_copy_shape_check (seq, marker, dir, site);
  if (dir->style == MINT_ARRAY_POINTER_CHAIN)
    add_copy_rows_check (seq, marker, dir, site);
  args.safe_push (site);
  args.safe_push (gimple_value (seq, ptr_type_node,
                                gimple_call_arg (marker, 1)));
  args.safe_push (build_int_cst (long_unsigned_type_node, dir->elem_size));
  for (int i = 2; i <= 4; i++)
    args.safe_push (gimple_value (seq, ll, gimple_call_arg (marker, i)));
  unsigned flags = dir->style == MINT_ARRAY_FLAT ? MINT_COPY_FLAT : 0;
  if (to && ((copies_host_used && copies_host_used->contains (dir->id))
             || mint_region_updates_device (dir->region, dir->array)))
    flags |= MINT_COPY_HOST_USED;
  args.safe_push (build_int_cst (unsigned_type_node, flags));
  if (to)
    {
      tree *align_x = copy_align_x ? copy_align_x->get (dir->id) : NULL;
      /* A parameter may be negative: element 0 then.  */
      args.safe_push (gimple_value (seq, ll,
                                    align_x ? fold_build2 (MAX_EXPR, ll,
                                                           *align_x,
                                                           build_zero_cst (ll))
                                            : build_zero_cst (ll)));
    }
  return gimple_build_call_vec (runtime_decl (to ? RT_COPY_TO_DEVICE
                                              : RT_COPY_FROM_DEVICE), args);
}

/* The libmintrt call for an update marker
   __mint_update (id, host_key, x0, nx, y0, ny, z0, nz, w0, nw, planes):
   mint_update, or for a 4-D array mint_update_volumes.  The array may be
   a structure's member (`g->u'), named by its text.  */
static gcall *
update_call (gimple_seq *seq, gimple *marker, const struct mint_directive *dir)
{
  char *name = mint_object_text (dir->array);
  auto_vec<tree> args;
  args.safe_push (site_address (seq, dir->loc));
  args.safe_push (build_string_literal (strlen (name) + 1, name));
  free (name);
  args.safe_push (gimple_value (seq, ptr_type_node,
                                gimple_call_arg (marker, 1)));
  args.safe_push (build_int_cst (long_unsigned_type_node, dir->elem_size));
  args.safe_push (build_int_cst (unsigned_type_node,
                                 dir->direction == MINT_TO_DEVICE
                                 ? MINT_UPDATE_TO_DEVICE
                                 : MINT_UPDATE_TO_HOST));
  bool volumes = dir->nextents == 4;
  for (int i = 2; i <= (volumes ? 10 : 7); i++)
    args.safe_push (gimple_value (seq, long_long_integer_type_node,
                                  gimple_call_arg (marker, i)));
  return gimple_build_call_vec (runtime_decl (volumes ? RT_UPDATE_VOLUMES
                                              : RT_UPDATE), args);
}

void
mint_rewrite_marker (gimple_stmt_iterator *gsi,
                     const struct mint_directive *dir,
                     const char *marker_name)
{
  gimple *marker = gsi_stmt (*gsi);
  gimple_seq seq = NULL;
  gcall *call = NULL;
  enum runtime_function f = RT_COUNT;
  if (strcmp (marker_name, MINT_MARKER_COPY) == 0)
    call = copy_call (&seq, marker, dir);
  else if (strcmp (marker_name, MINT_MARKER_UPDATE) == 0)
    call = update_call (&seq, marker, dir);
  else if (strcmp (marker_name, MINT_MARKER_PARALLEL) == 0)
    f = RT_REGION_BEGIN;
  else if (strcmp (marker_name, MINT_MARKER_PARALLEL_END) == 0)
    f = RT_REGION_END;
  else if (strcmp (marker_name, MINT_MARKER_BARRIER) == 0)
    f = RT_BARRIER;
  if (f != RT_COUNT)
    call = gimple_build_call (runtime_decl (f), 1,
                              site_address (&seq, dir->loc));
  if (call)
    {
      gimple_set_location (call, gimple_location (marker));
      gimple_seq_add_stmt (&seq, call);
      gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
    }
  gsi_remove (gsi, true);
}
