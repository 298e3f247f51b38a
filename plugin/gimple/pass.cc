/* pass.cc -- the GIMPLE pass "mint", right after "cfg": for each
   function with markers, every `#pragma mint for` nest becomes a kernel
   (extract.cc) with its plan (plan.h), guarded by mint_launch on the
   host (rewrite.cc), and the other markers become libmintrt calls.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "options.h"
#include "device-code.h"
#include "plan.h"
#include "dependence.h"
#include "member.h"
#include "extract.h"
#include "helper.h"
#include "plane.h"
#include "pass.h"

/* A marker call in the function: the statement, its marker name and the
   directive its id names.  */
struct marker
{
  gimple *stmt;
  const char *name;
  const struct mint_directive *dir;
};

/* An element of a device array that host code of a region reads or
   writes.  */
struct host_access
{
  location_t loc;
  const struct mint_directive *copy;    /* the array's toDevice copy */
  const struct mint_directive *region;
  bool store;                   /* writes, or (a call) may write */
  gimple *call;                 /* a call given the array, or NULL */
  bool holder;                  /* the call is given a structure holding it */
  const struct mint_directive *to_device;       /* a later region's copy of
                                                   the elements, or NULL */
  gimple *stmt;                 /* the access, or NULL */
};

/* An array a kernel of a region uses.  */
struct region_use
{
  int region;
  int nest;                     /* the id of the kernel's `for' */
  const struct mint_directive *copy;
  bool read, written;
};

static const char *const marker_names[] = {
  MINT_MARKER_COPY, MINT_MARKER_PARALLEL, MINT_MARKER_PARALLEL_END,
  MINT_MARKER_FOR, MINT_MARKER_BARRIER, MINT_MARKER_SINGLE,
  MINT_MARKER_SINGLE_END, MINT_MARKER_UPDATE
};

/* The marker name of call S, or NULL if S is not a marker.  The markers
   are artificial decls: a user's function of the same name is not one.  */
static const char *
marker_name (gimple *s)
{
  if (!is_gimple_call (s))
    return NULL;
  tree fn = gimple_call_fndecl (s);
  if (!fn || !DECL_NAME (fn) || !DECL_ARTIFICIAL (fn))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  for (const char *m : marker_names)
    if (strcmp (name, m) == 0)
      return m;
  return NULL;
}

static void
collect_markers (function *fun, auto_vec<struct marker> *out)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        const char *name = marker_name (s);
        if (!name)
          continue;
        tree id = gimple_call_num_args (s) ? gimple_call_arg (s, 0) : NULL;
        struct marker m = { s, name, NULL };
        if (id && TREE_CODE (id) == INTEGER_CST)
          m.dir = mint_directive_get (tree_to_shwi (id));
        gcc_assert (m.dir);
        out->safe_push (m);
      }
}

/* The toDevice copies of the parallel region REGION: the copy
   directives of this function between the previous region and it.  */
static void
region_copies (const auto_vec<struct marker> &markers, int region,
               auto_vec<const struct mint_directive *> *out)
{
  int previous = -1;
  for (int id = region - 1; id >= 0 && previous < 0; id--)
    {
      const struct mint_directive *d = mint_directive_get (id);
      if (d && d->kind == MINT_DIR_PARALLEL)
        previous = id;
    }
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_COPY && m.dir->direction == MINT_TO_DEVICE
        && m.dir->id > previous && m.dir->id < region)
      out->safe_push (m.dir);
}

/* The id of the first parallel region after directive ID, or INT_MAX.  */
static int
next_region (const auto_vec<struct marker> &markers, int id)
{
  int next = INT_MAX;
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_PARALLEL && m.dir->id > id
        && m.dir->id < next)
      next = m.dir->id;
  return next;
}

/* Whether a fromDevice copy after the parallel region REGION copies the
   array of COPY back: one of the copy directives between REGION and the
   next region.  */
static bool
region_copies_back (const auto_vec<struct marker> &markers, int region,
                    const struct mint_directive *copy)
{
  int next = next_region (markers, region);
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_COPY && m.dir->direction == MINT_FROM_DEVICE
        && m.dir->id > region && m.dir->id < next
        && mint_same_object (m.dir->array, copy->array))
      return true;
  return false;
}

/* "U, Unew, p->dt" for the verbose note.  */
static char *
object_list (const vec<tree> &objects)
{
  if (objects.is_empty ())
    return xstrdup ("none");
  char *list = NULL;
  for (tree o : objects)
    {
      char *name = mint_object_text (o);
      char *more = list ? concat (list, ", ", name, NULL) : xstrdup (name);
      free (name);
      free (list);
      list = more;
    }
  return list;
}

static void
report_kernel (const struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  if (mint_options.dump)
    kir_dump (k, stderr);
  if (dump_file)
    kir_dump (k, dump_file);
  if (!mint_options.verbose)
    return;
  auto_vec<tree> arrays;
  for (const struct mint_nest_array &a : nest->arrays)
    arrays.safe_push (a.root);
  char *array_names = object_list (arrays);
  char *scalar_names = object_list (nest->scalars);
  if (nest->dir->single_block)
    inform (nest->dir->loc, "mint: offloaded %qs: a %<single%> block, one "
            "device thread, arrays: %s; scalars: %s", k->name, array_names,
            scalar_names);
  else
    inform (nest->dir->loc, "mint: offloaded %qs: %d-D, tile %dx%dx%d, "
            "chunk %dx%dx%d, arrays: %s; scalars: %s", k->name, k->ndims,
            k->tile[0], k->tile[1], k->tile[2], k->chunk[0], k->chunk[1],
            k->chunk[2], array_names, scalar_names);
  inform (nest->dir->loc, "mint: %qs: %s", k->name,
          nest->plan->kernel.description);
  if (k->opt_level >= 4)
    inform (nest->dir->loc, "mint: %qs: %s", k->name,
            nest->plan->temporal.why);
  free (array_names);
  free (scalar_names);
}

/* Where kernel IR statement S comes from, else FALLBACK.  */
static location_t
statement_location (const struct kir_stmt *s, location_t fallback)
{
  return s->loc ? (location_t) s->loc : fallback;
}

/* The warning's name, where GCC would name the option of a warning (the
   plugin cannot register a -W option of its own).  */
static const char dependence_option[] = "[-Wmint-dependence]";

/* One -Wmint-dependence warning, at the access that uses the element
   another point writes, with a note at that write.  */
static void
report_dependence (const struct mint_nest *nest, const struct dependence *d)
{
  const struct kir_kernel *k = nest->kernel;
  location_t loc = nest->dir->loc;
  char store[256], other[256], point[256];
  dependence_format_access (k, &d->store->access, store, sizeof store);
  dependence_format_access (k, &d->other->access, other, sizeof other);
  auto_diagnostic_group group;
  bool warned;
  if (d->kind == DEPENDENCE_POSSIBLE && d->other == d->store)
    warned = warning_at (statement_location (d->store, loc), 0, "mint: "
                         "cannot prove that the points of the parallel loop "
                         "nest write different elements at %qs; the result "
                         "may depend on the order in which the points run "
                         "%s", store, dependence_option);
  else if (d->kind == DEPENDENCE_POSSIBLE)
    warned = warning_at (statement_location (d->other, loc), 0, "mint: "
                         "cannot prove that %qs does not %s an element "
                         "that another point of the parallel loop nest "
                         "writes at %qs; the result may depend on the order "
                         "in which the points run %s", other,
                         d->other->kind == KIR_LOAD ? "read" : "write",
                         store, dependence_option);
  else if (d->other == d->store)
    {
      char zero[256];
      long long none[KIR_MAX_DIMS] = { 0, 0, 0 };
      dependence_format_point (k, none, zero, sizeof zero);
      dependence_format_point (k, d->distance, point, sizeof point);
      warned = warning_at (statement_location (d->store, loc), 0, "mint: "
                           "%qs writes the same element at different points "
                           "of the parallel loop nest, such as (%s) and "
                           "(%s); the result depends on the order in which "
                           "the points run %s", store, zero, point,
                           dependence_option);
    }
  else
    {
      /* The point that writes the element, seen from the other access.  */
      long long writer[KIR_MAX_DIMS];
      for (int i = 0; i < KIR_MAX_DIMS; i++)
        writer[i] = -d->distance[i];
      dependence_format_point (k, writer, point, sizeof point);
      warned = warning_at (statement_location (d->other, loc), 0, "mint: "
                           "%qs %s the element that the point (%s) of the "
                           "parallel loop nest writes at %qs; the result "
                           "depends on the order in which the points run %s",
                           other,
                           d->other->kind == KIR_LOAD ? "reads" : "writes",
                           point, store, dependence_option);
    }
  if (!warned)
    return;
  if (d->other != d->store)
    inform (statement_location (d->store, loc), "%qs is written here", store);
  inform (loc, "the loop nest; the %<independent%> clause asserts that its "
          "points do not depend on each other");
}

/* -Wmint-dependence for two planes of one array that NEST's kernel
   indexes as arrays of their own (plane.h), of which it writes one,
   where the planes may be one (A[cur] and A[nxt] of a 4-D array): the
   points would use the elements other points write.  */
static void
warn_same_planes (const struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  for (unsigned i = 0; i < nest->arrays.length (); i++)
    for (unsigned j = 0; j < nest->arrays.length (); j++)
      {
        const struct mint_nest_array *w = &nest->arrays[i];
        const struct mint_nest_array *o = &nest->arrays[j];
        if (i == j || !w->written || (o->written && j < i) || !w->plane
            || !o->plane || !mint_same_object (w->root, o->root)
            || mint_planes_differ (w->plane, o->plane, nest->marker))
          continue;
        char *name = mint_object_text (w->root);
        auto_diagnostic_group group;
        if (warning_at (w->loc, 0, "mint: cannot prove that %qs and %qs are "
                        "different planes of %qs, of which the loop nest "
                        "writes the first; the result may depend on the "
                        "order in which the points run %s",
                        kir_array_text (k, i), kir_array_text (k, j), name,
                        dependence_option))
          inform (nest->dir->loc, "the loop nest; where they are one plane "
                  "and its points use the elements others write, libmintrt "
                  "stops the program; the %<independent%> clause asserts "
                  "that they are not");
        free (name);
      }
}

/* -Wmint-dependence.  With `for' the program asserts that the points of
   the nest are independent, as OpenMP does; where the analysis finds that
   a point uses an element another one writes, the GPU's result depends on
   the order of the points: a warning, silenced by the `independent'
   clause or -fplugin-arg-mint-Wno-dependence.  */
static void
warn_dependences (const struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  if (nest->dir->independent || !mint_options.dependence_warning
      || k->narrays == 0)
    return;
  warn_same_planes (nest);
  struct dependence *found = XNEWVEC (struct dependence, k->narrays);
  int n = dependence_find (k, found);
  for (int i = 0; i < n; i++)
    report_dependence (nest, &found[i]);
  XDELETEVEC (found);
}

/* The runtime puts element ALIGN_X of every row on a 128-byte boundary.
   Every toDevice copy of the region gets the largest low-x halo the
   stencil analyzer finds over the kernels' arrays (PLAN's halo_x), so
   that the first interior element (the loops start after the halo) is
   aligned in every array of the region, also after the program swaps
   their pointers.  */
static void
note_alignment (const struct mint_plan *plan,
                const auto_vec<const struct mint_directive *> &copies)
{
  for (const struct mint_directive *c : copies)
    mint_rewrite_note_align_x (c, plan->halo_x);
}

/* Offloads the nest of for marker M; adds the arrays its kernel uses to
   USES.  */
static void
offload_nest (function *fun, const struct marker &m,
              const auto_vec<struct marker> &markers,
              vec<struct region_use> *uses)
{
  const struct mint_directive *dir = m.dir;
  if (dir->for_depth == 0)
    return;                     /* not followed by a for loop: reported */
  if (dir->region < 0)
    {
      error_at (dir->loc, "mint: %<#pragma mint for%> must be inside a "
                "%<#pragma mint parallel%> region");
      return;
    }
  auto_vec<const struct mint_directive *> copies;
  region_copies (markers, dir->region, &copies);

  mint_inline_helpers (mint_loop_after_marker (m.stmt));
  struct mint_nest nest;
  nest.fun = fun;
  nest.dir = dir;
  nest.marker = m.stmt;
  if (!mint_extract_nest (&nest, copies))
    return;
  for (const struct mint_nest_array &a : nest.arrays)
    {
      struct region_use u = { dir->region, dir->id, a.copy, a.read,
                              a.written };
      uses->safe_push (u);
    }
  warn_dependences (&nest);
  report_kernel (&nest);
  note_alignment (nest.plan, copies);
  tree desc = mint_device_add_kernel (nest.kernel, nest.plan, dir->loc);
  nest.kernel = NULL;
  nest.plan = NULL;
  mint_rewrite_nest (&nest, desc);
  /* The next nest's analysis walks the loops in dominator order.  */
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
}

/* The copy among COPIES whose array T is, or NULL.  */
static const struct mint_directive *
copy_of (tree t, const vec<const struct mint_directive *> &copies)
{
  for (const struct mint_directive *c : copies)
    if (t && mint_same_object (c->array, t))
      return c;
  return NULL;
}

/* An update acts on the device copy of an array the region copied
   toDevice, with a range per extent of that copy.  */
static void
check_update (const struct marker &m, const auto_vec<struct marker> &markers)
{
  const struct mint_directive *dir = m.dir;
  auto_vec<const struct mint_directive *> copies;
  region_copies (markers, dir->region, &copies);
  if (const struct mint_directive *c = copy_of (dir->array, copies))
    {
      if (c->nextents != dir->nextents)
        {
          error_at (dir->loc, "mint: %<update%> of %qE gives %d range%s, "
                    "but its copy gives %d extent%s", dir->array,
                    dir->nextents, dir->nextents == 1 ? "" : "s",
                    c->nextents, c->nextents == 1 ? "" : "s");
          inform (c->loc, "copied here");
        }
      return;
    }
  error_at (dir->loc, "mint: %<update%> of %qE, which is not copied to the "
            "device", dir->array);
  inform (mint_directive_get (dir->region)->loc, "add %<#pragma mint "
          "copy(%E, toDevice, ...)%> before the %<parallel%> region",
          dir->array);
}

/* ---- host code in a parallel region ---------------------------------- */

/* In a parallel region the kernels compute on the device copies of the
   region's arrays; the host's copies are brought up to date only by the
   copies after the region (or by `update').  Host code of the region
   (time loops, `single' blocks) that reads an element a kernel writes,
   or writes an element of a device array, would compute with other
   values than the plain program: an error at the access, unless the
   region moves that array with `update', which puts the program in
   charge.  */

/* A local pointer that only ever holds a copied array's pointer
   (`double *p = u;', `p = g->u + 1;'): its elements are the array's.  */
struct array_alias
{
  tree decl;
  tree array;                   /* the copy's array, or NULL: not an alias */
};

/* What ARG, an argument of host code's call or the right-hand side of an
   assignment, was computed from: back through the temporaries (copies,
   casts, pointer arithmetic, loads of row pointers).  */
static tree
argument_origin (tree arg)
{
  for (int depth = 0; TREE_CODE (arg) == SSA_NAME && depth < 16; depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (arg);
      if (!is_gimple_assign (def))
        return NULL_TREE;
      arg = gimple_assign_rhs1 (def);
    }
  return arg;
}

/* The array of COPIES that ORIGIN (an argument_origin) is, or NULL.  */
static tree
copied_array (tree origin, const vec<const struct mint_directive *> &copies)
{
  const struct mint_directive *c = copy_of (origin, copies);
  return c ? c->array : NULL_TREE;
}

/* Records in ALIASES what local pointer LHS is set to by a statement
   (VALUE: an argument_origin, or NULL for a call's result).  */
static void
note_alias (tree lhs, tree value,
            const vec<const struct mint_directive *> &copies,
            vec<struct array_alias> *aliases)
{
  if (!VAR_P (lhs) || is_global_var (lhs) || TREE_ADDRESSABLE (lhs)
      || !POINTER_TYPE_P (TREE_TYPE (lhs)) || copied_array (lhs, copies))
    return;
  tree array = value ? copied_array (value, copies) : NULL_TREE;
  for (struct array_alias &a : *aliases)
    if (a.decl == lhs)
      {
        if (a.array && (!array || !mint_same_object (a.array, array)))
          a.array = NULL_TREE;
        return;
      }
  struct array_alias a = { lhs, array };
  aliases->safe_push (a);
}

/* The local pointers of the function that only ever hold the pointer of
   one array of COPIES, into ALIASES (with the others, array NULL).  */
static void
collect_aliases (const vec<const struct mint_directive *> &copies,
                 vec<struct array_alias> *aliases)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_clobber_p (s))
          continue;
        if (is_gimple_assign (s))
          note_alias (gimple_assign_lhs (s),
                      argument_origin (gimple_assign_rhs1 (s)), copies,
                      aliases);
        else if (is_gimple_call (s) && gimple_call_lhs (s))
          note_alias (gimple_call_lhs (s), NULL_TREE, copies, aliases);
      }
}

/* T, or the array that T (a local pointer of ALIASES) holds.  */
static tree
unalias (tree t, const vec<struct array_alias> &aliases)
{
  if (t && VAR_P (t))
    for (const struct array_alias &a : aliases)
      if (a.decl == t && a.array)
        return a.array;
  return t;
}

/* Two copies of a region whose arrays' pointers the function swaps: an
   assignment to one's pointer of the other's, directly or through a
   local of ALIASES (`tmp = u; u = v; v = tmp;').  */
struct swap_pair
{
  const struct mint_directive *a, *b;
  gimple *stmt;                 /* the assignment */
};

/* Appends to SWAPS the pairs of COPIES whose pointers the function
   assigns to each other (with ALIASES).  */
static void
collect_swaps (const vec<const struct mint_directive *> &copies,
               const vec<struct array_alias> &aliases,
               vec<struct swap_pair> *swaps)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (!gimple_assign_single_p (s) || gimple_clobber_p (s))
          continue;
        const struct mint_directive *a
          = copy_of (gimple_assign_lhs (s), copies);
        tree origin = argument_origin (gimple_assign_rhs1 (s));
        const struct mint_directive *b
          = a ? copy_of (unalias (origin, aliases), copies) : NULL;
        if (b && b != a)
          {
            struct swap_pair pair = { a, b, s };
            swaps->safe_push (pair);
          }
      }
}

/* The copy among COPIES whose array REF reads or writes an element of
   (not a row pointer of a T*** array), directly or through one of
   ALIASES, or NULL.  */
static const struct mint_directive *
device_element (tree ref, const vec<const struct mint_directive *> &copies,
                const vec<struct array_alias> &aliases)
{
  if (TREE_CODE (ref) != MEM_REF && TREE_CODE (ref) != ARRAY_REF)
    return NULL;
  tree root = unalias (mint_reference_root (ref), aliases);
  if (!root)
    return NULL;
  for (const struct mint_directive *c : copies)
    if (mint_same_object (c->array, root)
        && TYPE_MAIN_VARIANT (TREE_TYPE (ref)) == c->elem_type)
      return c;
  return NULL;
}

/* Whether a function given ORIGIN (an argument_origin) can reach the
   elements of COPY's array: through its pointer, an element's or a row's
   address, or (HOLDER is set) the structure that holds it, its address or
   a copy; directly or through one of ALIASES.  The address of the
   array's own pointer (a swap helper's `&u') gives the pointer only.  */
static bool
reaches_array (tree origin, const struct mint_directive *copy,
               const vec<struct array_alias> &aliases, bool *holder)
{
  bool address = TREE_CODE (origin) == ADDR_EXPR;
  tree obj = unalias (address ? TREE_OPERAND (origin, 0) : origin, aliases);
  tree root = unalias (mint_reference_root (obj), aliases);
  *holder = false;
  if (!root)
    return false;
  if (mint_same_object (copy->array, obj))
    return !address || !POINTER_TYPE_P (TREE_TYPE (obj));
  if (mint_same_object (copy->array, root))
    return true;
  struct mint_path path;
  *holder = DECL_P (root) && mint_object_path (copy->array, &path)
            && path.member && path.base == root;
  return *holder;
}

/* Whether a parameter of type TYPE gives read-only access to the data it
   points to (`const double *', `const double (*)[N]').  */
static bool
readonly_data_parameter_p (tree type)
{
  while (type && (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE))
    type = TREE_TYPE (type);
  return type && TYPE_READONLY (type);
}

/* Whether FNDECL is libmintrt's, declared in mintrt.h
   (mint_device_pointer_at): it knows the device copies.  */
static bool
runtime_function_p (tree fndecl)
{
  return fndecl && DECL_NAME (fndecl)
         && startswith (IDENTIFIER_POINTER (DECL_NAME (fndecl)), "mint_")
         && strcmp (lbasename (DECL_SOURCE_FILE (fndecl)), "mintrt.h") == 0;
}

/* Appends to OUT the arrays of COPIES that host code's call S gives its
   function, at LOC in REGION.  */
static void
collect_call_accesses (gcall *s, location_t loc,
                       const struct mint_directive *region,
                       const vec<const struct mint_directive *> &copies,
                       const vec<struct array_alias> &aliases,
                       vec<struct host_access> *out)
{
  /* free releases the elements unread.  */
  if (gimple_call_internal_p (s)
      || runtime_function_p (gimple_call_fndecl (s))
      || gimple_call_builtin_p (s, BUILT_IN_FREE))
    return;
  tree fntype = gimple_call_fntype (s);
  tree parm = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree type = parm && parm != void_list_node ? TREE_VALUE (parm) : NULL;
      tree arg = gimple_call_arg (s, i);
      /* A value (printf's u[i][j]) is the read of its load.  */
      bool value = !POINTER_TYPE_P (TREE_TYPE (arg))
                   && !AGGREGATE_TYPE_P (TREE_TYPE (arg));
      tree origin = value ? NULL_TREE : argument_origin (arg);
      bool holder;
      for (const struct mint_directive *c : copies)
        if (origin && reaches_array (origin, c, aliases, &holder))
          {
            bool store = holder || !readonly_data_parameter_p (type);
            struct host_access acc = { loc, c, region, store, s, holder,
                                       NULL, s };
            out->safe_push (acc);
          }
      if (parm && parm != void_list_node)
        parm = TREE_CHAIN (parm);
    }
}

/* The blocks of the loop nests of REGION's `for' directives: their
   statements run as kernels.  */
static void
mark_nest_blocks (const auto_vec<struct marker> &markers, int region,
                  sbitmap nests)
{
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_FOR && m.dir->region == region)
      if (class loop *l = mint_loop_after_marker (m.stmt))
        {
          basic_block *body = get_loop_body (l);
          for (unsigned i = 0; i < l->num_nodes; i++)
            bitmap_set_bit (nests, body[i]->index);
          free (body);
        }
}

/* Appends to OUT the arrays of COPIES (of REGION) that copy marker S,
   after the region, copies to the device again: the copy reads their
   elements on the host.  */
static void
collect_later_copy (gimple *s, const struct mint_directive *region,
                    const vec<const struct mint_directive *> &copies,
                    vec<struct host_access> *out)
{
  const struct mint_directive *dir
    = mint_directive_get (tree_to_shwi (gimple_call_arg (s, 0)));
  if (dir->direction != MINT_TO_DEVICE)
    return;
  for (const struct mint_directive *c : copies)
    if (mint_same_object (c->array, dir->array))
      {
        struct host_access acc = { dir->loc, c, region, false, NULL, false,
                                   dir };
        out->safe_push (acc);
      }
}

/* Calls VISIT (S, DATA) on the statements from START on (after START
   where AFTER), along every path, each block once; a path ends at a
   statement for which VISIT returns true.  */
static void
walk_statements_from (gimple *start, bool after,
                      bool (*visit) (gimple *, void *), void *data)
{
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  auto_vec<basic_block> work;
  basic_block bb = gimple_bb (start);
  bitmap_set_bit (seen, bb->index);
  gimple_stmt_iterator gsi = gsi_for_stmt (start);
  if (after)
    gsi_next (&gsi);
  for (;;)
    {
      bool ended = false;
      for (; !gsi_end_p (gsi) && !ended; gsi_next (&gsi))
        ended = visit (gsi_stmt (gsi), data);
      if (!ended)
        for (edge e : bb->succs)
          if (!bitmap_bit_p (seen, e->dest->index)
              && e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun))
            {
              bitmap_set_bit (seen, e->dest->index);
              work.safe_push (e->dest);
            }
      if (work.is_empty ())
        return;
      bb = work.pop ();
      gsi = gsi_start_bb (bb);
    }
}

/* What collect_accesses_from's walk collects and where it stops.  */
struct access_walk
{
  const struct mint_directive *region;
  bool after;
  const vec<const struct mint_directive *> *copies;
  const vec<struct array_alias> *aliases;
  sbitmap nests;
  vec<struct host_access> *out;
};

/* walk_statements_from's visitor for collect_accesses_from.  */
static bool
collect_access (gimple *s, void *data)
{
  struct access_walk *w = (struct access_walk *) data;
  const char *name = marker_name (s);
  bool ended = w->after ? name && strcmp (name, MINT_MARKER_PARALLEL) == 0
               : name && strcmp (name, MINT_MARKER_PARALLEL_END) == 0
                 && tree_to_shwi (gimple_call_arg (s, 0)) == w->region->id;
  if (w->after && name && strcmp (name, MINT_MARKER_COPY) == 0)
    collect_later_copy (s, w->region, *w->copies, w->out);
  if (ended || name || bitmap_bit_p (w->nests, gimple_bb (s)->index))
    return ended;
  location_t loc = gimple_location (s);
  if (loc == UNKNOWN_LOCATION)
    loc = w->region->loc;
  if (gcall *call = dyn_cast<gcall *> (s))
    collect_call_accesses (call, loc, w->region, *w->copies, *w->aliases,
                           w->out);
  if (!gimple_assign_single_p (s))
    return false;
  struct host_access acc = { loc, NULL, w->region, false, NULL, false,
                             NULL, s };
  if ((acc.copy = device_element (gimple_assign_rhs1 (s), *w->copies,
                                  *w->aliases)))
    w->out->safe_push (acc);
  acc.store = true;
  if ((acc.copy = device_element (gimple_assign_lhs (s), *w->copies,
                                  *w->aliases)))
    w->out->safe_push (acc);
  return false;
}

/* Appends to OUT the accesses of host code to elements of COPIES (of
   REGION, with their ALIASES) from statement START on, but for the
   blocks of NESTS: up to REGION's end marker, or where AFTER (the code
   after the region) up to the next region's start.  */
static void
collect_accesses_from (gimple *start, const struct mint_directive *region,
                       bool after,
                       const vec<const struct mint_directive *> &copies,
                       const vec<struct array_alias> &aliases, sbitmap nests,
                       vec<struct host_access> *out)
{
  struct access_walk w = { region, after, &copies, &aliases, nests, out };
  walk_statements_from (start, after, collect_access, &w);
}

/* Appends to OUT the accesses of host code to elements of the arrays the
   region of PAR (a parallel marker) copies to the device: the code from
   PAR to its end marker, but for the loop nests of its kernels; and to
   LATER those of the code after the region, up to the next one.  */
static void
collect_host_accesses (const struct marker &par,
                       const auto_vec<struct marker> &markers,
                       vec<struct host_access> *out,
                       vec<struct host_access> *later,
                       vec<struct swap_pair> *swaps)
{
  auto_vec<const struct mint_directive *> copies;
  region_copies (markers, par.dir->id, &copies);
  if (copies.is_empty ())
    return;
  auto_vec<struct array_alias> aliases;
  collect_aliases (copies, &aliases);
  collect_swaps (copies, aliases, swaps);
  auto_sbitmap nests (last_basic_block_for_fn (cfun));
  bitmap_clear (nests);
  mark_nest_blocks (markers, par.dir->id, nests);
  collect_accesses_from (par.stmt, par.dir, false, copies, aliases, nests,
                         out);
  /* After the region a local pointer set before it may hold the array
     that a swap in the region made the copied-back one.  */
  auto_vec<struct array_alias> no_aliases;
  bitmap_clear (nests);
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL_END) == 0
        && m.dir->id == par.dir->id)
      collect_accesses_from (m.stmt, par.dir, true, copies, no_aliases,
                             nests, later);
}

/* Whether an `update' of REGION moves the array of COPY.  */
static bool
region_updates (const auto_vec<struct marker> &markers, int region,
                const struct mint_directive *copy)
{
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_UPDATE && m.dir->region == region
        && mint_same_object (m.dir->array, copy->array))
      return true;
  return false;
}

/* The marker of MARKERS that statement S is, or NULL.  */
static const struct marker *
marker_of (gimple *s, const auto_vec<struct marker> &markers)
{
  for (const struct marker &m : markers)
    if (m.stmt == s)
      return &m;
  return NULL;
}

/* Whether every path of host code from the access A (forward: after it)
   to a kernel launch or the end of its region, or (backward: before it)
   from one, passes an `update' of its array in direction DIRECTION: the
   write reaches the device before a kernel or the copy back, the read
   sees what the kernels wrote.  Paths that reach neither are fine.  */
static bool
updated_around (const struct host_access &a,
                const auto_vec<struct marker> &markers,
                enum mint_copy_direction direction, bool forward)
{
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  auto_vec<gimple_stmt_iterator> work;
  gimple_stmt_iterator start = gsi_for_stmt (a.stmt);
  if (forward)
    gsi_next (&start);
  else
    gsi_prev (&start);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      gimple_stmt_iterator gsi = work.pop ();
      basic_block bb = gsi_bb (gsi);
      bool stopped = false;
      for (; !gsi_end_p (gsi) && !stopped;
           forward ? gsi_next (&gsi) : gsi_prev (&gsi))
        {
          const struct marker *m = marker_of (gsi_stmt (gsi), markers);
          if (!m)
            continue;
          if (m->dir->kind == MINT_DIR_UPDATE
              && m->dir->direction == direction
              && mint_same_object (m->dir->array, a.copy->array))
            stopped = true;
          else if (m->dir->kind == MINT_DIR_FOR)
            return false;
          else if (m->dir == a.region)
            {
              if (forward)
                return false;           /* the region's end: its copies */
              stopped = true;           /* its start: no kernel ran yet */
            }
        }
      if (stopped)
        continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, forward ? bb->succs : bb->preds)
        {
          basic_block next = forward ? e->dest : e->src;
          if (next->index < NUM_FIXED_BLOCKS
              || bitmap_bit_p (seen, next->index))
            continue;
          bitmap_set_bit (seen, next->index);
          work.safe_push (forward ? gsi_start_bb (next) : gsi_last_bb (next));
        }
    }
  return true;
}

/* Whether host access A stands next to an `update' of its array that
   moves what it reads or writes (updated_around).  A call given the
   array may move it itself, or take its device copy
   (mint_device_pointer, as examples/heat3d-mpi.c's exchange does): any
   update of the array in the region does.  */
static bool
updated_next_to (const struct host_access &a,
                 const auto_vec<struct marker> &markers)
{
  if (!a.stmt || a.call)
    return region_updates (markers, a.region->id, a.copy);
  if (a.store)
    return updated_around (a, markers, MINT_TO_DEVICE, true);
  return updated_around (a, markers, MINT_FROM_DEVICE, false);
}

/* Whether a kernel of REGION uses (WRITTEN: writes) the array of COPY.  */
static bool
region_uses (const vec<struct region_use> &uses, int region,
             const struct mint_directive *copy, bool written)
{
  for (const struct region_use &u : uses)
    if (u.region == region && u.copy == copy && (u.written || !written))
      return true;
  return false;
}

/* COPY and the copies whose arrays' pointers the function swaps with its,
   through chains of SWAPS (a rotation of three grids), into GROUP.  */
static void
swap_group (const vec<struct swap_pair> &swaps,
            const struct mint_directive *copy,
            vec<const struct mint_directive *> *group)
{
  group->safe_push (copy);
  for (unsigned i = 0; i < group->length (); i++)
    for (const struct swap_pair &p : swaps)
      {
        const struct mint_directive *other
          = p.a == (*group)[i] ? p.b : p.b == (*group)[i] ? p.a : NULL;
        if (other && !group->contains (other))
          group->safe_push (other);
      }
}

/* Whether a kernel of REGION uses (WRITTEN: writes) the array of a copy
   of GROUP.  */
static bool
group_used (const vec<struct region_use> &uses, int region,
            const vec<const struct mint_directive *> &group, bool written)
{
  for (const struct mint_directive *c : group)
    if (region_uses (uses, region, c, written))
      return true;
  return false;
}

/* Whether REGION copies back the array of a copy of GROUP.  */
static bool
group_copied_back (const auto_vec<struct marker> &markers, int region,
                   const vec<const struct mint_directive *> &group)
{
  for (const struct mint_directive *c : group)
    if (region_copies_back (markers, region, c))
      return true;
  return false;
}

/* Whether the device copy that COPY, a toDevice copy, makes is seen: the
   first kernel of its region (USES) that uses it reads it, or none uses
   it and the region copies it back or updates it.  A first kernel that
   only writes it is taken to set what later kernels read.  */
static bool
device_copy_seen (const vec<struct region_use> &uses,
                  const auto_vec<struct marker> &markers,
                  const struct mint_directive *copy)
{
  int region = next_region (markers, copy->id);
  const struct region_use *first = NULL;
  for (const struct region_use &u : uses)
    if (u.region == region && u.copy == copy
        && (!first || u.nest < first->nest))
      first = &u;
  if (first)
    return first->read;
  return region_copies_back (markers, region, copy)
         || region_updates (markers, region, copy);
}

/* Orders host accesses by their line, so that the first of an array is
   the one reported (the blocks are not walked in order; within a line,
   statements stay in order).  */
static int
compare_host_accesses (const void *pa, const void *pb, void *)
{
  int a = LOCATION_LINE (((const host_access *) pa)->loc);
  int b = LOCATION_LINE (((const host_access *) pb)->loc);
  return (a > b) - (a < b);
}

/* The function CALL calls, for messages: its declaration, or the
   expression of the pointer it calls through.  */
static tree
called_function (gcall *call)
{
  if (tree fndecl = gimple_call_fndecl (call))
    return fndecl;
  tree fn = gimple_call_fn (call);
  if (TREE_CODE (fn) == SSA_NAME && gimple_assign_single_p
      (SSA_NAME_DEF_STMT (fn)))
    return gimple_assign_rhs1 (SSA_NAME_DEF_STMT (fn));
  return fn;
}

/* The diagnostic for A, a call that can reach the elements of the array
   NAME: an error where it is given the array and kernels write it
   (WRITTEN), else a warning where the function may write it (which the
   kernels would not see where they USE the array, else the copy back
   would overwrite), or is given the structure that holds it (a helper
   that swaps the structure's pointers is fine).  Whether one was
   given.  */
static bool
report_call_access (const struct host_access &a, const char *name,
                    bool written, bool used)
{
  auto_diagnostic_group group;
  tree fn = called_function (as_a<gcall *> (a.call));
  if (a.holder)
    {
      if (!warning_at (a.loc, 0, "mint: the call to %qE is given the "
                       "structure holding %qs in the %<parallel%> region, "
                       "where the array lives on the device: if the function "
                       "reads or writes its elements, it uses the copy on "
                       "the host", fn, name))
        return false;
      inform (a.region->loc, "swapping the pointers of the structure is "
              "fine; for its elements, add %<#pragma mint update(%s, ...)%> "
              "around the call", name);
      return true;
    }
  if (written)
    {
      error_at (a.loc, "mint: the call to %qE can reach the elements of %qs "
                "in the %<parallel%> region, where kernels write the array "
                "on the device: the function would see the out-of-date copy "
                "on the host", fn, name);
      inform (a.region->loc, "compute it in a %<#pragma mint for%> loop "
              "nest, or add %<#pragma mint update(%s, toHost, ...)%> before "
              "the call (and %<toDevice%> after it, if the function writes "
              "the array)", name);
      return true;
    }
  if (!a.store)
    return false;
  if (used ? !warning_at (a.loc, 0, "mint: the call to %qE can write the "
                          "elements of %qs in the %<parallel%> region, where "
                          "the array lives on the device: the kernels would "
                          "not see a write", fn, name)
      : !warning_at (a.loc, 0, "mint: the call to %qE can write the elements "
                     "of %qs in the %<parallel%> region, where the array "
                     "lives on the device: its %<fromDevice%> copy after the "
                     "region would overwrite a write", fn, name))
    return false;
  inform (a.region->loc, "if the function only reads the array, declare "
          "its parameter %<const%>; if it writes it, add %<#pragma mint "
          "update(%s, toDevice, ...)%> after the call", name);
  return true;
}

/* What in_single's walk looks for: statement S before the end marker of
   `single' ID.  */
struct single_walk
{
  int id;
  gimple *s;
  bool found;
};

/* walk_statements_from's visitor for in_single.  */
static bool
find_in_single (gimple *stmt, void *data)
{
  struct single_walk *w = (struct single_walk *) data;
  const char *name = marker_name (stmt);
  w->found |= stmt == w->s;
  return w->found
         || (name && strcmp (name, MINT_MARKER_SINGLE_END) == 0
             && tree_to_shwi (gimple_call_arg (stmt, 0)) == w->id);
}

/* Whether statement S follows START, the marker of `single' ID, before
   its end marker, on some path.  */
static bool
in_single (gimple *start, int id, gimple *s)
{
  struct single_walk w = { id, s, false };
  walk_statements_from (start, false, find_in_single, &w);
  return w.found;
}

/* The note at `single' block D, whose code reads or writes an element on
   the host: why it does not run on the device (directive.h).  */
static void
note_single_on_host (const struct mint_directive *d)
{
  /* In the order of enum mint_single_host.  */
  static const struct { const char *does, *rest; } why[] = {
    { NULL, NULL },
    { "sets", ", declared outside it" },
    { "calls", "" },
    { "uses", ", which the region does not copy" },
    { "reads a pointer of", ", not an element" },
    { "declares", ", which a device thread cannot have of its own" },
    { "uses", ", which an update directive of the region moves" },
    { "jumps out of itself", NULL }
  };
  unsigned k = d->single_host;
  if (k == MINT_SINGLE_HOST_ONLY || k >= ARRAY_SIZE (why))
    {
      inform (d->loc, "a %<#pragma mint single%> block runs on the host");
      return;
    }
  if (!why[k].rest || !d->single_culprit)
    {
      inform (d->loc, "this %<#pragma mint single%> block runs on the host, "
              "not as one device thread, because it %s", k == MINT_SINGLE_CALLS
              ? "makes an indirect call" : why[k].does);
      return;
    }
  tree c = d->single_culprit;
  char *name = DECL_P (c) && DECL_NAME (c)
               ? xstrdup (IDENTIFIER_POINTER (DECL_NAME (c)))
               : mint_object_text (c);
  inform (d->loc, "this %<#pragma mint single%> block runs on the host, not "
          "as one device thread, because it %s %qs%s", why[k].does, name,
          why[k].rest);
  free (name);
}

/* The `single' directive among MARKERS whose block holds statement S, or
   NULL.  */
static const struct mint_directive *
enclosing_single (gimple *s, const auto_vec<struct marker> &markers)
{
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_SINGLE) == 0
        && in_single (m.stmt, m.dir->id, s))
      return m.dir;
  return NULL;
}

/* The diagnostics for ACCESSES, one per array and region: errors for
   reads of arrays the region's kernels (USES) write, writes of arrays
   they use or that the region copies back (the copy overwrites the
   write), and calls given arrays they write; warnings for calls that may
   write arrays they read, or are given a structure holding arrays they
   use.  */
static void
report_host_accesses (const vec<struct host_access> &accesses,
                      const vec<struct region_use> &uses,
                      const auto_vec<struct marker> &markers,
                      const vec<struct swap_pair> &swaps)
{
  auto_vec<const struct mint_directive *> reported, warned;
  for (const struct host_access &a : accesses)
    {
      if (reported.contains (a.copy))
        continue;
      auto_vec<const struct mint_directive *> swapped;
      swap_group (swaps, a.copy, &swapped);
      bool used = group_used (uses, a.region->id, swapped, false);
      bool written = group_used (uses, a.region->id, swapped, true);
      bool copied_back = a.store && !used && !a.holder
                         && group_copied_back (markers, a.region->id, swapped);
      /* The walks of updated_next_to only for accesses that matter.  */
      if (!(a.store ? used || copied_back : written)
          || updated_next_to (a, markers))
        continue;
      char *name = mint_object_text (a.copy->array);
      if (a.call)
        {
          bool error = !a.holder && written;
          if ((error || !warned.contains (a.copy))
              && report_call_access (a, name, error, used))
            (error ? reported : warned).safe_push (a.copy);
          free (name);
          continue;
        }
      reported.safe_push (a.copy);
      auto_diagnostic_group group;
      if (a.store && !used)
        {
          error_at (a.loc, "mint: host code writes an element of %qs in the "
                    "%<parallel%> region, where the array lives on the "
                    "device: its %<fromDevice%> copy after the region would "
                    "overwrite the write", name);
          inform (a.region->loc, "write it after the region, or add "
                  "%<#pragma mint update(%s, toDevice, ...)%> after the "
                  "write", name);
        }
      else if (a.store)
        {
          error_at (a.loc, "mint: host code writes an element of %qs in the "
                    "%<parallel%> region, where the array lives on the "
                    "device: the kernels would not see the write", name);
          inform (a.region->loc, "write it in a %<#pragma mint for%> loop "
                  "nest, or add %<#pragma mint update(%s, toDevice, ...)%> "
                  "after the write", name);
        }
      else
        {
          error_at (a.loc, "mint: host code reads an element of %qs in the "
                    "%<parallel%> region, where kernels write the array on "
                    "the device: the copy on the host is out of date until "
                    "the copy after the region", name);
          inform (a.region->loc, "compute it in a %<#pragma mint for%> "
                  "loop nest, or add %<#pragma mint update(%s, toHost, "
                  "...)%> before the read", name);
        }
      if (const struct mint_directive *single
          = a.stmt ? enclosing_single (a.stmt, markers) : NULL)
        note_single_on_host (single);
      if (swapped.length () > 1)
        {
          char *other = mint_object_text (swapped[1]->array);
          inform (a.loc, "the program swaps the pointers %qs and %qs",
                  name, other);
          free (other);
        }
      free (name);
    }
}

/* Whether host code of REGION (ACCESSES) writes, or gives a function
   that may write, the array of a copy of GROUP.  */
static bool
group_host_written (const vec<struct host_access> &accesses, int region,
                    const vec<const struct mint_directive *> &group)
{
  for (const struct host_access &a : accesses)
    if (a.region->id == region && a.store && group.contains (a.copy))
      return true;
  return false;
}

/* The warnings for the `update(..., toDevice)' directives of arrays that
   kernels of their region write but no host code of it writes: the
   update moves the host's values from before the region, and where they
   land on elements a kernel wrote, the kernels' results are lost, which
   the plain program (where the update does nothing) keeps.  */
static void
report_stale_updates (const vec<struct host_access> &accesses,
                      const vec<struct region_use> &uses,
                      const auto_vec<struct marker> &markers,
                      const vec<struct swap_pair> &swaps)
{
  for (const struct marker &m : markers)
    {
      if (m.dir->kind != MINT_DIR_UPDATE
          || m.dir->direction != MINT_TO_DEVICE)
        continue;
      auto_vec<const struct mint_directive *> copies;
      region_copies (markers, m.dir->region, &copies);
      const struct mint_directive *copy = copy_of (m.dir->array, copies);
      if (!copy)
        continue;               /* check_update's error */
      auto_vec<const struct mint_directive *> group;
      swap_group (swaps, copy, &group);
      if (!group_used (uses, m.dir->region, group, true)
          || group_host_written (accesses, m.dir->region, group))
        continue;
      auto_diagnostic_group diagnostic;
      if (warning_at (m.dir->loc, 0, "mint: this update copies %qE to the "
                      "device, but no host code of the %<parallel%> region "
                      "writes it: on the elements a kernel wrote, it puts "
                      "back the values from before the region (without mint "
                      "the update does nothing)", m.dir->array))
        inform (mint_directive_get (m.dir->region)->loc, "the kernels of "
                "this region write %qE", m.dir->array);
    }
}

/* Whether LATER holds a write of host code to an element of COPY's
   array.  */
static bool
host_writes (const vec<struct host_access> &later,
             const struct mint_directive *copy)
{
  for (const struct host_access &a : later)
    if (a.copy == copy && a.store && !a.call)
      return true;
  return false;
}

/* The diagnostic for A, a later region's copy of the array NAME to the
   device, where the array's kernels wrote it on the device in A's region
   but that region did not copy it back: an error, or a warning where
   host code may have set the elements since (WRITTEN).  Whether one was
   given.  */
static bool
report_later_copy (const struct host_access &a, const char *name,
                   bool written)
{
  if (written)
    return warning_at (a.loc, 0, "mint: this copy of %qs to the device "
                       "copies the elements on the host, which the kernels "
                       "of an earlier %<parallel%> region wrote on the "
                       "device without copying them back: unless the host "
                       "wrote them since, they are the values from before "
                       "that region", name);
  error_at (a.loc, "mint: this copy of %qs to the device copies the "
            "elements on the host, which the kernels of an earlier "
            "%<parallel%> region wrote on the device without copying them "
            "back: they are the values from before that region", name);
  return true;
}

/* The diagnostics for LATER, host code after a region that reads, or a
   call or a later region's copy (whose device copy is seen) that can
   read, the elements of an array the region's kernels (USES) write but
   the region neither copies back nor updates: the read sees the values
   from before the region, where the program's loops see the kernels'.
   An error, or a warning where the host may have written the elements
   itself first (it writes the array somewhere after the region) and for
   a call; one per array.  */
static void
report_later_reads (const vec<struct host_access> &later,
                    const vec<struct region_use> &uses,
                    const auto_vec<struct marker> &markers)
{
  auto_vec<const struct mint_directive *> reported;
  for (const struct host_access &a : later)
    {
      if ((a.store && !a.call) || reported.contains (a.copy)
          || !region_uses (uses, a.region->id, a.copy, true)
          || region_updates (markers, a.region->id, a.copy)
          || region_copies_back (markers, a.region->id, a.copy))
        continue;
      if (a.to_device && !device_copy_seen (uses, markers, a.to_device))
        continue;
      char *name = mint_object_text (a.copy->array);
      auto_diagnostic_group group;
      bool given;
      if (a.to_device)
        given = report_later_copy (a, name, host_writes (later, a.copy));
      else if (a.call)
        given = warning_at (a.loc, 0, "mint: the call to %qE can read the "
                            "elements of %qs after the %<parallel%> region, "
                            "whose kernels write the array on the device but "
                            "which does not copy it back: the function "
                            "would see the values from before the region",
                            called_function (as_a<gcall *> (a.call)), name);
      else if (host_writes (later, a.copy))
        given = warning_at (a.loc, 0, "mint: host code reads an element of "
                            "%qs after the %<parallel%> region, whose "
                            "kernels write the array on the device but "
                            "which does not copy it back: unless the host "
                            "wrote it since, the read sees its value from "
                            "before the region", name);
      else
        {
          error_at (a.loc, "mint: host code reads an element of %qs after "
                    "the %<parallel%> region, whose kernels write the array "
                    "on the device but which does not copy it back: the "
                    "read sees its value from before the region", name);
          given = true;
        }
      if (given)
        {
          inform (a.region->loc, "add %<#pragma mint copy(%s, fromDevice, "
                  "...)%> after the region", name);
          reported.safe_push (a.copy);
        }
      free (name);
    }
}

/* Whether ARRAY, the array of a copy, is a pointer parameter of its
   function: the caller does not see where the function makes it point.  */
static bool
pointer_parameter_p (tree array)
{
  return TREE_CODE (array) == PARM_DECL && POINTER_TYPE_P (TREE_TYPE (array));
}

/* Whether a swap of SWAPS between copies of GROUP runs in a loop of the
   region whose marker is REGION: more than once, so that the kernels
   write the array of every pointer of the group.  */
static bool
group_swapped_in_loop (const vec<struct swap_pair> &swaps,
                       const vec<const struct mint_directive *> &group,
                       gimple *region)
{
  if (!current_loops)
    return false;
  for (const struct swap_pair &p : swaps)
    {
      class loop *l = gimple_bb (p.stmt)->loop_father;
      if (group.contains (p.a) && l && l->num != 0
          && !flow_bb_inside_loop_p (l, gimple_bb (region)))
        return true;
    }
  return false;
}

/* The warnings for pointer parameters of FUN, a function that returns no
   pointer, swapped in a region with others of which the region copies
   some back but not them (the region's kernels writing the group): the
   copy back goes to the array the copied pointer points to after the
   region, which depends on the number of swaps; the array the others
   point to then keeps its elements from before the region, where the
   program's loops leave the kernels' results (where the swaps run in a
   loop of the region: after one swap that array was only read), and the
   caller, which sees neither pointer, may read either array.  */
static void
report_lost_results (function *fun, const vec<struct host_access> &later,
                     const vec<struct region_use> &uses,
                     const auto_vec<struct marker> &markers,
                     const vec<struct swap_pair> &swaps)
{
  if (POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (fun->decl))))
    return;
  for (const struct marker &m : markers)
    {
      if (strcmp (m.name, MINT_MARKER_PARALLEL) != 0)
        continue;
      auto_vec<const struct mint_directive *> copies;
      region_copies (markers, m.dir->id, &copies);
      for (const struct mint_directive *copy : copies)
        {
          auto_vec<const struct mint_directive *> group;
          swap_group (swaps, copy, &group);
          if (group.length () < 2 || !pointer_parameter_p (copy->array)
              || region_copies_back (markers, m.dir->id, copy)
              || region_updates (markers, m.dir->id, copy)
              || !group_copied_back (markers, m.dir->id, group)
              || !group_used (uses, m.dir->id, group, true)
              || !group_swapped_in_loop (swaps, group, m.stmt))
            continue;
          bool later_use = false;
          for (const struct host_access &a : later)
            later_use |= a.copy == copy;
          if (later_use)
            continue;
          auto_diagnostic_group diagnostic;
          if (warning_at (m.dir->loc, 0, "mint: the region swaps %qD with "
                          "arrays it copies back, but not %qD itself: the "
                          "array %qD points to after the region keeps its "
                          "elements from before it, where without mint it "
                          "holds the results of the kernels, and the caller "
                          "of %qD may read it", copy->array, copy->array,
                          copy->array, fun->decl))
            inform (m.dir->loc, "add %<#pragma mint copy(%E, fromDevice, "
                    "...)%> after the region, or return the pointer the "
                    "region copies back", copy->array);
        }
    }
}

static unsigned int
mint_lower_function (function *fun)
{
  auto_vec<struct marker> markers;
  collect_markers (fun, &markers);
  if (markers.is_empty ())
    return 0;
  int errors = errorcount;

  bool has_for = false;
  for (const struct marker &m : markers)
    has_for |= m.dir->kind == MINT_DIR_FOR;
  if (has_for)
    loop_optimizer_init (LOOPS_NORMAL);

  auto_vec<struct host_access> accesses, later;
  auto_vec<struct swap_pair> swaps;
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL) == 0)
      collect_host_accesses (m, markers, &accesses, &later, &swaps);
  auto_vec<struct region_use> uses;
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_FOR) == 0)
      offload_nest (fun, m, markers, &uses);
    else if (strcmp (m.name, MINT_MARKER_UPDATE) == 0)
      check_update (m, markers);
  /* After an error in a directive or a nest of this function, a loop
     that stays on the host would only repeat it.  */
  if (errorcount == errors && !mint_directive_errors_p (fun->decl))
    {
      accesses.stablesort (compare_host_accesses, NULL);
      report_host_accesses (accesses, uses, markers, swaps);
      report_stale_updates (accesses, uses, markers, swaps);
      later.stablesort (compare_host_accesses, NULL);
      report_later_reads (later, uses, markers);
      if (errorcount == errors)
        report_lost_results (fun, later, uses, markers, swaps);
    }

  for (const struct marker &m : markers)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (m.stmt);
      mint_rewrite_marker (&gsi, m.dir, m.name);
    }

  if (has_for)
    {
      free_dominance_info (CDI_DOMINATORS);
      loop_optimizer_finalize (fun);
      loops_state_set (fun, LOOPS_NEED_FIXUP);
    }
  return TODO_cleanup_cfg;
}

namespace {

const pass_data pass_data_mint = {
  GIMPLE_PASS,          /* type */
  "mint",               /* name */
  OPTGROUP_NONE,        /* optinfo_flags */
  TV_NONE,              /* tv_id */
  PROP_cfg,             /* properties_required */
  0,                    /* properties_provided */
  0,                    /* properties_destroyed */
  0,                    /* todo_flags_start */
  0                     /* todo_flags_finish */
};

class pass_mint : public gimple_opt_pass
{
public:
  pass_mint (gcc::context *ctxt) : gimple_opt_pass (pass_data_mint, ctxt) {}

  unsigned int execute (function *fun) final override
  {
    return mint_lower_function (fun);
  }
};

} // namespace

void
mint_pass_register (const char *plugin_name)
{
  struct register_pass_info info;
  info.pass = new pass_mint (g);
  info.reference_pass_name = "cfg";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
  mint_rewrite_register_roots (plugin_name);
}
