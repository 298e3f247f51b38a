/* directive.h -- parsed #pragma mint directives: front end -> GIMPLE pass;
   the directive table (directive.cc).

   The pragma handler (pragma.cc) parses each directive into a table entry
   and appends a marker call (marker-call.h) at the pragma's position in
   the function body.  PLUGIN_PRE_GENERICIZE (region-end.h) adds the end
   markers.  The GIMPLE pass
   (pass.cc) finds the markers, looks the entries up by id, and replaces the
   markers with runtime calls.

   Markers (external functions, never defined; the pass removes them all):

     __mint_copy (int id, void *host_key, long nx, long ny, long nz,
                  long row, long plane, long whole, 0, 0, 0)
         host_key: address of the array's first element (mintrt.h);
         missing extents are 1; of a 4-D array, nz counts the planes of
         all its 3-D arrays; row, plane, whole: what the array's type
         fixes (0: nothing).
     __mint_parallel (int id)      __mint_parallel_end (int id)
         the end marker follows the region's block AND the fromDevice copies
         that directly follow it, so region end frees after copying back.
     __mint_for (int id)           directly before the loop nest
     __mint_barrier (int id)
     __mint_update (int id, void *host_key, long x0, long nx, long y0,
                    long ny, long z0, long nz, long w0, long nw,
                    long volume_planes)
         ranges not given are 0:1; the planes of each 3-D array of a 4-D
         one, else 0.
     __mint_single (int id)        __mint_single_end (int id)

   Include after the GCC headers (uses tree and location_t).  */

#ifndef MINT_DIRECTIVE_H
#define MINT_DIRECTIVE_H

enum mint_directive_kind
{
  MINT_DIR_COPY,
  MINT_DIR_PARALLEL,
  MINT_DIR_FOR,
  MINT_DIR_BARRIER,
  MINT_DIR_SINGLE,
  MINT_DIR_UPDATE
};

/* The long arguments of the copy and update markers.  */
#define MINT_DATA_ARGS 9

/* Of copy and update (whose toHost is MINT_FROM_DEVICE).  */
enum mint_copy_direction { MINT_TO_DEVICE, MINT_FROM_DEVICE };

/* How the host array is declared; decides the host key and the indexing
   the pass must recognize.  */
enum mint_array_style
{
  MINT_ARRAY_POINTER_CHAIN,     /* T ***a, T **a: a[z][y][x] through loads */
  MINT_ARRAY_VLA_POINTER,       /* T (*a)[NY][NX], T (*a)[NX] */
  MINT_ARRAY_FIXED,             /* T a[NZ][NY][NX] (global, static, local) */
  MINT_ARRAY_FLAT               /* T *a, affine flat subscripts */
};

/* Why a `single' block runs on the host, not as one device thread.  */
enum mint_single_host
{
  MINT_SINGLE_HOST_ONLY,        /* it uses no element of a copied array */
  MINT_SINGLE_SETS,             /* it sets a variable declared outside it */
  MINT_SINGLE_CALLS,            /* it calls a function the device lacks */
  MINT_SINGLE_UNCOPIED,         /* it uses an array the region does not copy */
  MINT_SINGLE_POINTERS,         /* it reads a pointer of a T *** array */
  MINT_SINGLE_DECLARES,         /* a static, variable-length or structure
                                   variable */
  MINT_SINGLE_UPDATED,          /* an array the region's updates move */
  MINT_SINGLE_JUMPS             /* it jumps out (goto, return, break) */
};

/* A jump in the loop nest of a `for' directive that leaves loops of the
   chain of perfectly nested `for' statements: those from LEVEL on (0:
   the outermost; a `return' leaves 0, a `break' of loop 1 leaves 1, a
   `continue' of loop 0 leaves 1, the loops inside it).  */
struct mint_nest_jump
{
  location_t loc;
  const char *keyword;          /* "break", "continue", "goto", "return" */
  int level;
};

/* A variable of a `reduction' or `private' clause of `for'.  */
struct mint_clause_var
{
  tree var;                     /* the VAR_DECL or PARM_DECL named */
  int op;                       /* reduction: a MINT_RED_* letter
                                   (mintrt.h); private: 0 */
  location_t loc;               /* its name in the clause */
};

#define MINT_NEST_ALL (-1)
#define MINT_FOR_DEPTH_UNKNOWN (-1)

struct mint_directive
{
  int id;
  enum mint_directive_kind kind;
  location_t loc;               /* the directive name's token */

  /* copy, update */
  tree array;                   /* the VAR_DECL or PARM_DECL named */
  enum mint_copy_direction direction;
  enum mint_array_style style;
  int nextents;                 /* extents or ranges: 1..4, as written */
  unsigned long elem_size;      /* bytes */
  tree elem_type;

  /* for */
  int nest;                     /* 1..3 or MINT_NEST_ALL */
  int tile[3];                  /* x, y, z as written; 0 = not given */
  int chunk[3];
  bool tile_auto;               /* tile(auto) */
  bool chunk_auto;              /* chunksize(auto) */
  bool nowait;
  /* The variables of the reduction clauses, in order, each once; of the
     private clauses alike (no variable is in both).  */
  struct mint_clause_var *reductions;
  int nreductions;
  struct mint_clause_var *privates;
  int nprivates;
  location_t clause_loc[4];     /* nest, tile, chunksize, the first
                                   reduction */
  bool independent;             /* no -Wmint-dependence warnings */
  bool single_block;            /* a `single' block run on the device */
  /* What PLUGIN_PRE_GENERICIZE found after the directive: how many `for'
     statements are perfectly nested there (1..3), 0 if no `for' statement
     follows (reported), MINT_FOR_DEPTH_UNKNOWN where GENERIC has no loop
     statements; and the `while' or `do' loop that ended the chain of
     nested loops, if one did.  */
  int for_depth;
  const char *other_loop;       /* "while", "do" or NULL */
  location_t other_loop_loc;
  /* The jumps that leave loops of that chain, in source order.  */
  struct mint_nest_jump *jumps;
  int njumps;
  /* The first computed goto of the nest (`goto *p'), whose location the
     CFG loses, or UNKNOWN_LOCATION.  */
  location_t computed_goto_loc;

  /* single: why it runs on the host where it does (PRE_GENERICIZE), and
     the variable, function or array that makes it  */
  enum mint_single_host single_host;
  tree single_culprit;

  /* parallel, single: the id of the matching region (for, barrier,
     update: the enclosing parallel region, -1 outside one) */
  int region;
};

/* The reduction clause variable of D that is VAR, or NULL.  */
const struct mint_clause_var *mint_reduction_of (const struct mint_directive *d,
                                                 tree var);

/* Whether VAR is in a private clause of D.  */
bool mint_private_clause_p (const struct mint_directive *d, tree var);

/* The entry with this id, or NULL.  */
struct mint_directive *mint_directive_get (int id);
int mint_directive_count (void);

/* Whether a directive of function FN was reported as faulty.  */
bool mint_directive_errors_p (tree fn);

/* Notes that the parser reported errors in function FN other than its
   directives'; whether it did (mint_parse_errors_p): its parse tree
   holds what the parser's recovery made of it, not the program.  */
void mint_note_parse_errors (tree fn);
bool mint_parse_errors_p (tree fn);

/* Whether a copy of OBJECT was refused with an error (its type, shape,
   extents or syntax): a kernel's use of it is not reported again as never
   copied.  */
bool mint_copy_refused_p (tree object);

/* Names of the marker functions, indexed by marker kind.  */
#define MINT_MARKER_COPY "__mint_copy"
#define MINT_MARKER_PARALLEL "__mint_parallel"
#define MINT_MARKER_PARALLEL_END "__mint_parallel_end"
#define MINT_MARKER_FOR "__mint_for"
#define MINT_MARKER_BARRIER "__mint_barrier"
#define MINT_MARKER_SINGLE "__mint_single"
#define MINT_MARKER_SINGLE_END "__mint_single_end"
#define MINT_MARKER_UPDATE "__mint_update"

/* Clause values used when a `for` does not give them (doc/mint.texi,
   Directives).  */
#define MINT_DEFAULT_TILE_X 16
#define MINT_DEFAULT_TILE_Y 16
#define MINT_DEFAULT_TILE_Z 1
#define MINT_DEFAULT_CHUNK 1
#define MINT_MAX_THREADS_PER_BLOCK 1024

/* The front end's side of the table.  */

struct directive_entry
{
  struct mint_directive d;
  tree fndecl;                  /* the function it appears in */
  bool placed;                  /* PRE_GENERICIZE found it where it belongs */
  bool misplaced_reported;      /* the parser already said it is not */
  /* for: the statement that follows it where that is no `for' loop: its
     kind (a loop keyword, "label", or NULL for another statement) and
     location (UNKNOWN_LOCATION at the end of a block).  */
  const char *next_kind;
  location_t next_loc;
};

/* Records D as a new entry of the current function; returns its id.  */
int mint_add_directive (const struct mint_directive *d);

/* The entry with id ID, which exists.  */
directive_entry *mint_directive_entry (int id);

/* Whether the table has a directive of function FN.  */
bool mint_has_directives (tree fn);

/* Whether the table has a directive of any function of the unit.  */
bool mint_unit_has_directives (void);

/* Whether function FN copies OBJECT toDevice before a region of its
   own.  */
bool mint_function_copies (tree fn, tree object);

/* Appends to OUT the objects that FN copies toDevice (arrays, pointers,
   structures' members), once each.  */
void mint_function_copied_objects (tree fn, vec<tree> *out);

/* Whether function FN copies OBJECT fromDevice after a region of its
   own.  */
bool mint_function_copies_back (tree fn, tree object);

/* Whether a directive of KIND (copy, update) of region REGION names
   OBJECT.  */
bool mint_region_names (enum mint_directive_kind kind, int region,
                        tree object);

/* Whether an update directive of region REGION moves OBJECT's host
   elements toDevice.  */
bool mint_region_updates_device (int region, tree object);

/* The name of directive KIND, as written after `#pragma mint'.  */
const char *mint_directive_name (enum mint_directive_kind kind);

/* Keeps T from the garbage collector until the pass.  */
void mint_keep_tree (tree t);

/* Notes that the copy D was refused (mint_copy_refused_p).  */
void mint_refuse_copy (const struct mint_directive *d);

/* Notes that function FN had a faulty directive if errors were reported
   since the error count was ERRORS (mint_directive_errors_p).  */
void mint_note_errors_since (int errors, tree fn);

/* Registers the table's GC roots.  */
void mint_directive_table_register (const char *plugin_name);

#endif /* MINT_DIRECTIVE_H */
