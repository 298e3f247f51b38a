/* host-access.h -- the accesses of host code to the elements of the
   arrays a parallel region copies to the device (host-access.cc).

   Include after gcc-compat.h, directive.h and markers.h.  */

#ifndef MINT_HOST_ACCESS_H
#define MINT_HOST_ACCESS_H

/* The dimensions of an array an `update' gives ranges of (directive.h:
   __mint_update).  */
#define MINT_UPDATE_DIMS 4

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
  /* A call not given the array, a global, to a function of the unit (or
     through a pointer, to one whose address the unit takes):
     whether that function or one it calls reaches the array is known
     once every function of the unit is lowered
     (mint_function_reaches_global).  */
  bool through_global;
  /* A call given the array that moves it to the device
     (mint_function_moves_parameter): no host access, but a use of the
     region's device copy, which its kernels write where the parameter is
     not const (MOVED_STORE).  */
  bool moved, moved_store;
  /* The local pointer the access goes through, where it may hold other
     values than the array too (`q = c ? u : v;'), or the memory the
     pointer is loaded from (`h.p'), where the program stores the array's
     pointer in memory at ESCAPE_LOC (else UNKNOWN_LOCATION); or NULL.  */
  tree may_point;
  location_t escape_loc;
  /* For a call THROUGH_GLOBAL, the global: the array, or the global
     pointer or array of pointers the local array only ever holds a value
     of (`double *g = Gc;').  */
  tree global;
  /* For an access of an element by its subscripts, each subscript's
     least and greatest value, x first, where bit I of INDEX_KNOWN says
     that subscript I takes every value between them (mint_index_range:
     a constant, or a loop's variable plus a constant).  */
  unsigned index_known;
  HOST_WIDE_INT index_least[MINT_UPDATE_DIMS], index_most[MINT_UPDATE_DIMS];
};

/* Two copies of a region whose arrays' pointers the function swaps: an
   assignment to one's pointer of the other's, directly or through a
   local of ALIASES (`tmp = u; u = v; v = tmp;').  */
struct swap_pair
{
  const struct mint_directive *a, *b;
  gimple *stmt;                 /* the assignment */
};

/* COPY and the copies whose arrays' pointers the function swaps with its,
   through chains of SWAPS (a rotation of three grids), into GROUP.  */
void mint_swap_group (const vec<struct swap_pair> &swaps,
                      const struct mint_directive *copy,
                      vec<const struct mint_directive *> *group);

/* Appends to OUT the accesses of host code to elements of the arrays the
   region of PAR (a parallel marker) copies to the device: the code from
   PAR to its end marker, but for the loop nests of its kernels; to
   LATER those of the code after the region, also in later regions' host
   code, up to a later copy of the array toDevice (which is one of them)
   or the region's start again; and to SWAPS the pairs of those arrays
   whose pointers the function swaps.  */
void mint_collect_host_accesses (const struct marker &par,
                                 const auto_vec<struct marker> &markers,
                                 vec<struct host_access> *out,
                                 vec<struct host_access> *later,
                                 vec<struct swap_pair> *swaps);

/* Whether FN, a function of the unit, or a function of the unit it
   calls, reads or writes on the host the elements of GLOBAL, a global
   array, pointer or array of pointers: an element of it, through a local
   pointer only ever set from it too, or a call given its pointer or an
   element's address (as a call of the region is).  A function with
   directives of its own moves the arrays it uses itself (its regions'
   host code is checked there): only its code before its first directive
   counts.  A function outside the unit is taken to leave GLOBAL alone,
   as elsewhere a call not given an array is.  Call it once every
   function of the unit is lowered.  */
bool mint_function_reaches_global (tree fn, tree global);

/* A call of host code and the function it calls (mint_call_target).  */
struct host_call
{
  gcall *call;
  tree fn;
};

/* A call outside the function's regions that gives an array of the
   function's own to a function moving it to the device: its function
   FN takes ARRAY as parameter ARGNO.  */
struct moving_call
{
  gcall *call;
  tree fn;
  unsigned argno;
  tree array;
};

/* Appends to OUT the calls of OUTSIDE_CALLS, host code outside the
   function's regions (mint_collect_region_calls), that give a function
   of the unit that moves the
   array to the device (mint_function_moves_parameter) an array of the
   function's own, which host code after the call may read (an element,
   or a call given it but for free and functions that move it): a local
   array, or a pointer only ever set to memory the function allocates
   (malloc, calloc, aligned_alloc) or to another such pointer's value, a
   local one or a member of a local structure, whose address is never
   taken.  A pointer set only to another's value (`double *w = u;') holds
   the same array.  No caller's region can hold those; a scratch array
   read nowhere after the call needs no copy back.  */
void mint_collect_moving_calls (const vec<struct host_call> &outside_calls,
                                vec<struct moving_call> *out);

/* Appends to REGION_CALLEES the functions that calls of the regions of
   the function (of MARKERS) call, once each, and to OUTSIDE_CALLS the
   calls of functions outside those regions (but libmintrt's and the
   directives' markers), of the function or through a pointer to it
   (mint_call_target).  */
void mint_collect_region_calls (const auto_vec<struct marker> &markers,
                                vec<tree> *region_callees,
                                vec<struct host_call> *outside_calls);

/* Whether host code of CALLER after its CALL may read or write the
   elements of GLOBAL, a global array or a global structure's member (as
   mint_function_reaches_global's walk finds them: an element, a call
   given its pointer, a function of the unit that reaches it).  Call it
   once every function is lowered.  */
bool mint_global_read_after_call (tree caller, gcall *call, tree global);

/* The extents of COPY, x first, from its marker among MARKERS
   (directive.h: __mint_copy), into EXTENTS; whether they are all
   constants (and at most 3).  */
bool mint_copy_constant_extents (const struct mint_directive *copy,
                                 const auto_vec<struct marker> &markers,
                                 HOST_WIDE_INT extents[MINT_UPDATE_DIMS]);

/* Orders host accesses by their line (a stablesort comparison).  */
int mint_compare_host_accesses (const void *pa, const void *pb, void *);

/* Calls VISIT (S, DATA) on the statements from START on (after START
   where AFTER), along every path, each block once; a path ends at a
   statement for which VISIT returns true.  */
void mint_walk_statements_from (gimple *start, bool after,
                                bool (*visit) (gimple *, void *),
                                void *data);

#endif /* MINT_HOST_ACCESS_H */
