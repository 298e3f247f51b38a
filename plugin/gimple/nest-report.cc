/* nest-report.cc -- what the pass tells of an offloaded nest
   (nest-report.h): the kernel's dump, the verbose notes, and the
   -Wmint-dependence warnings.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "options.h"
#include "plan.h"
#include "dependence.h"
#include "member.h"
#include "plane.h"
#include "nest.h"
#include "nest-report.h"

/* LIST (malloc'ed, or NULL) and NAME, comma-separated.  */
static char *
append_name (char *list, const char *name)
{
  char *more = list ? concat (list, ", ", name, NULL) : xstrdup (name);
  free (list);
  return more;
}

/* "p->dt, n" for the verbose note.  */
static char *
object_list (const vec<tree> &objects)
{
  char *list = NULL;
  for (tree o : objects)
    {
      char *name = mint_object_text (o);
      list = append_name (list, name);
      free (name);
    }
  return list ? list : xstrdup ("none");
}

/* "U, Unew, q[0], q[1]": NEST's arrays, a plane by its subscript.  */
static char *
array_list (const struct mint_nest *nest)
{
  char *list = NULL;
  for (unsigned i = 0; i < nest->arrays.length (); i++)
    {
      if (nest->arrays[i].plane)
        {
          list = append_name (list, kir_array_text (nest->kernel, i));
          continue;
        }
      char *name = mint_object_text (nest->arrays[i].root);
      list = append_name (list, name);
      free (name);
    }
  return list ? list : xstrdup ("none");
}

void
mint_report_kernel (const struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  if (mint_options.dump)
    kir_dump (k, stderr);
  if (dump_file)
    kir_dump (k, dump_file);
  if (!mint_options.verbose)
    return;
  char *array_names = array_list (nest);
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
  if (nest->dir->nest != MINT_NEST_ALL && nest->depth > nest->dir->nest)
    inform (nest->dir->loc, "mint: %qs: %d-D where the directive asks for "
            "%<nest(%d)%>: the loops below run in parallel too, as no two "
            "points use one element of an array that either writes",
            k->name, nest->depth, nest->dir->nest);
  if (nest->deepen_why)
    inform (nest->dir->loc, "mint: %qs: the loops below %<nest(%d)%> run "
            "in each point: %s", k->name, nest->dir->nest,
            nest->deepen_why);
  if (nest->kir_order[0] != nest->depth - 1)
    inform (nest->dir->loc, "mint: %qs: dimension x runs the loop over %qD, "
            "whose variable walks the rows of the arrays the nest stores",
            k->name, nest->dims[nest->kir_order[0]].iv);
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

/* The error for dependence D, a shared one: every point updates one
   element, as an outer scalar without a reduction (body-checks.cc).  */
static void
report_shared_update (const struct mint_nest *nest,
                      const struct dependence *d)
{
  char store[256];
  dependence_format_access (nest->kernel, &d->store->access, store,
                            sizeof store);
  location_t loc = statement_location (d->store, nest->dir->loc);
  auto_diagnostic_group group;
  error_at (loc, "mint: every point of the parallel loop nest may read and "
            "write %qs, one element for all of them: a data race", store);
  inform (statement_location (d->other, loc), "%qs is read here", store);
  inform (nest->dir->loc, "to combine values over the points, accumulate "
          "them in a variable declared before the loop nest, with "
          "%<reduction(+:VAR)%> (or another operator) on the %<for%> "
          "directive, and store it into %qs after the nest", store);
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
   clause or -fplugin-arg-mint-Wno-dependence.  An element that every
   point updates is an error whatever the clauses say.  A `single' block
   is one point.  */
void
mint_report_dependences (const struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  if (k->narrays == 0 || nest->dir->single_block)
    return;
  bool warn = !nest->dir->independent && mint_options.dependence_warning;
  if (warn)
    warn_same_planes (nest);
  struct dependence *found = XNEWVEC (struct dependence, k->narrays);
  int n = dependence_find (k, found);
  for (int i = 0; i < n; i++)
    if (found[i].shared)
      report_shared_update (nest, &found[i]);
    else if (warn)
      report_dependence (nest, &found[i]);
  XDELETEVEC (found);
}
