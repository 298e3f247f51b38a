/* rewrite.h -- the host side of an offloaded nest and of the other
   markers: libmintrt calls (rewrite.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_REWRITE_H
#define MINT_REWRITE_H

/* Guards the nest with mint_launch (&DESC, ...) == 0.  */
void mint_rewrite_nest (struct mint_nest *nest, tree desc);

/* Whether S is the mint_launch call, or a mint_check_scalar before it,
   of a nest rewritten already: they change no memory of the program
   (the kernel writes the device's copies; the reductions go to the
   rewrite's own temporaries).  */
bool mint_rewritten_launch_p (const gimple *s);

/* Whether S is a call of the runtime that the rewrite of a function's
   directives made.  */
bool mint_runtime_call_p (const gimple *s);

/* Whether S, rewritten, ends a parallel region (*END: mint_region_end) or
   begins one (mint_region_begin, or a copy toDevice before it).  */
bool mint_region_boundary_call_p (const gimple *s, bool *end);

/* Replaces the copy/parallel/barrier/update marker at GSI by its libmintrt
   call and removes any other marker; GSI then points after it.  */
void mint_rewrite_marker (gimple_stmt_iterator *gsi,
                          const struct mint_directive *dir,
                          const char *marker_name);

/* Notes that host code of COPY's region reads or writes elements of its
   array: its libmintrt call gets MINT_COPY_HOST_USED.  */
void mint_rewrite_note_host_use (const struct mint_directive *copy);

/* Raises the align_x argument (mintrt.h) that the mint_copy_to_device
   call of COPY, a toDevice copy directive, will pass to ALIGN_X, an
   integer constant, or a parameter of the function or a member it
   reaches (pass.cc, start_at_copies), whose value at the copy counts.  */
void mint_rewrite_note_align_x (const struct mint_directive *copy,
                                tree align_x);

/* The host key of ARRAY, a variable or a member reference (mintrt.h):
   the address of its first element.  */
tree mint_host_key (tree array, enum mint_array_style style, int rank);

/* GC roots of the runtime function decls rewrite.cc builds.  */
void mint_rewrite_register_roots (const char *plugin_name);

#endif /* MINT_REWRITE_H */
