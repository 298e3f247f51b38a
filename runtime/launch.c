/* launch.c -- a kernel's launch in the host code (mint_launch): its
   arguments, read through the present table and checked, then the host
   loops (host mode), a step held back (level 4), or a launch on the
   device.  */

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "descriptor.h"
#include "device-launch.h"
#include "diag.h"
#include "entry.h"
#include "env.h"
#include "footprint.h"
#include "memory.h"
#include "queue.h"
#include "temporal-launch.h"

/* Read the varargs of mint_launch into S's parameter slots, translating
   host keys through the present table.  Sets COUNT and POINTS; returns
   false when some dimension is empty.  */
static bool
read_arguments (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                va_list ap, long long *count, double *points)
{
  bool empty = false;

  *points = 1;
  for (unsigned d = 0; d < k->ndims; d++)
    {
      s->bounds[2 * d] = va_arg (ap, long long);
      count[d] = s->bounds[2 * d + 1] = va_arg (ap, long long);
      empty |= count[d] <= 0;
      *points *= (double) count[d];
    }

  for (unsigned a = 0; a < k->narrays; a++)
    {
      const void *host = va_arg (ap, const void *);
      struct mintrt_present *entry
        = mintrt_present_find_view (&mintrt_copies, host, &s->origins[a]);

      s->entries[a] = entry;
      if (!entry)
        {
          char name[128];
          const char *array = mintrt_list_item (k->array_names, a, name,
                                                sizeof name);
          size_t len = strlen (array);
          if (len > 0 && array[len - 1] == ']')
            {
              const char *part = k->planes && k->planes[0]
                                 && k->planes[a] == 'r' ? "row" : "plane";
              mintrt_fatal (k->file, k->line, "kernel %s uses the %s %s "
                            "(host address %p), which lies in no array on "
                            "the device: its first subscript selects a %s "
                            "outside the array's copy, or the array is not "
                            "copied", k->name, part, array, host, part);
            }
          mintrt_fatal (k->file, k->line, "kernel %s uses array %s (host "
                        "address %p), which is not on the device; add "
                        "`#pragma mint copy(%s, toDevice, ...)` before the "
                        "parallel region, or, where the region's host code "
                        "assigns %s, set it only to arrays the region "
                        "copies", k->name, array, host, array, array);
        }
      s->array_ptrs[a] = mintrt_present_view_address (entry, s->origins[a]);
      s->array_strides[2 * a] = entry->layout.row_stride;
      s->array_strides[2 * a + 1] = entry->layout.plane_stride;
    }

  for (unsigned i = 0; i < k->nscalars; i++)
    switch (k->scalar_sig[i])
      {
      case MINT_SIG_I32:
        s->scalars[i].i = (int) va_arg (ap, long long);
        break;
      case MINT_SIG_U32:
        s->scalars[i].u = (unsigned) va_arg (ap, long long);
        break;
      case MINT_SIG_I64:
        s->scalars[i].l = va_arg (ap, long long);
        break;
      case MINT_SIG_U64:
        s->scalars[i].ul = (unsigned long long) va_arg (ap, long long);
        break;
      case MINT_SIG_F32:
        s->scalars[i].f = (float) va_arg (ap, double);
        break;
      default:                  /* MINT_SIG_F64: descriptor.c saw to it */
        s->scalars[i].d = va_arg (ap, double);
        break;
      }

  for (unsigned r = 0; r < k->nreductions; r++)
    s->reduction_hosts[r] = va_arg (ap, void *);
  return !empty;
}

MINTRT_EXPORT void
mint_check_scalar (struct mint_kernel *kernel, const char *scalar,
                   const void *address, unsigned long bytes, unsigned array,
                   const void *host)
{
  RUNTIME_CALL ();
  const struct mintrt_present *entry;
  long long origin;
  char name[128];

  mintrt_kernel_state_of (kernel);        /* the descriptor's checks */
  mintrt_decide (kernel->file, kernel->line);
  entry = mintrt_present_find_view (&mintrt_copies, host, &origin);
  if (!entry || !mintrt_present_overlaps (entry, address, bytes))
    return;                     /* mint_launch reports an array not there */
  mintrt_fatal (kernel->file, kernel->line,
                "kernel %s reads %s once, at its launch, but %s lies in "
                "array %s (copied at %s:%u), which the kernel writes: the "
                "program's loops would read it at each use, after the "
                "kernel's stores", kernel->name, scalar, scalar,
                mintrt_list_item (kernel->array_names, array, name,
                                  sizeof name),
                entry->file, entry->line);
}

/* The entry of the present table whose device copy a kernel (or code
   given its device pointer) wrote after the host's was last brought up
   to date and whose host array holds any of the BYTES bytes at ADDRESS,
   or NULL.  */
static struct mintrt_present *
newer_copy_holding (const void *address, size_t bytes)
{
  for (size_t i = 0; i < mintrt_copies.count; i++)
    {
      struct mintrt_present *entry = mintrt_copies.entries[i];
      if (entry->alloc && (entry->device_newer || entry->handed_out)
          && mintrt_present_overlaps (entry, address, bytes))
        return entry;
    }
  return NULL;
}

/* Whether ADDRESS lies in the first page, which no process maps: a null
   pointer, or a member of a structure it points to.  */
static bool
null_page_p (const void *address)
{
  return (uintptr_t) address < 4096;
}

MINTRT_EXPORT void
mint_launch_value (struct mint_kernel *kernel, const char *value_text,
                   const void *address, unsigned long bytes, void *value)
{
  RUNTIME_CALL ();
  struct mintrt_present *entry;
  struct mintrt_box box;

  mintrt_kernel_state_of (kernel);        /* the descriptor's checks */
  mintrt_decide (kernel->file, kernel->line);
  /* The program's loops read the value only under a condition that keeps
     them from a null pointer (`if (use) g = *gain;'): they never use
     it, and any value serves.  */
  if (null_page_p (address))
    {
      memset (value, 0, bytes);
      return;
    }
  memcpy (value, address, bytes);
  if (mintrt_mode != MINTRT_MODE_DEVICE)
    return;
  /* A launch held back (level 4) marked what it writes already; the
     others, a member such as p->dt, must not end a batch of steps.  */
  entry = newer_copy_holding (address, bytes);
  if (!entry)
    return;
  mintrt_run_held ();
  uintptr_t start = (uintptr_t) entry->host, at = (uintptr_t) address;
  size_t element = (at - start) / entry->elem_size;
  size_t skip = (at - start) % entry->elem_size;
  if (at < start || skip + bytes > entry->elem_size)
    mintrt_fatal (kernel->file, kernel->line, "kernel %s reads %s at its "
                  "launch from parts of two elements of the array copied at "
                  "%s:%u, whose device copy is newer than the host's",
                  kernel->name, value_text, entry->file, entry->line);
  box.lo[0] = box.hi[0] = (long long) (element % (size_t) entry->nx);
  box.lo[1] = box.hi[1] = (long long) (element / (size_t) entry->nx
                                       % (size_t) entry->ny);
  box.lo[2] = box.hi[2] = (long long) (element / ((size_t) entry->nx
                                                  * (size_t) entry->ny));
  mintrt_repair_stale (entry);
  mintrt_wait_for_kernels (entry, &box, false, kernel->file, kernel->line);
  mintrt_read_element (entry, &box, skip, bytes, value, kernel->file,
                       kernel->line);
}

/* Whether arrays W and A of K's launch (state S) are one array of one
   layout from one element that the plugin found the kernel may take as
   both (alias_classes).  */
static bool
alias_allowed (const struct mint_kernel *k,
               const struct mintrt_kernel_state *s, unsigned w, unsigned a)
{
  const char *classes = k->alias_classes;
  return classes && *classes && classes[w] != '-'
         && classes[w] == classes[a] && s->origins[w] == s->origins[a];
}

/* Whether arrays W and A of K's launch (state S) are two different planes
   of one copy (mintrt.h, planes): two arrays, however far the footprint
   of a subscript it cannot bound reaches.  */
static bool
different_planes (const struct mint_kernel *k,
                  const struct mintrt_kernel_state *s, unsigned w, unsigned a)
{
  const char *planes = k->planes;
  return planes && *planes && planes[w] != '-' && planes[a] != '-'
         && s->origins[w] != s->origins[a];
}

/* Stops the program where K's launch passes one array as two of its
   arrays and writes either of them at elements the other may touch: the
   program's loops read and write those elements in their order, the GPU
   in none (and the kernel's pointers are restrict).  Not for two
   different planes of one array, nor where the plugin found the two may
   be one array (alias_allowed), nor where the program asserts with
   `independent' that no point uses an element another writes.  Returns
   whether the launch passes one array as two of which it writes one.  */
static bool
check_aliases (const struct mint_kernel *k,
               const struct mintrt_kernel_state *s)
{
  bool aliased = false;
  for (unsigned w = 0; w < k->narrays; w++)
    for (unsigned a = 0; a < k->narrays && s->uses[w].written; a++)
      {
        struct mintrt_box written, other;
        char wname[128], aname[128];

        if (a == w || s->entries[a] != s->entries[w]
            || different_planes (k, s, w, a))
          continue;
        mintrt_footprint_box (k, &s->uses[w], s->bounds, s->scalars, false,
                              &written);
        mintrt_footprint_box (k, &s->uses[a], s->bounds, s->scalars, false,
                              &other);
        written = mintrt_present_view_box (s->entries[w], s->origins[w],
                                           &written);
        other = mintrt_present_view_box (s->entries[a], s->origins[a], &other);
        if (!mintrt_box_overlap (&written, &other))
          continue;
        aliased = true;
        if ((k->flags & MINT_KERNEL_INDEPENDENT) || alias_allowed (k, s, w, a))
          continue;
        mintrt_fatal (k->file, k->line, "kernel %s gets one array (host "
                      "address %p, copied at %s:%u) as both %s and %s, and "
                      "writes %s: the program's loops touch its elements in "
                      "their order, the GPU's threads in none; pass two "
                      "different arrays", k->name, s->entries[w]->host,
                      s->entries[w]->file, s->entries[w]->line,
                      mintrt_list_item (k->array_names, w, wname,
                                        sizeof wname),
                      mintrt_list_item (k->array_names, a, aname,
                                        sizeof aname), wname);
      }
  return aliased;
}

/* What to do about a launch of K (state S) whose points touch elements
   LO to HI, outside an array's copy.  A loop of 2^31 points or more
   mostly has a bound that wrapped in unsigned arithmetic (`x < n - 3'
   with n < 3).  Elements past 2^31 otherwise come from 32-bit unsigned
   arithmetic that C wraps modulo 2^32 (a negative offset held in an
   `unsigned'), which the kernel adds without the wrap.  */
static const char *
outside_advice (const struct mint_kernel *k,
                const struct mintrt_kernel_state *s, long long lo,
                long long hi)
{
  for (unsigned d = 0; d < k->ndims; d++)
    if (s->bounds[2 * d + 1] >= 1LL << 31)
      return "a loop runs 2^31 times or more: its bound may have wrapped "
             "in unsigned arithmetic (n - 3 with n < 3); keep the bound "
             "from wrapping, and copy every element the loops use";
  if (hi >= 1LL << 31 && hi < 1LL << 33 && lo > -(1LL << 31))
    return "the subscript wraps at 2^32 in unsigned arithmetic, which the "
           "kernel does not: hold a negative offset in a signed type";
  return "copy every element the loops use";
}

/* Stops the program where the points of K's launch (state S) touch
   elements of flat array A outside its copy (every_point_footprint).  */
static void
check_linear_bounds (const struct mint_kernel *k,
                     const struct mintrt_kernel_state *s, unsigned a)
{
  const struct mintrt_present *e = s->entries[a];
  long long lo, hi, count;
  char name[128];

  if (!mintrt_linear_range (k, &s->every_point_uses[a], s->bounds,
                            s->scalars, false, &lo, &hi)
      || __builtin_mul_overflow (e->nx, e->ny, &count)
      || __builtin_mul_overflow (count, e->nz, &count)
      || (lo >= 0 && hi < count))
    return;
  mintrt_fatal (k->file, k->line, "kernel %s uses elements %lld to %lld of "
                "array %s, outside the %lld element%s of its copy "
                "(%lldx%lldx%lld elements, copied at %s:%u); %s", k->name,
                lo, hi, mintrt_list_item (k->array_names, a, name,
                                          sizeof name),
                count, count == 1 ? "" : "s", e->nx, e->ny, e->nz, e->file,
                e->line, outside_advice (k, s, lo, hi));
}

/* Stops the program where the accesses of form AXES of array A, which
   every point of K's launch (state S) makes, touch elements outside its
   copy of EXTENT.  */
static void
check_form_bounds (const struct mint_kernel *k,
                   const struct mintrt_kernel_state *s, unsigned a,
                   const struct mintrt_axis_use *axes,
                   const long long extent[3])
{
  const struct mintrt_present *e = s->entries[a];
  struct mintrt_box box;
  char name[128];

  mintrt_axes_box (k, axes, s->bounds, s->scalars, &box);
  for (int i = 0; i < 3; i++)
    if (axes[i].kind != MINTRT_AXIS_ANY
        && (box.lo[i] < 0 || box.hi[i] >= extent[i]))
      mintrt_fatal (k->file, k->line, "kernel %s uses elements %lld to "
                    "%lld of array %s in %c, outside the %lld "
                    "element%s in %c of its copy (%lldx%lldx%lld "
                    "elements, copied at %s:%u); %s", k->name,
                    box.lo[i], box.hi[i],
                    mintrt_list_item (k->array_names, a, name, sizeof name),
                    "xyz"[i], extent[i], extent[i] == 1 ? "" : "s",
                    "xyz"[i], e->nx, e->ny, e->nz, e->file, e->line,
                    outside_advice (k, s, box.lo[i], box.hi[i]));
}

/* Stops the program where the points of K's launch would all touch
   elements outside an array's copy, which on the device lie outside the
   array (its every_point_footprint: accesses under a branch may be
   guarded), in each form of its accesses.  */
static void
check_bounds (const struct mint_kernel *k,
              const struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays && s->every_point_uses; a++)
    {
      const struct mintrt_array_use *use = &s->every_point_uses[a];
      long long extent[3];

      mintrt_present_view_extents (s->entries[a], s->origins[a], extent);
      check_linear_bounds (k, s, a);
      for (int f = 0; f <= use->nmore; f++)
        check_form_bounds (k, s, a, mintrt_form_axes (use, f), extent);
    }
}

/* Whether elements LO to HI of array A of K's launch (state S), counted
   from its pointer, lie in the allocation of its copy, margins included
   (mintrt.h, MINT_COPY_MARGIN).  */
static bool
in_allocation (const struct mintrt_kernel_state *s, unsigned a, long long lo,
               long long hi)
{
  const struct mintrt_present *e = s->entries[a];
  long long size = (long long) e->elem_size, first, end;
  long long base = (long long) (s->array_ptrs[a] - e->alloc);

  if (__builtin_mul_overflow (lo, size, &first)
      || __builtin_add_overflow (first, base, &first)
      || __builtin_add_overflow (hi, 1, &end)
      || __builtin_mul_overflow (end, size, &end)
      || __builtin_add_overflow (end, base, &end))
    return false;
  return first >= 0 && end <= (long long) e->layout.alloc_bytes;
}

/* Element AT (x, y, z) of an array of ROW and PLANE strides, counted
   from its first, into *ELEMENT; false on overflow.  */
static bool
element_at (const long long *at, long long row, long long plane,
            long long *element)
{
  long long z, y;
  return !__builtin_mul_overflow (at[2], plane, &z)
         && !__builtin_mul_overflow (at[1], row, &y)
         && !__builtin_add_overflow (z, y, element)
         && !__builtin_add_overflow (*element, at[0], element);
}

/* The elements from *LO to *HI, counted from array A's pointer, that box
   B of K's launch (state S) spans; false where an axis has no bound.  */
static bool
box_elements (const struct mintrt_kernel_state *s, unsigned a,
              const struct mintrt_box *b, long long *lo, long long *hi)
{
  long long row = s->array_strides[2 * a], plane = s->array_strides[2 * a + 1];
  for (int i = 0; i < 3; i++)
    if (b->lo[i] == LLONG_MIN || b->hi[i] == LLONG_MAX)
      return false;
  return element_at (b->lo, row, plane, lo)
         && element_at (b->hi, row, plane, hi);
}

/* Whether every element that K's launch (state S) may touch lies in the
   allocation of its array's copy, margins included: the variants
   flagged MINT_VARIANT_MARGIN may then load any of them.  */
static bool
footprint_in_margins (const struct mint_kernel *k,
                      const struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays; a++)
    {
      struct mintrt_box box;
      long long lo, hi;

      mintrt_footprint_box (k, &s->uses[a], s->bounds, s->scalars, false,
                            &box);
      if (!box_elements (s, a, &box, &lo, &hi)
          && !mintrt_linear_range (k, &s->uses[a], s->bounds, s->scalars,
                                   false, &lo, &hi))
        return false;
      if (!in_allocation (s, a, lo, hi))
        return false;
    }
  return true;
}

/* The device copies K's launch writes are newer than the host's, and
   count the write.  */
static void
mark_written (const struct mint_kernel *k,
              const struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays; a++)
    if (s->uses[a].written)
      {
        s->entries[a]->device_newer = true;
        mintrt_note_write (&s->entries[a]->writes, k, s->bounds);
      }
}

MINTRT_EXPORT int
mint_launch (struct mint_kernel *kernel, ...)
{
  RUNTIME_CALL ();
  struct mintrt_kernel_state *s = mintrt_kernel_state_of (kernel);
  long long count[3] = { 0, 0, 0 };
  double points;
  bool any_points, aliased = false;
  va_list ap;

  mintrt_decide (kernel->file, kernel->line);
  va_start (ap, kernel);
  any_points = read_arguments (kernel, s, ap, count, &points);
  va_end (ap);
  if (any_points)
    {
      aliased = check_aliases (kernel, s);
      check_bounds (kernel, s);
    }
  if (any_points && mintrt_mode == MINTRT_MODE_DEVICE)
    {
      s->margins_hold
        = !mintrt_some_variant_has (kernel, MINT_VARIANT_MARGIN)
          || footprint_in_margins (kernel, s);
      mark_written (kernel, s);
      mintrt_note_write (&mintrt_device_writes, kernel, s->bounds);
    }

  if (mintrt_mode != MINTRT_MODE_DEVICE)
    {
      mintrt_verbose (kernel->file, kernel->line, "kernel %s runs on the "
                      "host", kernel->name);
      return 0;
    }
  if (!any_points)
    {
      mintrt_run_held ();
      mintrt_verbose (kernel->file, kernel->line, "kernel %s has no points: "
                      "nothing to launch", kernel->name);
      return 1;
    }
  /* The temporal variant runs its steps over two different arrays.  */
  if (kernel->temporal_steps && !mintrt_config.profile && !aliased)
    {
      mintrt_defer_step (kernel, s, count, points);
      return 1;
    }
  mintrt_run_held ();
  mintrt_after_held (kernel, s);
  mintrt_launch_on_device (kernel, s, count, points);
  return 1;
}
