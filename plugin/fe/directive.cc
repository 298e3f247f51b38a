/* directive.cc -- the table of the directives of the translation unit
   (directive.h): the front end fills it, the GIMPLE pass reads it.  */

#include "gcc-compat.h"
#include "directive.h"
#include "member.h"

static vec<directive_entry> directives;

/* Every tree the table refers to, so the GC keeps it until the pass.  */
static vec<tree, va_gc> *kept_trees;

struct mint_directive *
mint_directive_get (int id)
{
  if (id < 0 || (unsigned) id >= directives.length ())
    return NULL;
  return &directives[id].d;
}

int
mint_directive_count (void)
{
  return directives.length ();
}

void
mint_keep_tree (tree t)
{
  if (t)
    vec_safe_push (kept_trees, t);
}

/* The arrays of the copy directives that were refused (an element type,
   a shape or extents mint cannot copy, a syntax error after the name):
   their kernels get no second error saying the array is never copied.  */
static vec<tree> refused_copies;

void
mint_refuse_copy (const struct mint_directive *d)
{
  if (d->kind != MINT_DIR_COPY || !d->array)
    return;
  refused_copies.safe_push (d->array);
  mint_keep_tree (d->array);
}

bool
mint_copy_refused_p (tree object)
{
  for (tree t : refused_copies)
    if (mint_same_object (t, object))
      return true;
  return false;
}

static const struct mint_clause_var *
clause_var (const struct mint_clause_var *vars, int n, tree var)
{
  for (int i = 0; i < n; i++)
    if (vars[i].var == var)
      return &vars[i];
  return NULL;
}

const struct mint_clause_var *
mint_reduction_of (const struct mint_directive *d, tree var)
{
  return clause_var (d->reductions, d->nreductions, var);
}

bool
mint_private_clause_p (const struct mint_directive *d, tree var)
{
  return clause_var (d->privates, d->nprivates, var) != NULL;
}

int
mint_add_directive (const struct mint_directive *d)
{
  directive_entry e;
  e.d = *d;
  e.d.id = directives.length ();
  e.fndecl = current_function_decl;
  e.placed = false;
  e.misplaced_reported = false;
  e.next_kind = NULL;
  e.next_loc = UNKNOWN_LOCATION;
  if (d->kind == MINT_DIR_PARALLEL)
    e.d.region = e.d.id;
  mint_keep_tree (d->array);
  mint_keep_tree (d->elem_type);
  for (int i = 0; i < d->nreductions; i++)
    mint_keep_tree (d->reductions[i].var);
  for (int i = 0; i < d->nprivates; i++)
    mint_keep_tree (d->privates[i].var);
  mint_keep_tree (current_function_decl);
  directives.safe_push (e);
  return e.d.id;
}

const char *
mint_directive_name (enum mint_directive_kind kind)
{
  switch (kind)
    {
    case MINT_DIR_COPY: return "copy";
    case MINT_DIR_PARALLEL: return "parallel";
    case MINT_DIR_FOR: return "for";
    case MINT_DIR_BARRIER: return "barrier";
    case MINT_DIR_SINGLE: return "single";
    case MINT_DIR_UPDATE: return "update";
    }
  gcc_unreachable ();
}

/* The functions in which a directive was reported as faulty: the pass
   says nothing more about their host code (a loop that a faulty `for'
   leaves on the host would only repeat the error).  */
static vec<tree> faulty_functions;

void
mint_note_errors_since (int errors, tree fn)
{
  if (errorcount > errors && fn && !faulty_functions.contains (fn))
    {
      faulty_functions.safe_push (fn);
      mint_keep_tree (fn);
    }
}

bool
mint_directive_errors_p (tree fn)
{
  return faulty_functions.contains (fn);
}

/* The functions whose parsing failed (but for their directives).  */
static vec<tree> unparsed_functions;

void
mint_note_parse_errors (tree fn)
{
  if (!unparsed_functions.contains (fn))
    {
      unparsed_functions.safe_push (fn);
      mint_keep_tree (fn);
    }
}

bool
mint_parse_errors_p (tree fn)
{
  return unparsed_functions.contains (fn);
}

directive_entry *
mint_directive_entry (int id)
{
  return &directives[id];
}

bool
mint_has_directives (tree fn)
{
  for (const directive_entry &e : directives)
    if (e.fndecl == fn)
      return true;
  return false;
}

bool
mint_unit_has_directives (void)
{
  return !directives.is_empty ();
}

/* Whether function FN has a copy directive of OBJECT in DIRECTION.  */
static bool
function_copies_in (tree fn, tree object,
                    enum mint_copy_direction direction)
{
  for (const directive_entry &e : directives)
    if (e.fndecl == fn && e.d.kind == MINT_DIR_COPY
        && e.d.direction == direction
        && mint_same_object (e.d.array, object))
      return true;
  return false;
}

void
mint_function_copied_objects (tree fn, vec<tree> *out)
{
  for (const directive_entry &e : directives)
    if (e.fndecl == fn && e.d.kind == MINT_DIR_COPY
        && e.d.direction == MINT_TO_DEVICE && !out->contains (e.d.array))
      out->safe_push (e.d.array);
}

bool
mint_function_copies (tree fn, tree object)
{
  return function_copies_in (fn, object, MINT_TO_DEVICE);
}

bool
mint_function_copies_back (tree fn, tree object)
{
  return function_copies_in (fn, object, MINT_FROM_DEVICE);
}

/* Whether a directive of KIND (copy, update) of region REGION names
   OBJECT, toward DIRECTION where not NULL.  */
static bool
region_names_toward (enum mint_directive_kind kind, int region, tree object,
                     const enum mint_copy_direction *direction)
{
  for (const directive_entry &e : directives)
    if (e.d.kind == kind && e.d.region == region
        && (!direction || e.d.direction == *direction)
        && mint_same_object (e.d.array, object))
      return true;
  return false;
}

bool
mint_region_names (enum mint_directive_kind kind, int region, tree object)
{
  return region_names_toward (kind, region, object, NULL);
}

bool
mint_region_updates_device (int region, tree object)
{
  const enum mint_copy_direction to = MINT_TO_DEVICE;
  return region_names_toward (MINT_DIR_UPDATE, region, object, &to);
}

static const struct ggc_root_tab directive_table_roots[] = {
  { &kept_trees, 1, sizeof (kept_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

void
mint_directive_table_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) directive_table_roots);
}
