/* pass.cc -- the GIMPLE pass "mint", right after "cfg": for each
   function with markers (markers.h), every `#pragma mint for` nest
   becomes a kernel (extract.h) with its plan (plan.h), guarded by
   mint_launch on the host (rewrite.h), and the other markers become
   libmintrt calls; the host code of each region is checked against what
   its kernels read and write (host-access.h, host-report.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "device-code.h"
#include "plan.h"
#include "member.h"
#include "helper.h"
#include "nest.h"
#include "reference.h"
#include "extract.h"
#include "extract-context.h"
#include "deepen.h"
#include "nest-recognition.h"
#include "rewrite.h"
#include "markers.h"
#include "parameter-moves.h"
#include "nest-report.h"
#include "host-access.h"
#include "host-report.h"
#include "scalarize.h"
#include "pass.h"
#include "dim-order.h"
#include "sink.h"

/* Whether REF is a member of a structure that a parameter of FUN which
   FUN does not assign holds or points to (g->ng, p.ng).  */
static bool
parameter_member_p (function *fun, tree ref)
{
  gimple *last;
  if (TREE_CODE (ref) != COMPONENT_REF || TREE_THIS_VOLATILE (ref))
    return false;
  while (TREE_CODE (ref) == COMPONENT_REF)
    ref = TREE_OPERAND (ref, 0);
  if ((TREE_CODE (ref) == MEM_REF && integer_zerop (TREE_OPERAND (ref, 1)))
      || TREE_CODE (ref) == INDIRECT_REF)
    ref = TREE_OPERAND (ref, 0);
  return (TREE_CODE (ref) == PARM_DECL && DECL_CONTEXT (ref) == fun->decl
          && mint_assignments (fun, ref, &last) == 0);
}

/* INIT, the first value of a loop of FUN, as the copies before the
   region can know it: a constant; a parameter FUN does not assign, or a
   member of a structure it holds or points to (g->ng), whose value at the
   copy is that at the loop unless the program changes it between (then
   only the alignment suffers); a local integer variable whose address is
   not taken and whose only assignment stores one of those (int ng = 2,
   const int ng = g->ng), that value; else NULL.  */
static tree
start_at_copies (function *fun, tree init, bool through_local = true)
{
  gimple *last = NULL;
  if (TREE_CODE (init) == INTEGER_CST)
    return init;
  if (INTEGRAL_TYPE_P (TREE_TYPE (init)) && parameter_member_p (fun, init))
    return init;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (init)) || TREE_ADDRESSABLE (init)
      || DECL_P (init) == false || DECL_CONTEXT (init) != fun->decl)
    return NULL_TREE;
  if (TREE_CODE (init) == PARM_DECL)
    return mint_assignments (fun, init, &last) == 0 ? init : NULL_TREE;
  if (through_local && VAR_P (init) && !TREE_STATIC (init)
      && mint_assignments (fun, init, &last) == 1
      && gimple_assign_single_p (last))
    return start_at_copies (fun, gimple_assign_rhs1 (last), false);
  return NULL_TREE;
}

/* The runtime puts element ALIGN_X of every row on a 128-byte boundary.
   Every toDevice copy that a kernel of the region uses (USES), and those
   whose pointers the function swaps with it (SWAPS), gets the largest over
   those kernels of the first value of the x loop, where the copies can
   know it (start_at_copies: a loop from ng, a parameter or a variable set
   once to a constant, puts element ng first) and the loop walks the rows'
   elements, else the largest low-x halo the stencil analyzer finds over
   the kernel's arrays (the plan's halo_x: the loops start after the
   halo), so that the thread's first points are aligned in every array it
   uses, also after the program swaps their pointers: a loop over the
   whole row (the boundary handled in the body) from 0 despite its halo
   of 1.  An array no such kernel uses keeps its own kernels' choice (a
   prolongation's fine grid, which a restriction from 1 only reads
   beside, keeps element 0 aligned for its 16-byte stores).  A nest whose
   body walks the rows (a line sweep along x; its dimension x runs y)
   keeps element 0 aligned (bench/results/optimizer-notes.md, round
   42).  */
static void
note_alignment (function *fun, const struct mint_nest *nest,
                const vec<struct region_use> &uses,
                const vec<struct swap_pair> &swaps)
{
  const struct mint_loop_dim *x = &nest->dims[nest->kir_order[0]];
  tree align_x = build_int_cst (long_long_integer_type_node,
                                nest->plan->halo_x);
  tree start = x->step > 0 && !x->start && mint_dim_x_walks_rows (nest->kernel)
               ? start_at_copies (fun, x->init) : NULL_TREE;
  if (start && (TREE_CODE (start) != INTEGER_CST
                || (tree_fits_shwi_p (start) && tree_to_shwi (start) >= 0)))
    align_x = start;
  auto_vec<const struct mint_directive *> aligned;
  for (const struct region_use &u : uses)
    if (u.nest == nest->dir->id)
      {
        auto_vec<const struct mint_directive *> group;
        mint_swap_group (swaps, u.copy, &group);
        for (const struct mint_directive *c : group)
          if (!aligned.contains (c))
            aligned.safe_push (c);
      }
  for (const struct mint_directive *c : aligned)
    mint_rewrite_note_align_x (c, align_x);
}

/* Gives the arrays of NEST's kernel whose copies the function's SWAPS
   swap with each other one swap group (kir_array's swap_group).  */
static void
note_swap_groups (struct mint_nest *nest, const vec<struct swap_pair> &swaps)
{
  struct kir_kernel *k = nest->kernel;
  int groups = 0;
  for (unsigned i = 0; i < nest->arrays.length (); i++)
    {
      auto_vec<const struct mint_directive *> group;
      mint_swap_group (swaps, nest->arrays[i].copy, &group);
      for (unsigned j = 0; j < i && group.length () > 1; j++)
        if (group.contains (nest->arrays[j].copy))
          {
            k->arrays[i].swap_group = k->arrays[j].swap_group;
            break;
          }
      if (group.length () > 1 && k->arrays[i].swap_group == 0)
        k->arrays[i].swap_group = ++groups;
    }
}

/* Whether for marker M stands in the loop nest of another for marker of
   MARKERS: that nest's extraction reports it, and M's own nest, a loop
   of the other's body, is no nest to offload.  */
static bool
inside_other_nest (const struct marker &m,
                   const auto_vec<struct marker> &markers)
{
  for (const struct marker &o : markers)
    if (o.stmt != m.stmt && strcmp (o.name, MINT_MARKER_FOR) == 0)
      if (class loop *l = mint_loop_after_marker (o.stmt))
        if (flow_bb_inside_loop_p (l, gimple_bb (m.stmt)))
          return true;
  return false;
}

/* Adds to USES the arrays that the kernel of NEST, a nest of FUN whose
   region copies COPIES, uses.  */
static void
note_uses (function *fun, const struct mint_nest *nest,
           const vec<const struct mint_directive *> &copies,
           vec<struct region_use> *uses)
{
  const struct mint_directive *dir = nest->dir;
  for (const struct mint_nest_array &a : nest->arrays)
    {
      /* A pointer chosen among copied arrays uses any of them.  */
      auto_vec<const struct mint_directive *> chosen;
      mint_chosen_copies (fun, copies, a.root, &chosen);
      if (chosen.is_empty ())
        chosen.safe_push (a.copy);
      for (const struct mint_directive *c : chosen)
        {
          struct region_use u = { dir->region, dir->id, c, a.read,
                                  a.written };
          uses->safe_push (u);
        }
    }
}

/* Offloads the nest of for marker M; adds the arrays its kernel uses to
   USES.  SWAPS: the pairs of the function's copies whose pointers it
   swaps.  */
static void
offload_nest (function *fun, const struct marker &m,
              const auto_vec<struct marker> &markers,
              const vec<struct swap_pair> &swaps,
              vec<struct region_use> *uses)
{
  const struct mint_directive *dir = m.dir;
  if (dir->for_depth == 0 || inside_other_nest (m, markers))
    return;                     /* reported */
  if (dir->region < 0)
    {
      error_at (dir->loc, "mint: %<#pragma mint for%> must be inside a "
                "%<#pragma mint parallel%> region");
      return;
    }
  auto_vec<const struct mint_directive *> copies;
  mint_region_copies (markers, dir->region, &copies);

  struct mint_nest nest;
  nest.fun = fun;
  nest.dir = dir;
  nest.marker = m.stmt;
  nest.trial_depth = 0;
  nest.deepen_why = NULL;
  {
    /* Nothing changes FUN before the nest's rewrite.  */
    mint_assignment_index index (fun);
    if (!mint_extract_deeper (&nest, copies)
        && !mint_extract_nest (&nest, copies))
      return;
    mint_claim_kernel_name (nest.kernel->name);
    note_uses (fun, &nest, copies, uses);
    mint_report_dependences (&nest);
    note_swap_groups (&nest, swaps);
    mint_plan_nest (&nest);
    mint_report_kernel (&nest);
    note_alignment (fun, &nest, *uses, swaps);
  }
  tree desc = mint_device_add_kernel (nest.kernel, nest.plan, dir->loc);
  nest.kernel = NULL;
  nest.plan = NULL;
  mint_rewrite_nest (&nest, desc);
  /* The next nest's analysis walks the loops in dominator order.  */
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
}

/* The copy among COPIES of the array update DIR names, or, where it names
   a local pointer that FUN sets only to arrays of COPIES of one shape
   (mint_chosen_copies), the first of those: the runtime finds the device
   array through the pointer's value, as at a launch.  An update toDevice
   of such a pointer uses the host's elements of each array it may hold.
   Else NULL, and into *CULPRIT the assignment of the pointer to another
   value, if there is one.  */
static const struct mint_directive *
update_copy (function *fun, const struct mint_directive *dir,
             const vec<const struct mint_directive *> &copies,
             gimple **culprit)
{
  *culprit = NULL;
  if (const struct mint_directive *c = mint_copy_among (dir->array, copies))
    return c;
  auto_vec<const struct mint_directive *> chosen;
  *culprit = mint_chosen_copies (fun, copies, dir->array, &chosen);
  if (chosen.is_empty ())
    return NULL;
  if (dir->direction == MINT_TO_DEVICE)
    for (const struct mint_directive *c : chosen)
      mint_rewrite_note_host_use (c);
  return chosen[0];
}

/* An update acts on the device copy of an array the region copied
   toDevice, with a range per extent of that copy.  */
static void
check_update (function *fun, const struct marker &m,
              const auto_vec<struct marker> &markers)
{
  const struct mint_directive *dir = m.dir;
  auto_vec<const struct mint_directive *> copies;
  mint_region_copies (markers, dir->region, &copies);
  gimple *culprit;
  if (const struct mint_directive *c = update_copy (fun, dir, copies,
                                                    &culprit))
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
  auto_diagnostic_group group;
  error_at (dir->loc, "mint: %<update%> of %qE, which is not copied to the "
            "device", dir->array);
  const struct mint_directive *into
    = culprit ? mint_copy_pointed_into (copies, culprit) : NULL;
  if (into && gimple_has_location (culprit))
    {
      char *array = mint_object_text (into->array);
      inform (gimple_location (culprit), "%qE is set here to point into "
              "%qs, which the region copies, past its first element: an "
              "update finds a device array only through the array or a "
              "pointer to its start; update %qs itself, its first range "
              "moved by the offset", dir->array, array, array);
      free (array);
    }
  else if (culprit && gimple_has_location (culprit))
    inform (gimple_location (culprit), "%qE is set here to an array the "
            "region does not copy, or to one copied in another shape: an "
            "update of a pointer reaches the device where it is set only "
            "to copied arrays, all in one shape", dir->array);
  else
    inform (mint_directive_get (dir->region)->loc, "add %<#pragma mint "
            "copy(%E, toDevice, ...)%> before the %<parallel%> region",
            dir->array);
}

/* A fromDevice copy after a region brings back the device copy of an
   array that the region copied toDevice; without one, the runtime would
   stop the program after the region, with or without a GPU.  An array
   that a kernel uses has had its error at the use, a copy out of place
   its own: only in a function without errors so far (ERRORS: the count
   at its start), and not after a refused copy of the array.  */
static void
check_copy_back (const struct marker &m,
                 const auto_vec<struct marker> &markers, int errors)
{
  const struct mint_directive *dir = m.dir;
  const struct mint_directive *region = dir->region >= 0
                                        ? mint_directive_get (dir->region)
                                        : NULL;
  if (dir->direction != MINT_FROM_DEVICE || errorcount > errors || !region
      || region->kind != MINT_DIR_PARALLEL || mint_copy_refused_p (dir->array))
    return;
  auto_vec<const struct mint_directive *> copies;
  mint_region_copies (markers, dir->region, &copies);
  if (mint_copy_among (dir->array, copies))
    return;
  error_at (dir->loc, "mint: %<fromDevice%> copy of %qE, which the region "
            "before it does not copy to the device", dir->array);
  inform (region->loc, "add %<#pragma mint copy(%E, toDevice, ...)%> "
          "before the %<parallel%> region", dir->array);
}

/* Whether A, a call of a region's host code not given a global array
   the region copies, is to a function whose region of its own copies the
   global toDevice and that writes it: its kernels write the device copy
   the calling region keeps, as the region's own would.  */
static bool
moves_global_written (const struct host_access &a)
{
  tree fn = a.through_global && a.call ? gimple_call_fndecl (a.call)
                                       : NULL_TREE;
  return fn && mint_function_copies (fn, a.global)
         && mint_function_writes_global (fn, a.global);
}

/* Notes the calls of FUN outside its regions (of MARKERS) that give a
   function moving an array to the device an array of FUN's own
   (mint_note_moving_calls), and the calls in and outside its regions
   (mint_note_region_calls).  */
static void
note_moving_calls (function *fun, const auto_vec<struct marker> &markers)
{
  auto_vec<tree> callees;
  auto_vec<struct host_call> outside;
  mint_collect_region_calls (markers, &callees, &outside);
  mint_note_region_calls (fun->decl, callees, outside);
  auto_vec<struct moving_call> calls;
  mint_collect_moving_calls (outside, &calls);
  mint_note_moving_calls (fun->decl, calls);
}

/* Notes the parameters of FUN that kernels of its regions write (USES),
   also through the functions its host code gives them to.  */
static void
note_written_parameters (const vec<struct region_use> &uses)
{
  for (const struct region_use &u : uses)
    if (u.written && TREE_CODE (u.copy->array) == PARM_DECL)
      mint_note_kernels_write_parameter (u.copy->array);
}

static unsigned int
mint_lower_function (function *fun)
{
  /* The parser's errors are the user's to mend first: what its recovery
     made of the function would only get errors of its own.  */
  if (mint_parse_errors_p (fun->decl))
    return 0;
  auto_vec<struct marker> markers;
  mint_collect_markers (fun, &markers);
  if (mint_unit_has_directives ())
    note_moving_calls (fun, markers);
  if (markers.is_empty ())
    return 0;
  int errors = errorcount;

  bool has_for = false;
  for (const struct marker &m : markers)
    has_for |= m.dir->kind == MINT_DIR_FOR;
  if (has_for)
    {
      loop_optimizer_init (LOOPS_NORMAL);
      /* The helpers first: a structure given to one (cabs2 (z)) is then
         read member by member.  */
      for (const struct marker &m : markers)
        if (m.dir->kind == MINT_DIR_FOR)
          {
            class loop *l0 = mint_loop_after_marker (m.stmt);
            mint_inline_helpers (l0);
            if (m.dir->for_depth > 1)
              mint_sink_between_loops (m.stmt, l0, m.dir->for_depth);
          }
      mint_scalarize_structures (fun, markers);
    }

  auto_vec<struct host_access> accesses, later;
  auto_vec<struct swap_pair> swaps;
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL) == 0)
      mint_collect_host_accesses (m, markers, &accesses, &later, &swaps);
  auto_vec<struct region_use> uses;
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_FOR) == 0)
      offload_nest (fun, m, markers, swaps, &uses);
    else if (strcmp (m.name, MINT_MARKER_UPDATE) == 0)
      check_update (fun, m, markers);
    else if (strcmp (m.name, MINT_MARKER_COPY) == 0)
      check_copy_back (m, markers, errors);
  /* A call that moves an array to the device (a time step whose stages
     have regions of their own) reads and may write the region's device
     copy, as a kernel of the region would.  Other host code uses the
     host's copy (MINT_COPY_HOST_USED).  */
  for (const struct host_access &a : accesses)
    if (a.moved || moves_global_written (a))
      {
        struct region_use u = { a.region->id, -1, a.copy, true,
                                a.moved_store || !a.moved };
        uses.safe_push (u);
      }
    else if (!a.through_global)
      mint_rewrite_note_host_use (a.copy);
  note_written_parameters (uses);
  /* After an error in a directive or a nest of this function, a loop
     that stays on the host would only repeat it.  */
  if (errorcount == errors && !mint_directive_errors_p (fun->decl))
    {
      accesses.stablesort (mint_compare_host_accesses, NULL);
      mint_report_host_accesses (accesses, uses, markers, swaps);
      mint_report_stale_updates (accesses, uses, markers, swaps);
      later.stablesort (mint_compare_host_accesses, NULL);
      mint_report_later_reads (later, uses, markers);
      if (errorcount == errors)
        mint_report_lost_results (fun, later, uses, markers, swaps);
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
  mint_host_report_register (plugin_name);
  mint_rewrite_register_roots (plugin_name);
}
