/* marker-call.h -- the marker calls the front end puts in a function body
   (marker-call.cc; their names and arguments: directive.h).

   Include after gcc-compat.h.  */

#ifndef MINT_MARKER_CALL_H
#define MINT_MARKER_CALL_H

enum marker_kind
{
  MARKER_COPY,
  MARKER_PARALLEL,
  MARKER_PARALLEL_END,
  MARKER_FOR,
  MARKER_BARRIER,
  MARKER_SINGLE,
  MARKER_SINGLE_END,
  MARKER_UPDATE,
  MARKER_COUNT,
  MARKER_NONE = MARKER_COUNT
};

/* The name of marker M's function (directive.h).  */
const char *mint_marker_kind_name (enum marker_kind m);

/* The declaration of marker M's function.  */
tree mint_marker_decl (enum marker_kind m);

/* A call of marker M with the directive id ID, at LOC.  */
tree mint_build_marker_call (location_t loc, enum marker_kind m, int id);

/* If STMT is a marker call, its kind (and *ID); else MARKER_NONE.  */
enum marker_kind mint_marker_call_kind (tree stmt, int *id);

/* Registers the marker declarations' GC roots.  */
void mint_marker_calls_register (const char *plugin_name);

#endif /* MINT_MARKER_CALL_H */
