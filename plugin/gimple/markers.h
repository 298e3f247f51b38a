/* markers.h -- the marker calls of a function in GIMPLE (directive.h)
   and the copies of a parallel region they show (markers.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_MARKERS_H
#define MINT_MARKERS_H

/* A marker call in the function: the statement, its marker name and the
   directive its id names.  */
struct marker
{
  gimple *stmt;
  const char *name;
  const struct mint_directive *dir;
};

/* The marker name of call S, or NULL if S is not a marker.  */
const char *mint_marker_name (gimple *s);

/* The marker calls of FUN, in the order of its blocks, into OUT.  */
void mint_collect_markers (function *fun, auto_vec<struct marker> *out);

/* The toDevice copies of the parallel region REGION: the copy
   directives of this function between the previous region and it.  */
void mint_region_copies (const auto_vec<struct marker> &markers, int region,
                         auto_vec<const struct mint_directive *> *out);

/* The copy among COPIES whose array T is, or NULL.  */
const struct mint_directive *
mint_copy_among (tree t, const vec<const struct mint_directive *> &copies);

#endif /* MINT_MARKERS_H */
