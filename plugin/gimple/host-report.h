/* host-report.h -- the checks of host code in and after a parallel
   region against what its kernels read and write (host-report.cc).

   Include after gcc-compat.h, directive.h, markers.h and
   host-access.h.  */

#ifndef MINT_HOST_REPORT_H
#define MINT_HOST_REPORT_H

/* An array a kernel of a region uses.  */
struct region_use
{
  int region;
  int nest;                     /* the id of the kernel's `for' */
  const struct mint_directive *copy;
  bool read, written;
};

/* The diagnostics for ACCESSES, host code in the regions, one per array
   and region: errors for reads of arrays the region's kernels (USES)
   write, writes of arrays they use or that the region copies back, and
   calls given arrays they write; warnings for calls that may write
   arrays they read, or are given a structure holding arrays they use.
   SWAPS: the arrays whose pointers the function swaps.  */
void mint_report_host_accesses (const vec<struct host_access> &accesses,
                                const vec<struct region_use> &uses,
                                const auto_vec<struct marker> &markers,
                                const vec<struct swap_pair> &swaps);

/* The warnings for `update(..., toDevice)' directives of arrays that
   kernels of their region write but no host code of it (ACCESSES)
   writes: the update would put back the values from before the
   region.  */
void mint_report_stale_updates (const vec<struct host_access> &accesses,
                                const vec<struct region_use> &uses,
                                const auto_vec<struct marker> &markers,
                                const vec<struct swap_pair> &swaps);

/* The diagnostics for LATER, host code after a region that reads (or a
   call or a later copy that can read) elements of an array the region's
   kernels write but the region neither copies back nor updates toHost
   after each kernel that writes it.  */
void mint_report_later_reads (const vec<struct host_access> &later,
                              const vec<struct region_use> &uses,
                              const auto_vec<struct marker> &markers);

/* The warnings for pointer parameters of FUN swapped in a region with
   arrays it copies back, but not copied back themselves: the caller may
   read the array they point to, which keeps its elements from before
   the region.  */
void mint_report_lost_results (function *fun,
                               const vec<struct host_access> &later,
                               const vec<struct region_use> &uses,
                               const auto_vec<struct marker> &markers,
                               const vec<struct swap_pair> &swaps);

/* Notes CALLS of the function CALLER (mint_collect_moving_calls) for a
   warning, once every function of the unit is lowered, where their
   function loses what its kernels write into the caller's array.  */
void mint_note_moving_calls (tree caller,
                             const vec<struct moving_call> &calls);

/* Notes the functions that calls in the regions of CALLER call
   (CALLEES) and CALLER's calls outside its regions (CALLS;
   mint_collect_region_calls), for a warning, once every function of the
   unit is lowered, where a call outside any region loses what its
   function's kernels write into a global array.  */
void mint_note_region_calls (tree caller, const vec<tree> &callees,
                             const vec<struct host_call> &calls);

/* Registers the checks, once every function of the unit is lowered, of
   the calls of regions' host code to functions that reach global arrays
   the regions' kernels write (mint_function_reaches_global), and of the
   calls that lose kernels' writes (mint_note_moving_calls,
   mint_note_region_calls).  */
void mint_host_report_register (const char *plugin_name);

#endif /* MINT_HOST_REPORT_H */
