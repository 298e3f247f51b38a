/* host-report.cc -- the checks of host code in and after a parallel
   region (host-report.h).

   In a parallel region the kernels compute on the device copies of the
   region's arrays; the host's copies are brought up to date only by the
   copies after the region (or by `update').  Host code of the region
   (time loops, `single' blocks) that reads an element a kernel writes,
   or writes an element of a device array, would compute with other
   values than the plain program: an error at the access, unless the
   region moves that array with `update', which puts the program in
   charge.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "member.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "markers.h"
#include "parameter-moves.h"
#include "host-access.h"
#include "host-report.h"

/* The note at LOC, where the program stores the pointer of the array
   NAME in memory or loads it from there (struct escape).  */
static void
inform_escape (location_t loc, const char *name)
{
  inform (loc, "the pointer of %qs goes to or comes from memory here, "
          "where the analysis does not follow it", name);
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

/* Whether update DIR of MARKERS names the array of COPY, or a local
   pointer set only to copied arrays, COPY's among them
   (mint_chosen_copies), which it may move.  */
static bool
update_names (const struct mint_directive *dir,
              const auto_vec<struct marker> &markers,
              const struct mint_directive *copy)
{
  if (mint_same_object (dir->array, copy->array))
    return true;
  auto_vec<const struct mint_directive *> copies, chosen;
  mint_region_copies (markers, dir->region, &copies);
  mint_chosen_copies (cfun, copies, dir->array, &chosen);
  return chosen.contains (copy);
}

/* The first `update' of REGION that moves the array of COPY, or
   NULL.  */
static const struct mint_directive *
region_update (const auto_vec<struct marker> &markers, int region,
               const struct mint_directive *copy)
{
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_UPDATE && m.dir->region == region
        && update_names (m.dir, markers, copy))
      return m.dir;
  return NULL;
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

/* Whether marker M is an `update' in DIRECTION of the array of access A:
   of its copy's array, or, where POINTER (A's local pointer, not assigned
   on the path since A) still holds the array A went through, of that
   pointer, which the update follows to the same device array.  */
static bool
updates_access (const struct marker *m, const struct host_access &a,
                enum mint_copy_direction direction, tree pointer)
{
  return m->dir->kind == MINT_DIR_UPDATE && m->dir->direction == direction
         && (mint_same_object (m->dir->array, a.copy->array)
             || (pointer && mint_same_object (m->dir->array, pointer)));
}

/* Whether the kernel of the `for' directive NEST (-1: of a call that
   moves the array, mint_function_moves_parameter) writes the array of
   COPY (USES).  */
static bool
nest_writes (const vec<struct region_use> &uses, int nest,
             const struct mint_directive *copy)
{
  for (const struct region_use &u : uses)
    if (u.nest == nest && u.copy == copy && u.written)
      return true;
  return false;
}

/* The constant range of dimension I (x: 0) that update marker S moves,
   from *START, *COUNT elements (directive.h: __mint_update); whether it
   is constant.  */
static bool
update_range (gimple *s, unsigned i, HOST_WIDE_INT *start,
              HOST_WIDE_INT *count)
{
  if (2 * i + 3 >= gimple_call_num_args (s))
    return false;
  tree first = gimple_call_arg (s, 2 * i + 2);
  tree n = gimple_call_arg (s, 2 * i + 3);
  if (!tree_fits_shwi_p (first) || !tree_fits_shwi_p (n))
    return false;
  *start = tree_to_shwi (first);
  *count = tree_to_shwi (n);
  return true;
}

/* How much of the elements between LEAST and MOST, in the dimensions of
   KNOWN (bit I: dimension I, x first), update marker S moves by its
   constant ranges (directive.h: __mint_update's ranges): none where a
   dimension's range lies outside the update's (`u[N - 1][x] = ...'
   beside an update of row 0), part where one lies partly outside, else
   all that the ranges tell.  */
enum update_reach { UPDATE_MOVES_ALL, UPDATE_MOVES_PART, UPDATE_MOVES_NONE };

static enum update_reach
update_reach (gimple *s, unsigned known, const HOST_WIDE_INT *least,
              const HOST_WIDE_INT *most)
{
  enum update_reach reach = UPDATE_MOVES_ALL;
  HOST_WIDE_INT start, count;
  for (unsigned i = 0; i < MINT_UPDATE_DIMS; i++)
    if ((known & (1u << i)) && update_range (s, i, &start, &count))
      {
        if (most[i] < start || least[i] >= start + count)
          return UPDATE_MOVES_NONE;
        if (least[i] < start || most[i] >= start + count)
          reach = UPDATE_MOVES_PART;
      }
  return reach;
}

/* update_reach of the elements host access A (a statement's read or
   write) may reach.  */
static enum update_reach
access_reach (gimple *s, const struct host_access &a)
{
  return update_reach (s, a.index_known, a.index_least, a.index_most);
}

/* qsort's order of HOST_WIDE_INTs.  */
static int
compare_hwi (const void *pa, const void *pb)
{
  HOST_WIDE_INT a = *(const HOST_WIDE_INT *) pa;
  HOST_WIDE_INT b = *(const HOST_WIDE_INT *) pb;
  return a < b ? -1 : a > b;
}

/* Whether update marker M is one of A's region in DIRECTION of A's
   array.  */
static bool
region_update_of (const struct marker &m, const struct host_access &a,
                  enum mint_copy_direction direction)
{
  return m.dir->region == a.region->id
         && updates_access (&m, a, direction, NULL_TREE);
}

/* Into CUTS, sorted and each once, where the constant ranges of the
   updates of A's region among MARKERS in DIRECTION start and end inside
   A's range of dimension I, and that range's own ends: the pieces
   between them are each moved whole by an update or not at all.  */
static void
update_cuts (const struct host_access &a,
             const auto_vec<struct marker> &markers,
             enum mint_copy_direction direction, unsigned i,
             vec<HOST_WIDE_INT> *cuts)
{
  cuts->safe_push (a.index_least[i]);
  cuts->safe_push (a.index_most[i] + 1);
  HOST_WIDE_INT start, count;
  for (const struct marker &m : markers)
    if (region_update_of (m, a, direction)
        && update_range (m.stmt, i, &start, &count))
      {
        if (start > a.index_least[i] && start <= a.index_most[i])
          cuts->safe_push (start);
        if (start + count > a.index_least[i]
            && start + count <= a.index_most[i])
          cuts->safe_push (start + count);
      }
  cuts->qsort (compare_hwi);
  unsigned kept = 0;
  for (unsigned k = 0; k < cuts->length (); k++)
    if (k == 0 || (*cuts)[k] != (*cuts)[kept - 1])
      (*cuts)[kept++] = (*cuts)[k];
  cuts->truncate (kept);
}

/* Whether the updates of A's region among MARKERS in DIRECTION (A's
   array's) together move each element that host access A, whose
   subscripts A knows, may reach: each piece of A's box that the updates'
   constant ranges cut (update_cuts) lies in one of them; where the
   pieces are more than a few thousand, taken as so.  */
static bool
updates_move_every_element (const struct host_access &a,
                            const auto_vec<struct marker> &markers,
                            enum mint_copy_direction direction)
{
  auto_vec<HOST_WIDE_INT> cuts[MINT_UPDATE_DIMS];
  unsigned piece[MINT_UPDATE_DIMS] = {};
  HOST_WIDE_INT pieces = 1;
  for (unsigned i = 0; i < MINT_UPDATE_DIMS; i++)
    if (a.index_known & (1u << i))
      {
        update_cuts (a, markers, direction, i, &cuts[i]);
        pieces *= cuts[i].length () - 1;
        if (pieces > 4096)
          return true;
      }
  for (HOST_WIDE_INT e = 0; e < pieces; e++)
    {
      HOST_WIDE_INT least[MINT_UPDATE_DIMS] = {}, most[MINT_UPDATE_DIMS] = {};
      for (unsigned i = 0; i < MINT_UPDATE_DIMS; i++)
        if (a.index_known & (1u << i))
          {
            least[i] = cuts[i][piece[i]];
            most[i] = cuts[i][piece[i] + 1] - 1;
          }
      bool moved = false;
      for (const struct marker &m : markers)
        moved |= region_update_of (m, a, direction)
                 && update_reach (m.stmt, a.index_known, least,
                                  most) == UPDATE_MOVES_ALL;
      if (!moved)
        return false;
      for (unsigned i = 0; i < MINT_UPDATE_DIMS; i++)
        if (a.index_known & (1u << i))
          {
            if (++piece[i] < cuts[i].length () - 1)
              break;
            piece[i] = 0;
          }
    }
  return true;
}

/* Whether update marker S in DIRECTION may move the elements that host
   access A (a statement's read or write) reads or writes, where MARKERS
   are the function's: not where it moves none of them, nor where it
   moves some, and no update of the region moves the others (a host
   loop's rows 0 to N - 1, an update of rows 1 to N - 2).  */
static bool
update_may_cover (gimple *s, const struct host_access &a,
                  const auto_vec<struct marker> &markers,
                  enum mint_copy_direction direction)
{
  if (a.call || !a.stmt
      || (!gimple_assign_single_p (a.stmt) && !a.index_known))
    return true;
  switch (access_reach (s, a))
    {
    case UPDATE_MOVES_NONE:
      return false;
    case UPDATE_MOVES_PART:
      return updates_move_every_element (a, markers, direction);
    default:
      return true;
    }
}

/* A place of updated_around's walk: where, the pointer whose update
   still counts (or NULL_TREE), and the variable that holds the access's
   elements there (HOLDER, the array's own pointer where the walk starts;
   NULL_TREE where it lost them), with, forward, a second variable
   assigned from it (ALIAS, or NULL_TREE).  */
struct walk_point
{
  gimple_stmt_iterator gsi;
  tree pointer;
  tree holder, alias;
};

/* A block updated_around reached with holders other than the access's
   own array alone (after a swap): its INDEX, whether an update of the
   local pointer still counted, and the HOLDER and ALIAS.  */
struct walk_visit
{
  int index;
  bool pointer;
  tree holder, alias;
};

/* What updated_around has reached: with the access's own array OWN as
   the holder, the blocks reached with, [1], and without, [0], an update
   of its local pointer counting (SEEN); with other holders, OTHERS.  */
struct walk_visits
{
  auto_sbitmap seen[2];
  tree own;
  auto_vec<struct walk_visit> others;
  walk_visits (tree array)
    : seen { auto_sbitmap (last_basic_block_for_fn (cfun)),
             auto_sbitmap (last_basic_block_for_fn (cfun)) }, own (array)
  {
    bitmap_clear (seen[0]);
    bitmap_clear (seen[1]);
  }
};

/* Whether the walk reached NEXT with P's state before (VISITS); records
   it.  */
static bool
walk_reached (struct walk_visits *visits, basic_block next,
              const struct walk_point &p)
{
  bool pointer = p.pointer != NULL_TREE;
  if (p.holder == visits->own && !p.alias)
    {
      if (bitmap_bit_p (visits->seen[pointer], next->index))
        return true;
      bitmap_set_bit (visits->seen[pointer], next->index);
      return false;
    }
  for (const struct walk_visit &v : visits->others)
    if (v.index == next->index && v.pointer == pointer
        && v.holder == p.holder && v.alias == p.alias)
      return true;
  struct walk_visit v = { next->index, pointer, p.holder, p.alias };
  visits->others.safe_push (v);
  return false;
}

/* The variable that S copies a pointer from (`lhs = rhs' or a cast of
   it), or NULL_TREE.  */
static tree
pointer_copied (gimple *s)
{
  if (!gimple_assign_single_p (s) && !gimple_assign_cast_p (s))
    return NULL_TREE;
  tree rhs = gimple_assign_rhs1 (s);
  if (!POINTER_TYPE_P (TREE_TYPE (rhs))
      || !(TREE_CODE (rhs) == SSA_NAME || DECL_P (rhs)
           || handled_component_p (rhs) || TREE_CODE (rhs) == MEM_REF))
    return NULL_TREE;
  return rhs;
}

/* The holder of an access's elements before statement S, where HOLDER
   holds them after it: a swap of time levels (`tmp = u; u = v; v =
   tmp;') moves them between pointers, and an assignment of the holder
   takes them from its right-hand side.  */
static tree
holder_before (gimple *s, tree holder)
{
  if (!holder || !is_gimple_assign (s)
      || !mint_same_object (gimple_assign_lhs (s), holder))
    return holder;
  return pointer_copied (s);
}

/* P's holder and alias of an access's elements after statement S, where
   they hold them before it: `x = holder' makes X the alias; an
   assignment of the holder leaves them to the alias, which becomes the
   holder (so the swap `tmp = u; u = v; v = tmp;' moves them from U
   through TMP to V), or loses them; one of the alias drops it.  */
static void
holders_after (gimple *s, struct walk_point *p)
{
  if (!p->holder || !is_gimple_assign (s))
    return;
  tree lhs = gimple_assign_lhs (s), rhs = pointer_copied (s);
  bool from_holder = rhs && mint_same_object (rhs, p->holder);
  bool keeps = from_holder
               || (rhs && p->alias && mint_same_object (rhs, p->alias));
  if (mint_same_object (lhs, p->holder))
    {
      if (!keeps)
        p->holder = p->alias, p->alias = NULL_TREE;
    }
  else if (p->alias && mint_same_object (lhs, p->alias))
    {
      if (!keeps)
        p->alias = NULL_TREE;
    }
  else if (from_holder && (VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL
                           || TREE_CODE (lhs) == COMPONENT_REF))
    p->alias = lhs;
}

/* The copy among COPIES whose array P's holder is, else its alias's.  */
static const struct mint_directive *
copy_holding (const struct walk_point &p,
              const auto_vec<const struct mint_directive *> &copies)
{
  const struct mint_directive *c = mint_copy_among (p.holder, copies);
  return c || !p.alias ? c : mint_copy_among (p.alias, copies);
}

/* Whether S is a call that ACCESSES record as moving COPY's array to the
   device (mint_function_moves_parameter), and, where WRITES, whose
   kernels may write it: it uses the region's device copy.  */
static bool
moving_call_p (gimple *s, const struct mint_directive *copy,
               const vec<struct host_access> *accesses, bool writes)
{
  if (!accesses || !is_gimple_call (s))
    return false;
  for (const struct host_access &a : *accesses)
    if (a.moved && a.stmt == s && a.copy == copy
        && (!writes || a.moved_store))
      return true;
  return false;
}

/* Whether every path of host code from the access A (forward: after it)
   to a kernel launch or the end of its region, or (backward: before it)
   from one, passes an `update' of its array in direction DIRECTION: the
   write reaches the device before a kernel or the copy back, the read
   sees what the kernels wrote.  Paths that reach neither are fine.  A
   path that assigns A's local pointer leaves only updates of the array
   itself; a path that assigns the array's pointer (a swap of time
   levels) follows the elements to the pointer that held them
   (holder_before, holders_after): only updates of it count.  Where
   WRITERS are given (the region's uses), only kernels that write A's
   array count, and an update of a local pointer that may hold it counts
   (update_names).  A call of ACCESSES that moves the array to the
   device and runs kernels on it (moving_call_p: that write it,
   backward) is a kernel, and where a path reaches one, into *CALL
   (where CALL is given).  */
static bool
updated_around (const struct host_access &a,
                const auto_vec<struct marker> &markers,
                enum mint_copy_direction direction, bool forward,
                const vec<struct region_use> *writers,
                const vec<struct host_access> *accesses, gimple **call)
{
  auto_vec<const struct mint_directive *> copies;
  mint_region_copies (markers, a.region->id, &copies);
  struct walk_visits visits (a.copy->array);
  tree pointer = a.may_point && VAR_P (a.may_point)
                 && !is_global_var (a.may_point)
                 && !TREE_ADDRESSABLE (a.may_point) ? a.may_point : NULL_TREE;
  auto_vec<struct walk_point> work;
  struct walk_point start = { gsi_for_stmt (a.stmt), pointer, a.copy->array,
                              NULL_TREE };
  if (forward)
    gsi_next (&start.gsi);
  else
    gsi_prev (&start.gsi);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      struct walk_point p = work.pop ();
      basic_block bb = gsi_bb (p.gsi);
      bool stopped = false;
      /* A with the copy whose array holds its elements here.  */
      struct host_access held = a;
      held.copy = copy_holding (p, copies);
      for (; !gsi_end_p (p.gsi) && !stopped;
           forward ? gsi_next (&p.gsi) : gsi_prev (&p.gsi))
        {
          gimple *s = gsi_stmt (p.gsi);
          if (p.pointer && gimple_get_lhs (s) == p.pointer)
            p.pointer = NULL_TREE;
          tree holder = p.holder, alias = p.alias;
          if (forward)
            holders_after (s, &p);
          else
            p.holder = holder_before (s, p.holder);
          if (holder != p.holder || alias != p.alias)
            held.copy = copy_holding (p, copies);
          if (moving_call_p (s, held.copy, accesses, !forward))
            {
              if (call)
                *call = s;
              return false;
            }
          const struct marker *m = marker_of (s, markers);
          if (!m)
            continue;
          if (held.copy
              && ((updates_access (m, held, direction, p.pointer)
                   && update_may_cover (m->stmt, held, markers, direction))
                  || (writers && m->dir->kind == MINT_DIR_UPDATE
                      && m->dir->direction == direction
                      && update_names (m->dir, markers, held.copy))))
            stopped = true;
          else if (m->dir->kind == MINT_DIR_FOR
                   && (!writers || !held.copy
                       || nest_writes (*writers, m->dir->id, held.copy)))
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
              || walk_reached (&visits, next, p))
            continue;
          struct walk_point q = { forward ? gsi_start_bb (next)
                                          : gsi_last_bb (next), p.pointer,
                                  p.holder, p.alias };
          work.safe_push (q);
        }
    }
  return true;
}

/* Whether host access A stands next to an `update' of its array that
   moves what it reads or writes (updated_around).  A call given the
   array may move it itself, or take its device copy
   (mint_device_pointer, as examples/heat3d-mpi.c's exchange does): any
   update of the array in the region does.  A call of ACCESSES that
   moves the array runs kernels on it (updated_around): where a path
   from A reaches one, into *CALL.  */
static bool
updated_next_to (const struct host_access &a,
                 const auto_vec<struct marker> &markers,
                 const vec<struct host_access> &accesses, gimple **call)
{
  if (!a.stmt || a.call)
    return region_update (markers, a.region->id, a.copy);
  if (a.store)
    return updated_around (a, markers, MINT_TO_DEVICE, true, NULL,
                           &accesses, call);
  return updated_around (a, markers, MINT_FROM_DEVICE, false, NULL,
                         &accesses, call);
}

/* Whether every path of REGION's host code from a kernel that writes the
   array of COPY (USES) to the region's end passes an `update' of it
   toHost: after the region the host holds what the kernels wrote, where
   the updates' boxes reach (which the program is in charge of).  An
   update in a time loop that more steps' kernels follow does not, nor
   one beside a call whose kernels write the array (a use of no nest of
   the region, whose place the walk does not follow).  */
static bool
updated_after_writes (const auto_vec<struct marker> &markers,
                      const vec<struct region_use> &uses,
                      const struct mint_directive *region,
                      const struct mint_directive *copy)
{
  if (!region_update (markers, region->id, copy)
      || nest_writes (uses, -1, copy))
    return false;
  for (const struct marker &m : markers)
    if (m.dir == region && strcmp (m.name, MINT_MARKER_PARALLEL_END) == 0)
      {
        struct host_access end = {};
        end.copy = copy;
        end.region = region;
        end.stmt = m.stmt;
        return updated_around (end, markers, MINT_FROM_DEVICE, false, &uses,
                               NULL, NULL);
      }
  return false;
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
         || region_update (markers, region, copy);
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

/* Whether A, a call given the array, stores its result in the array's
   own pointer (a = realloc (a, n)): the pointer then holds memory that
   is not on the device, whatever the call does to the elements.  */
static bool
moves_array_pointer_p (const struct host_access &a)
{
  tree lhs = gimple_call_lhs (a.call);
  return lhs && mint_same_object (lhs, a.copy->array);
}

/* The diagnostic for A, a call of moves_array_pointer_p that sets the
   pointer of the array NAME: an error where kernels write the array
   (WRITTEN: the call also sees the host's out-of-date copy), else a
   warning.  */
static bool
report_moved_pointer (const struct host_access &a, tree fn, const char *name,
                      bool written)
{
  if (!emit_diagnostic (written ? DK_ERROR : DK_WARNING, a.loc, 0,
                        "mint: the call to %qE sets %qs in the %<parallel%> "
                        "region to memory that is not on the device: kernels "
                        "and copies after it find no device copy of %qs",
                        fn, name, name))
    return false;
  inform (a.region->loc, "in the region, set %qs only to arrays the region "
          "copies (a pointer swap); call %qE before the region or after "
          "it", name, fn);
  return true;
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
  if (!a.holder && moves_array_pointer_p (a))
    return report_moved_pointer (a, fn, name, written);
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

/* mint_walk_statements_from's visitor for in_single.  */
static bool
find_in_single (gimple *stmt, void *data)
{
  struct single_walk *w = (struct single_walk *) data;
  const char *name = mint_marker_name (stmt);
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
  mint_walk_statements_from (start, false, find_in_single, &w);
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

/* Calls of host code to functions of the unit, not given arrays that
   kernels of the region write (globals): in regions, where the region
   does not update the array (GLOBAL_CALLS), and after regions that do
   not copy it back (LATER_GLOBAL_CALLS); report_global_calls reports
   those whose function reaches the array once every function is
   lowered.  */
struct global_call
{
  struct host_access access;
  tree caller;                  /* the function the call is in */
};
static vec<struct global_call> global_calls, later_global_calls;

/* A function of the unit whose address it takes, and which (or one it
   calls) reaches GLOBAL (mint_function_reaches_global), or NULL: the
   target of a call through a pointer may be such.  */
static tree
address_taken_reaching (tree global)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (node->address_taken
        && mint_function_reaches_global (node->decl, global))
      return node->decl;
  return NULL_TREE;
}

/* The function global call G may call that reaches its array (for a
   call through a pointer, one whose address the unit takes), where it
   is to be reported: its caller is still there (a function found
   unreachable is gone, with the call), and it is the first of REPORTED
   for its array and region, and for its call and global held by several
   arrays (`u = U[l]', `uc = U[l + 1]'); else NULL_TREE.  */
static tree
global_call_target (const struct global_call &g,
                    const vec<const struct host_access *> &reported)
{
  const struct host_access &a = g.access;
  if (!gimple_has_body_p (g.caller))
    return NULL_TREE;
  for (const struct host_access *r : reported)
    if (r->region == a.region
        && (r->copy == a.copy
            || (r->call == a.call && r->global == a.global)))
      return NULL_TREE;
  tree fn = gimple_call_fndecl (a.call);
  tree target = fn ? fn : address_taken_reaching (a.global);
  return target && mint_function_reaches_global (target, a.global)
         ? target : NULL_TREE;
}

/* The diagnostic of KIND for A, a call after its region to FN, which
   can read the elements of the array NAME that the region's kernels write
   but it does not copy back; whether it was given.  */
static bool
report_later_call (diagnostic_t kind, const struct host_access &a, tree fn,
                   const char *name)
{
  return emit_diagnostic (kind, a.loc, 0, "mint: the call to %qE can read "
                          "the elements of %qs after the %<parallel%> "
                          "region, whose kernels write the array on the "
                          "device but which does not copy it back: the "
                          "function would see the values from before the "
                          "region", fn, name);
}

/* The errors for the LATER_GLOBAL_CALLS whose function reaches their
   array: it would read the values from before the region.  */
static void
report_later_global_calls (void)
{
  auto_vec<const struct host_access *> reported;
  for (const struct global_call &g : later_global_calls)
    {
      tree target = global_call_target (g, reported);
      if (!target)
        continue;
      const struct host_access &a = g.access;
      char *name = mint_object_text (a.copy->array);
      auto_diagnostic_group group;
      report_later_call (DK_ERROR, a, target, name);
      inform (a.region->loc, "add %<#pragma mint copy(%s, fromDevice, "
              "...)%> after the region", name);
      free (name);
      reported.safe_push (&a);
    }
  later_global_calls.release ();
}

/* The errors for the GLOBAL_CALLS whose function (or one it calls;
   for a call through a pointer, a function whose address the unit
   takes) reaches their array, one per array and region, as for a call
   given the array, and for the LATER_GLOBAL_CALLS.  Before the IPA
   passes, every function of the unit is lowered; after an error they do
   not run, and neither does this.  */
static void
report_global_calls (void *, void *)
{
  auto_vec<const struct host_access *> reported;
  for (const struct global_call &g : global_calls)
    {
      const struct host_access &a = g.access;
      tree fn = gimple_call_fndecl (a.call);
      tree target = global_call_target (g, reported);
      if (!target)
        continue;
      char *name = mint_object_text (a.copy->array);
      report_call_access (a, name, true, true);
      if (!fn)
        inform (DECL_SOURCE_LOCATION (target), "the call through a pointer "
                "may call %qD, whose address the unit takes", target);
      fn = target;
      if (TREE_CODE (a.global) == PARM_DECL)
        inform (DECL_SOURCE_LOCATION (a.global), "%qE reads or writes the "
                "elements of its parameter %qD on the host outside its own "
                "%<parallel%> regions, where the host copy is out of date "
                "(or a write is lost); do it in a %<#pragma mint for%> loop "
                "nest of its region", fn, a.global);
      else if (a.global != a.copy->array)
        {
          if (POINTER_TYPE_P (TREE_TYPE (a.global)))
            inform (a.copy->loc, "%qs and the global pointer %qD point to "
                    "the same elements, which %qE can reach", name,
                    a.global, fn);
          else if (INTEGRAL_TYPE_P (TREE_TYPE (a.global)))
            inform (a.copy->loc, "the pointer of %qs is stored in the "
                    "integer %qD, through which %qE can reach the elements",
                    name, a.global, fn);
          else
            inform (a.copy->loc, "%qs holds a pointer of %qD, whose "
                    "elements %qE can reach", name, a.global, fn);
        }
      free (name);
      reported.safe_push (&a);
    }
  global_calls.release ();
  report_later_global_calls ();
}

/* Calls outside any region that give a function moving the array to
   the device an array of the caller's own (struct moving_call), for
   report_dropped_writes once every function is lowered.  */
struct dropped_call
{
  location_t loc;
  tree caller, fn;
  unsigned argno;
  char *array;
};
static vec<struct dropped_call> dropped_calls;

void
mint_note_moving_calls (tree caller, const vec<struct moving_call> &calls)
{
  for (const struct moving_call &m : calls)
    {
      struct dropped_call d = { gimple_location (m.call), caller, m.fn,
                                m.argno, mint_object_text (m.array) };
      dropped_calls.safe_push (d);
    }
}

/* The warnings for the calls of DROPPED_CALLS whose function loses what
   its kernels write into the array (mint_function_drops_parameter_
   writes): no region holds the caller's own array, and the function's
   region frees its device copy without copying it back.  */
static void
report_dropped_writes (void *, void *)
{
  for (struct dropped_call &d : dropped_calls)
    {
      tree parm = mint_function_parameter (d.fn, d.argno);
      if (gimple_has_body_p (d.caller)
          && mint_function_drops_parameter_writes (d.fn, d.argno))
        {
          auto_diagnostic_group group;
          if (warning_at (d.loc, 0, "mint: the call to %qD gives it %qs "
                          "outside any %<parallel%> region: what the "
                          "kernels it reaches write into %qs stays on the "
                          "device, which no region copies back, and is lost",
                          d.fn, d.array, d.array))
            inform (DECL_SOURCE_LOCATION (parm), "%qD reaches a "
                    "%<parallel%> region that copies it to the device but "
                    "not back: add %<#pragma mint copy(..., fromDevice, "
                    "...)%> after that region, or make the call in a region "
                    "that copies %qs", parm, d.array);
        }
      free (d.array);
    }
  dropped_calls.release ();
}

/* The calls of the unit's functions outside their regions, and the
   functions that calls in regions call (mint_note_region_calls), for
   report_dropped_global_writes.  */
struct outside_call
{
  struct host_call host;
  tree caller;
};
static vec<struct outside_call> outside_calls;
static vec<tree> region_callees;

void
mint_note_region_calls (tree caller, const vec<tree> &callees,
                        const vec<struct host_call> &calls)
{
  for (tree fn : callees)
    if (!region_callees.contains (fn))
      region_callees.safe_push (fn);
  for (const struct host_call &c : calls)
    {
      struct outside_call o = { c, caller };
      outside_calls.safe_push (o);
    }
}

/* Into REACHED the functions that calls in regions call, and those that
   they call in turn (the call graph's direct edges): a region around
   their calls may hold a global that their callees' regions write.  */
static void
collect_region_reached (hash_set<tree> *reached)
{
  auto_vec<tree> work;
  for (tree fn : region_callees)
    if (!reached->add (fn))
      work.safe_push (fn);
  while (!work.is_empty ())
    {
      cgraph_node *node = cgraph_node::get (work.pop ());
      for (cgraph_edge *e = node ? node->callees : NULL; e;
           e = e->next_callee)
        if (!reached->add (e->callee->decl))
          work.safe_push (e->callee->decl);
    }
}

/* An object of a global variable that function FN's regions write and
   never copy back (mint_function_dropped_globals).  */
struct dropped_global
{
  tree fn;
  tree object;
};

/* Appends to OUT the dropped globals of FN, and where a region reaches
   FN (REACHED), so that its own calls go unreported, those of the
   functions it calls outside its regions, in turn (PATH: the functions
   on the way).  */
static void
collect_dropped_globals (tree fn, hash_set<tree> &reached,
                         hash_set<tree> *path,
                         vec<struct dropped_global> *out)
{
  if (!fn || path->add (fn))
    return;
  auto_vec<tree> objects;
  mint_function_dropped_globals (fn, &objects);
  for (tree object : objects)
    {
      bool again = false;
      for (const struct dropped_global &d : *out)
        again |= mint_same_object (d.object, object);
      struct dropped_global d = { fn, object };
      if (!again)
        out->safe_push (d);
    }
  if (reached.contains (fn))
    for (const struct outside_call &o : outside_calls)
      if (o.caller == fn)
        collect_dropped_globals (o.host.fn, reached, path, out);
  path->remove (fn);
}

/* The warning for the call C of CALLER, which runs the regions of D.FN (the
   function called or one it calls) that write D.OBJECT, of a global
   variable, and never copy it back, where no region is around the call
   and host code after it may read the global (any code, but in main, as
   its callers may).  */
static void
report_dropped_global (const struct host_call &c, tree caller,
                       const struct dropped_global &d)
{
  if (MAIN_NAME_P (DECL_NAME (caller))
      && !mint_global_read_after_call (caller, c.call, d.object))
    return;
  char *name = mint_object_text (d.object);
  auto_diagnostic_group group;
  if (warning_at (gimple_location (c.call), 0, "mint: the call to %qD "
                  "outside any %<parallel%> region writes the global %qs "
                  "on the device, which no region copies back: what the "
                  "kernels it reaches write into %qs is lost",
                  c.fn, name, name))
    inform (DECL_SOURCE_LOCATION (d.fn), "%qD copies %qs to the device in "
            "a %<parallel%> region whose kernels write it, but not back: "
            "add %<#pragma mint copy(..., fromDevice, ...)%> after that "
            "region, or make the call in a region that copies %qs", d.fn,
            name, name);
  free (name);
}

/* The warnings for the calls of OUTSIDE_CALLS that lose what their
   function's regions, or those of functions it calls from code that
   a region reaches elsewhere, write into global arrays
   (report_dropped_global), where no region of the unit reaches their
   caller.  */
static void
report_dropped_global_writes (void *, void *)
{
  hash_set<tree> reached;
  collect_region_reached (&reached);
  for (const struct outside_call &o : outside_calls)
    {
      if (!gimple_has_body_p (o.caller) || reached.contains (o.caller))
        continue;
      auto_vec<struct dropped_global> dropped;
      hash_set<tree> path;
      collect_dropped_globals (o.host.fn, reached, &path, &dropped);
      for (const struct dropped_global &d : dropped)
        report_dropped_global (o.host, o.caller, d);
    }
  outside_calls.release ();
  region_callees.release ();
}

void
mint_host_report_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     report_global_calls, NULL);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     report_dropped_writes, NULL);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     report_dropped_global_writes, NULL);
}

/* The diagnostic for A, host code's statement that reads or writes an
   element of the array NAME in its region, where kernels USE it: an
   error, or a warning where A goes through a pointer loaded from memory
   that may hold the array (ESCAPE_LOC).  Whether one was given.  */
static bool
report_element_access (const struct host_access &a, const char *name,
                       bool used)
{
  diagnostic_t kind = a.escape_loc != UNKNOWN_LOCATION ? DK_WARNING
                                                       : DK_ERROR;
  if (a.store && !used)
    {
      if (!emit_diagnostic (kind, a.loc, 0, "mint: host code writes an "
                            "element of %qs in the %<parallel%> region, "
                            "where the array lives on the device: its "
                            "%<fromDevice%> copy after the region would "
                            "overwrite the write", name))
        return false;
      inform (a.region->loc, "write it after the region, or add "
              "%<#pragma mint update(%s, toDevice, ...)%> after the "
              "write", name);
    }
  else if (a.store)
    {
      if (!emit_diagnostic (kind, a.loc, 0, "mint: host code writes an "
                            "element of %qs in the %<parallel%> region, "
                            "where the array lives on the device: the "
                            "kernels would not see the write", name))
        return false;
      inform (a.region->loc, "write it in a %<#pragma mint for%> loop "
              "nest, or add %<#pragma mint update(%s, toDevice, ...)%> "
              "after the write", name);
    }
  else
    {
      if (!emit_diagnostic (kind, a.loc, 0, "mint: host code reads an "
                            "element of %qs in the %<parallel%> region, "
                            "where kernels write the array on the device: "
                            "the copy on the host is out of date until the "
                            "copy after the region", name))
        return false;
      inform (a.region->loc, "compute it in a %<#pragma mint for%> "
              "loop nest, or add %<#pragma mint update(%s, toHost, "
              "...)%> before the read", name);
    }
  return true;
}

/* The note for A, an access to NAME through a local pointer that may
   hold other arrays too, naming the pointer.  */
static void
note_local_pointer (const struct host_access &a, const char *name)
{
  if (a.may_point && !DECL_ARTIFICIAL (a.may_point))
    inform (a.loc, "%qD may point into %qs here", a.may_point, name);
}

/* A local pointer that may hold several copied arrays, through which an
   access of a region got a diagnostic: its accesses count once, not once
   for each array it may hold.  */
struct held_pointer
{
  int region;
  tree pointer;
};

/* Whether POINTERS hold the local pointer that A goes through.  */
static bool
pointer_reported (const struct host_access &a,
                  const vec<struct held_pointer> &pointers)
{
  if (!a.may_point || a.call || a.escape_loc != UNKNOWN_LOCATION)
    return false;
  for (const struct held_pointer &p : pointers)
    if (p.region == a.region->id && p.pointer == a.may_point)
      return true;
  return false;
}

/* Adds to POINTERS the local pointer that A, a diagnosed access, goes
   through, if any.  */
static void
note_pointer_reported (const struct host_access &a,
                       vec<struct held_pointer> *pointers)
{
  if (a.may_point && !a.call && a.escape_loc == UNKNOWN_LOCATION
      && !pointer_reported (a, *pointers))
    {
      struct held_pointer p = { a.region->id, a.may_point };
      pointers->safe_push (p);
    }
}

/* Whether host access A reaches one element in each dimension whose
   subscripts it knows.  */
static bool
one_element_p (const struct host_access &a)
{
  for (unsigned i = 0; i < MINT_UPDATE_DIMS; i++)
    if ((a.index_known & (1u << i)) && a.index_least[i] != a.index_most[i])
      return false;
  return true;
}

/* The notes at the updates of A's region that move A's array (NAME) in
   the direction of A, host code's read or write, but not its element
   (update_may_cover).  */
static void
note_other_elements_updated (const struct host_access &a,
                             const auto_vec<struct marker> &markers,
                             const char *name)
{
  enum mint_copy_direction direction = a.store ? MINT_TO_DEVICE
                                               : MINT_FROM_DEVICE;
  for (const struct marker &m : markers)
    if (region_update_of (m, a, direction)
        && !update_may_cover (m.stmt, a, markers, direction))
      inform (m.dir->loc, "this update of %qs %s that host code %s at "
              "line %d", name,
              one_element_p (a) ? "does not move the element"
              : access_reach (m.stmt, a) == UPDATE_MOVES_NONE
                ? "moves none of the elements"
              : "does not move every element",
              a.store ? "writes" : "reads", LOCATION_LINE (a.loc));
}

/* The diagnostics for ACCESSES, one per array and region: errors for
   reads of arrays the region's kernels (USES) write, writes of arrays
   they use or that the region copies back (the copy overwrites the
   write), and calls given arrays they write; warnings for calls that may
   write arrays they read, or are given a structure holding arrays they
   use, and for accesses through pointers loaded from memory that may
   hold such arrays.  */
void
mint_report_host_accesses (const vec<struct host_access> &accesses,
                           const vec<struct region_use> &uses,
                           const auto_vec<struct marker> &markers,
                           const vec<struct swap_pair> &swaps)
{
  auto_vec<const struct mint_directive *> reported, warned;
  auto_vec<gimple *> warned_at;         /* accesses through memory */
  auto_vec<struct held_pointer> pointers;
  for (const struct host_access &a : accesses)
    {
      if (reported.contains (a.copy) || a.moved
          || (a.escape_loc != UNKNOWN_LOCATION
              && (warned.contains (a.copy) || warned_at.contains (a.stmt)))
          || pointer_reported (a, pointers))
        continue;
      auto_vec<const struct mint_directive *> swapped;
      mint_swap_group (swaps, a.copy, &swapped);
      bool used = group_used (uses, a.region->id, swapped, false);
      bool written = group_used (uses, a.region->id, swapped, true);
      bool copied_back = a.store && !used && !a.holder
                         && group_copied_back (markers, a.region->id, swapped);
      /* The walks of updated_next_to only for accesses that matter.  */
      gimple *moving_call = NULL;
      if (!(a.store ? used || copied_back : written)
          || updated_next_to (a, markers, accesses, &moving_call))
        continue;
      if (a.through_global)
        {
          struct global_call g = { a, current_function_decl };
          global_calls.safe_push (g);
          continue;
        }
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
      if (a.escape_loc != UNKNOWN_LOCATION)
        {
          warned.safe_push (a.copy);
          warned_at.safe_push (a.stmt);
        }
      else
        reported.safe_push (a.copy);
      note_pointer_reported (a, &pointers);
      auto_diagnostic_group group;
      if (!report_element_access (a, name, used))
        {
          free (name);
          continue;
        }
      note_other_elements_updated (a, markers, name);
      if (a.escape_loc != UNKNOWN_LOCATION)
        {
          tree held = a.may_point;
          if (TREE_CODE (held) == ADDR_EXPR)
            held = TREE_OPERAND (held, 0);
          else if (POINTER_TYPE_P (TREE_TYPE (held)))
            held = NULL_TREE;
          if (TREE_CODE (a.may_point) == ARRAY_REF)
            inform (a.loc, "a pointer of %qE may point into %qs here",
                    mint_reference_root (a.may_point), name);
          else if (held && RECORD_OR_UNION_TYPE_P (TREE_TYPE (held)))
            inform (a.loc, "%qE may hold a pointer into %qs here",
                    a.may_point, name);
          else
            inform (a.loc, "%qE may point into %qs here", a.may_point,
                    name);
          inform_escape (a.escape_loc, name);
        }
      else
        note_local_pointer (a, name);
      if (const struct mint_directive *single
          = a.stmt ? enclosing_single (a.stmt, markers) : NULL)
        note_single_on_host (single);
      if (moving_call)
        inform (gimple_location (moving_call), "the call to %qE runs "
                "kernels on %qs in a region of its own, on the device%'s "
                "copy", called_function (as_a<gcall *> (moving_call)),
                name);
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

/* The element that REF, a store of host code, writes, where it is one
   and the same wherever the statement runs: the declaration or the
   pointer it starts from (*BASE) and the bytes past it (*OFFSET), through
   subscripts and pointer additions of constants.  A store of a row or
   more at once (GCC's folded memcpy, MEM <unsigned char[160]> [&u]) is
   none.  */
static bool
fixed_element (tree ref, tree *base, HOST_WIDE_INT *offset)
{
  *offset = 0;
  if (AGGREGATE_TYPE_P (TREE_TYPE (ref)))
    return false;
  while (TREE_CODE (ref) == ARRAY_REF)
    {
      tree size = array_ref_element_size (ref);
      if (!tree_fits_shwi_p (TREE_OPERAND (ref, 1))
          || !integer_zerop (array_ref_low_bound (ref))
          || !tree_fits_shwi_p (size))
        return false;
      *offset += tree_to_shwi (TREE_OPERAND (ref, 1)) * tree_to_shwi (size);
      ref = TREE_OPERAND (ref, 0);
    }
  if (DECL_P (ref))
    {
      *base = ref;
      return true;
    }
  if (TREE_CODE (ref) != MEM_REF)
    return false;
  *offset += mem_ref_offset (ref).force_shwi ().to_constant ();
  tree ptr = TREE_OPERAND (ref, 0);
  while (TREE_CODE (ptr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (ptr))
    {
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr));
      if (!def)
        return false;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code == POINTER_PLUS_EXPR
          && tree_fits_shwi_p (gimple_assign_rhs2 (def)))
        *offset += tree_to_shwi (gimple_assign_rhs2 (def));
      else if (!(gimple_assign_single_p (def) || CONVERT_EXPR_CODE_P (code)))
        return false;
      ptr = gimple_assign_rhs1 (def);
    }
  *base = TREE_CODE (ptr) == SSA_NAME ? SSA_NAME_VAR (ptr) : ptr;
  return *base && (DECL_P (*base) || TREE_CODE (*base) == ADDR_EXPR);
}

/* How many elements the host code of REGION (ACCESSES) writes of the
   arrays of GROUP, where it writes each at one element wherever it
   runs (fixed_element); -1 where it may write others, or through a
   call or a pointer it loads.  */
static int
fixed_host_writes (const vec<struct host_access> &accesses, int region,
                   const vec<const struct mint_directive *> &group)
{
  auto_vec<std::pair<tree, HOST_WIDE_INT> > seen;
  for (const struct host_access &a : accesses)
    {
      if (a.region->id != region || !a.store || !group.contains (a.copy))
        continue;
      tree base;
      HOST_WIDE_INT offset;
      if (a.call || a.may_point || !a.stmt || !gimple_assign_single_p (a.stmt)
          || !fixed_element (gimple_assign_lhs (a.stmt), &base, &offset))
        return -1;
      std::pair<tree, HOST_WIDE_INT> element (base, offset);
      if (!seen.contains (element))
        seen.safe_push (element);
    }
  return seen.length ();
}

/* The elements update marker S moves, where its ranges are constants
   (directive.h: __mint_update's counts), else 0.  */
static unsigned HOST_WIDE_INT
update_count (gimple *s)
{
  unsigned HOST_WIDE_INT count = 1;
  for (unsigned i = 3; i <= 9 && i < gimple_call_num_args (s); i += 2)
    {
      tree n = gimple_call_arg (s, i);
      if (!tree_fits_uhwi_p (n))
        return 0;
      count *= tree_to_uhwi (n);
    }
  return count;
}

/* Into GROUP, the copies whose arrays update DIR of MARKERS may move:
   its array's and those swapped with it, or, for a local pointer set
   only to copied arrays (mint_chosen_copies), theirs.  Whether there are
   any.  */
static bool
update_group (const struct mint_directive *dir,
              const auto_vec<struct marker> &markers,
              const vec<struct swap_pair> &swaps,
              vec<const struct mint_directive *> *group)
{
  auto_vec<const struct mint_directive *> copies, chosen;
  mint_region_copies (markers, dir->region, &copies);
  if (const struct mint_directive *copy = mint_copy_among (dir->array, copies))
    chosen.safe_push (copy);
  else
    mint_chosen_copies (cfun, copies, dir->array, &chosen);
  for (const struct mint_directive *c : chosen)
    if (!group->contains (c))
      mint_swap_group (swaps, c, group);
  return !group->is_empty ();
}

/* The warnings for the `update(..., toDevice)' directives of arrays that
   kernels of their region write but no host code of it writes, or that
   it writes at fewer elements than the update moves, each at one
   element (r3 of round 79: u[0] = t, then all of u): the update moves
   the host's values from before the region, and where they land on
   elements a kernel wrote, the kernels' results are lost, which the
   plain program (where the update does nothing) keeps.  */
void
mint_report_stale_updates (const vec<struct host_access> &accesses,
                           const vec<struct region_use> &uses,
                           const auto_vec<struct marker> &markers,
                           const vec<struct swap_pair> &swaps)
{
  for (const struct marker &m : markers)
    {
      if (m.dir->kind != MINT_DIR_UPDATE
          || m.dir->direction != MINT_TO_DEVICE)
        continue;
      auto_vec<const struct mint_directive *> group;
      if (!update_group (m.dir, markers, swaps, &group))
        continue;               /* check_update's error (pass.cc) */
      if (!group_used (uses, m.dir->region, group, true))
        continue;
      auto_diagnostic_group diagnostic;
      bool warned;
      if (!group_host_written (accesses, m.dir->region, group))
        warned = warning_at (m.dir->loc, 0, "mint: this update copies %qE "
                             "to the device, but no host code of the "
                             "%<parallel%> region writes it: on the elements "
                             "a kernel wrote, it puts back the values from "
                             "before the region (without mint the update "
                             "does nothing)", m.dir->array);
      else
        {
          int written = fixed_host_writes (accesses, m.dir->region, group);
          unsigned HOST_WIDE_INT moved = update_count (m.stmt);
          if (written < 0 || moved <= (unsigned HOST_WIDE_INT) written)
            continue;
          warned = warning_at (m.dir->loc, 0, "mint: this update copies "
                               "%wu elements of %qE to the device, but host "
                               "code of the %<parallel%> region writes %d: on "
                               "the elements a kernel wrote, it puts back the "
                               "values from before the region (without mint "
                               "the update does nothing)", moved,
                               m.dir->array, written);
        }
      if (warned)
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

/* The diagnostic for A, host code after its region that reads an element
   of the array NAME, which the region's kernels write but the region
   does not copy back: an error, or a warning where host code may have
   set the element since (WRITTEN) or where UPDATE, an `update' of the
   array toHost in the region, may have brought the kernels' last values
   (an update under `if (t == steps - 1)'); where the region's updates
   follow every kernel that writes the array but move only PARTLY what A
   reads, an error (a warning where WRITTEN), the updates' notes given by
   the caller.  Whether one was given.  */
static bool
report_later_read (const struct host_access &a, const char *name,
                   bool written, const struct mint_directive *update,
                   bool partly)
{
  bool given;
  if (update && partly)
    given = emit_diagnostic (written ? DK_WARNING : DK_ERROR, a.loc, 0,
                             "mint: host code reads an element of %qs after "
                             "the %<parallel%> region, whose kernels write "
                             "the array on the device, which does not copy "
                             "it back, and whose updates to the host do not "
                             "move that element: the read sees its value "
                             "from before the region", name);
  else if (update)
    given = warning_at (a.loc, 0, "mint: host code reads an element of %qs "
                        "after the %<parallel%> region, whose kernels may "
                        "write the array on the device after its last "
                        "%<update%> to the host and which does not copy it "
                        "back: the read may see the value from before the "
                        "last writes of the kernels", name);
  else if (written)
    given = warning_at (a.loc, 0, "mint: host code reads an element of %qs "
                        "after the %<parallel%> region, whose kernels write "
                        "the array on the device but which does not copy it "
                        "back: unless the host wrote it since, the read sees "
                        "its value from before the region", name);
  else
    {
      error_at (a.loc, "mint: host code reads an element of %qs after the "
                "%<parallel%> region, whose kernels write the array on the "
                "device but which does not copy it back: the read sees its "
                "value from before the region", name);
      given = true;
    }
  if (given)
    note_local_pointer (a, name);
  if (given && update && !partly)
    inform (update->loc, "kernels that write %qs may run after this "
            "update of it", name);
  return given;
}

/* Whether the updates toHost of the region of A, host code's read after
   it or a later region's copy of the whole array (of constant extents),
   move every element that A reads (updates_move_every_element).  A call
   or a read of unknown elements is taken as moved.  */
static bool
later_elements_moved (const struct host_access &a,
                      const auto_vec<struct marker> &markers)
{
  struct host_access whole = a;
  HOST_WIDE_INT extents[MINT_UPDATE_DIMS];
  if (a.to_device)
    {
      if (!mint_copy_constant_extents (a.copy, markers, extents))
        return true;
      whole.index_known = 0;
      for (int i = 0; i < a.copy->nextents; i++)
        {
          whole.index_least[i] = 0;
          whole.index_most[i] = extents[i] - 1;
          whole.index_known |= 1u << i;
        }
    }
  else if (a.call || !a.stmt)
    return true;
  return updates_move_every_element (whole, markers, MINT_FROM_DEVICE);
}

/* The diagnostics for LATER, host code after a region that reads, or a
   call or a later region's copy (whose device copy is seen) that can
   read, the elements of an array the region's kernels (USES) write but
   the region neither copies back nor updates toHost after each kernel
   that writes it (updated_after_writes): the read sees the values
   from before the region, where the program's loops see the kernels'.
   An error, or a warning where the host may have written the elements
   itself first (it writes the array somewhere after the region) and for
   a call; one per array.  */
void
mint_report_later_reads (const vec<struct host_access> &later,
                         const vec<struct region_use> &uses,
                         const auto_vec<struct marker> &markers)
{
  auto_vec<const struct mint_directive *> reported;
  auto_vec<struct held_pointer> pointers;
  for (const struct host_access &a : later)
    {
      if ((a.store && !a.call) || reported.contains (a.copy)
          || pointer_reported (a, pointers)
          || !region_uses (uses, a.region->id, a.copy, true)
          || region_copies_back (markers, a.region->id, a.copy))
        continue;
      bool updated = updated_after_writes (markers, uses, a.region, a.copy);
      bool partly = updated && !later_elements_moved (a, markers);
      if (updated && !partly)
        continue;
      if (a.to_device && !device_copy_seen (uses, markers, a.to_device))
        continue;
      if (a.through_global)
        {
          struct global_call g = { a, current_function_decl };
          later_global_calls.safe_push (g);
          continue;
        }
      char *name = mint_object_text (a.copy->array);
      auto_diagnostic_group group;
      bool given;
      if (a.to_device)
        {
          given = report_later_copy (a, name, host_writes (later, a.copy));
          if (given)
            note_local_pointer (a, name);
          if (given && partly)
            for (const struct marker &m : markers)
              if (region_update_of (m, a, MINT_FROM_DEVICE))
                inform (m.dir->loc, "this update of %qs moves part of it",
                        name);
        }
      else if (a.call)
        given = report_later_call (DK_WARNING, a,
                                   called_function (as_a<gcall *> (a.call)),
                                   name);
      else if (a.escape_loc != UNKNOWN_LOCATION)
        {
          given = warning_at (a.loc, 0, "mint: host code reads, through a "
                              "pointer loaded from memory, an element that "
                              "may be of %qs after the %<parallel%> region, "
                              "whose kernels write the array on the device "
                              "but which does not copy it back: the read "
                              "would see its value from before the region",
                              name);
          if (given)
            inform_escape (a.escape_loc, name);
        }
      else
        {
          given = report_later_read (a, name, host_writes (later, a.copy),
                                     region_update (markers, a.region->id,
                                                    a.copy), partly);
          if (given && partly)
            note_other_elements_updated (a, markers, name);
        }
      if (given)
        {
          note_pointer_reported (a, &pointers);
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
void
mint_report_lost_results (function *fun, const vec<struct host_access> &later,
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
      mint_region_copies (markers, m.dir->id, &copies);
      for (const struct mint_directive *copy : copies)
        {
          auto_vec<const struct mint_directive *> group;
          mint_swap_group (swaps, copy, &group);
          if (group.length () < 2 || !pointer_parameter_p (copy->array)
              || region_copies_back (markers, m.dir->id, copy)
              || region_update (markers, m.dir->id, copy)
              || !group_copied_back (markers, m.dir->id, group)
              || !group_used (uses, m.dir->id, group, true)
              || !group_swapped_in_loop (swaps, group, m.stmt))
            continue;
          bool later_use = false;
          for (const struct host_access &a : later)
            later_use |= a.copy == copy && !a.through_global;
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
