/* emit-cuda.h -- the pieces of CUDA source that every level's printer
   uses, the prelude of a generated file, and the body of a level-0
   kernel (plain C, no GCC).  The printers decide nothing: what they print
   is the plan's (plan.h).  */
#ifndef MINT_EMIT_CUDA_H
#define MINT_EMIT_CUDA_H

#include <stdio.h>
#include <stddef.h>
#include "kir-core.h"
#include "plan-level.h"
#include "mint/mintrt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every generated .cu starts with (includes, helpers); once per file.  */
void cuda_emit_prelude (FILE *out);

/* How a level prints the body's array accesses.  LOAD prints the value a
   KIR_LOAD of ACC reads, where the level keeps the array on chip, and
   returns 0 to leave it to the global-memory load.  STORE (may be NULL)
   prints, for a KIR_STORE of VALUE to ACC, what the level does instead
   of the store (the whole statement but its indent and ";"), and
   returns 0 to leave it to the store.  */
struct cuda_access_hook
{
  int (*load) (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc, const void *data);
  int (*store) (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc,
                const struct kir_operand *value, const void *data);
  /* Whether STORE prints the store at ACC (the body then prints it as
     written, never paired with another), or NULL: the body pairs no
     store where STORE is set.  */
  int (*takes_store) (const struct kir_kernel *k,
                      const struct kir_access *acc, const void *data);
  const void *data;
  /* Before the `continue' that ends the point, or NULL.  */
  void (*next) (FILE *out, const struct kir_kernel *k, const void *data,
                const char *indent);
  /* Appended to every local's name a statement prints, or NULL: the
     copies of one point's locals where several points' statements are
     printed interleaved.  */
  const char *local_suffix;
  /* Prints what the level does instead of statement S (the whole
     statement but its indent and ";"), and returns 0 to leave it to the
     statement; or NULL.  */
  int (*stmt) (FILE *out, const struct kir_kernel *k,
               const struct kir_stmt *s, const void *data);
  /* Prints the lines that go before statement S, or NULL.  */
  void (*before) (FILE *out, const struct kir_kernel *k,
                  const struct kir_stmt *s, const void *data,
                  const char *indent);
  /* Where the level checks the checked load at ACC otherwise, its bits
   of CUDA_CHECK_BITS, which the block sets where it starts (a walk's
   table cells, whose checks the walk makes after it); 0: the body checks
   it.  NULL: none.  */
  unsigned long long (*check_bits) (const struct kir_kernel *k,
                                    const struct kir_access *acc,
                                    const void *data);
};

/* The variable of a kernel's check_bits.  */
#define CUDA_CHECK_BITS "mint_table_reads"

/* A user name as printed (renamed where it could clash).  */
void cuda_put_name (FILE *out, const char *name);
/* An operand of a statement: a local, a scalar or a constant.  */
void cuda_put_operand (FILE *out, const struct kir_kernel *k,
                       const struct kir_operand *o);
/* The kernel's opening: a comment naming LEVEL and NOTE, the signature
   with THREADS and MIN_BLOCKS (0: none) as launch bounds, "{" and the
   strides.  With CLASSES, the variant in which arrays of a shape class
   share strides.  Where K checks accesses (stencil_access_checked), the
   checks test mint_checked::value, which is false in the kernel's
   MINT_UNCHECKED_SUFFIX twin (UNCHECKED; mintrt.h, MINT_KERNEL_UNCHECKED)
   and at LEVEL 4, in the temporal variants, which libmintrt runs only
   where no check can fail (mintrt_checked_inside_anywhere).
   EXTRA (or NULL) declares parameters after K's.  */
void cuda_put_kernel_head (FILE *out, const struct kir_kernel *k, int level,
                           int threads, int min_blocks, const char *note,
                           const char *classes, bool unchecked,
                           const char *extra);
/* After the head, the declarations of K's locals (from level LEVEL 3
   on, the walk locals).  */
void cuda_put_head_locals (FILE *out, const struct kir_kernel *k, int level);
/* The strides of K's delinearized flat arrays, from the scalars.  */
void cuda_put_flat_strides (FILE *out, const struct kir_kernel *k);
/* "iv = (type) (mint_lo_<axis> + POINT * step);": the variable of K's
   parallel dimension D at the point of index POINT along it.  */
void cuda_put_loop_variable (FILE *out, const struct kir_kernel *k, int d,
                             const char *point);
/* The declarations of K's locals and private arrays.  */
void cuda_put_locals (FILE *out, const struct kir_kernel *k);
/* At levels 3 and 4, whose code runs each point's body in a lambda of its
   own, the locals that the points share are declared outside (the
   parallel dimensions' variables and the reductions': walk locals; a
   second body of the kernel, the edges of a folded kernel, adds to the
   first's reductions and declares its dimensions' variables only), and
   the rest, with the private arrays, in each point's lambda after INDENT
   (point locals).  Captured by reference, a body's thousand locals took
   nvcc's front end seconds for each copy of the body
   (bench/results/optimizer-notes.md, round 81).  */
void cuda_put_walk_locals (FILE *out, const struct kir_kernel *k);
void cuda_put_dimension_locals (FILE *out, const struct kir_kernel *k);
void cuda_put_point_locals (FILE *out, const struct kir_kernel *k,
                            const char *indent);
/* The index of the thread's block along parallel dimension D of K.  A
   2-D kernel takes more blocks along y than a grid holds there (65535)
   through z (libmintrt, mintrt_geometry_compute): its head
   (cuda_put_block_rows) names that index mint_block_y and returns from a
   block past the last row.  */
const char *cuda_block_index (const struct kir_kernel *k, int d);
/* For a 2-D kernel, the index mint_block_y of cuda_block_index and the
   return of a block past the last row.  */
void cuda_put_block_rows (FILE *out, const struct kir_kernel *k);
/* The body of one point; KIR_NEXT is `continue'.  HOOK may be NULL.  */
void cuda_put_body (FILE *out, const struct kir_kernel *k,
                    const struct cuda_access_hook *hook, const char *indent);
/* The value of a load at ACC: what HOOK (or NULL) prints, or the
   element, through the read-only path where the array takes it.  */
void cuda_put_load (FILE *out, const struct kir_kernel *k,
                    const struct kir_access *acc,
                    const struct cuda_access_hook *hook);
/* One statement of the body (no access check, no terminator).  */
void cuda_put_stmt (FILE *out, const struct kir_kernel *k,
                    const struct kir_stmt *s,
                    const struct cuda_access_hook *hook, const char *indent);
/* A level-0 kernel after its head: each thread computes chunk[d] points
   per dimension d, strided by the block's thread count so that a warp's
   x points stay adjacent (coalesced); the block covers tile[d] points.
   Where plan P (or NULL) stages rows, its warps do (emit-rows.h).  */
void cuda_put_level0_body (FILE *out, const struct kir_kernel *k,
                           const struct level_plan *p);
/* Each reduction's local set to its operator's identity, at a kernel's
   start; at its end, the block's partial results combined into the
   accumulator (every thread of the block must reach it).  */
void cuda_put_reduction_prologue (FILE *out, const struct kir_kernel *k);
void cuda_put_reduction_epilogue (FILE *out, const struct kir_kernel *k);
/* A subscript, evaluated in 64-bit signed arithmetic.  */
void cuda_put_affine (FILE *out, const struct kir_kernel *k,
                      const struct kir_affine *f);
/* Array A's copy's extent along AXIS, or its count of elements where
   AXIS is -1 (a flat array's offset): parameters of a kernel that checks
   A's accesses.  */
void cuda_put_copy_extent (FILE *out, const struct kir_kernel *k, int a,
                           int axis);
/* Whether ACC's element lies outside its array's copy: mint_outside
   tests of its subscripts (a flat array's offset), lines after the first
   indented by INDENT.  */
void cuda_put_access_outside (FILE *out, const struct kir_kernel *k,
                              const struct kir_access *acc,
                              const char *indent);
/* The note of ACC (a store where STORES) as the first access that left
   its array's copy: mint_guard_fault_at (code, x, y, z);  */
void cuda_put_fault_at (FILE *out, const struct kir_kernel *k,
                        const struct kir_access *acc, bool stores);
/* An array's element: NAME[offset].  */
void cuda_put_element (FILE *out, const struct kir_kernel *k,
                       const struct kir_access *acc);

/* ---- arrays kept on chip (struct tiled of plan-level.h) ---- */

/* 2 * DEPTH spaces.  */
void cuda_indent (FILE *out, int depth);
/* The CUDA type of T's elements.  */
const char *cuda_tiled_type (const struct kir_kernel *k,
                             const struct tiled *t);
/* The stride of parallel dimension D in T's array: "1LL", a row or a
   plane parameter.  */
void cuda_put_stride (FILE *out, const struct kir_kernel *k,
                      const struct tiled *t, int d);
/* "NAME + (lo_d + POINT_d) * stride_d + ...": the address of T's element
   at point POINT (expressions per parallel dimension).  */
void cuda_put_address (FILE *out, const struct kir_kernel *k,
                       const struct tiled *t, const char *const *point);
/* "__ldg (ADDRESS)" or "*(ADDRESS)": T's element at POINT
   (cuda_put_address), through the read-only path where the kernel does
   not write it.  */
void cuda_put_tiled_element (FILE *out, const struct kir_kernel *k,
                             const struct tiled *t, const char *const *point);
/* "__ldg (ADDRESS)" or "*(ADDRESS)", ADDRESS printed from FMT.  */
void cuda_put_read (FILE *out, const struct kir_kernel *k,
                    const struct tiled *t, const char *fmt, ...);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_CUDA_H */
