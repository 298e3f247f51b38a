/* markers.cc -- the marker calls of a function in GIMPLE (markers.h,
   directive.h) and the copies of a parallel region they show.  */

#include "gcc-compat.h"
#include "directive.h"
#include "marker-call.h"
#include "member.h"
#include "markers.h"

/* The marker name of call S, or NULL if S is not a marker.  The markers
   are artificial decls: a user's function of the same name is not one.  */
const char *
mint_marker_name (gimple *s)
{
  if (!is_gimple_call (s))
    return NULL;
  tree fn = gimple_call_fndecl (s);
  if (!fn || !DECL_NAME (fn) || !DECL_ARTIFICIAL (fn))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  for (int m = 0; m < MARKER_COUNT; m++)
    if (strcmp (name, mint_marker_kind_name ((enum marker_kind) m)) == 0)
      return mint_marker_kind_name ((enum marker_kind) m);
  return NULL;
}

void
mint_collect_markers (function *fun, auto_vec<struct marker> *out)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        const char *name = mint_marker_name (s);
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
void
mint_region_copies (const auto_vec<struct marker> &markers, int region,
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

/* The copy among COPIES whose array T is, or NULL.  */
const struct mint_directive *
mint_copy_among (tree t, const vec<const struct mint_directive *> &copies)
{
  for (const struct mint_directive *c : copies)
    if (t && mint_same_object (c->array, t))
      return c;
  return NULL;
}
