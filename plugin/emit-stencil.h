/* emit-stencil.h -- the optimizer's plan of a kernel, shared by the
   emitters of levels 1 and 2 (emit-stencil.c) and of level 3
   (emit-level3.c).  Plugin-internal; plain C.  */
#ifndef MINT_EMIT_STENCIL_H
#define MINT_EMIT_STENCIL_H

#include <stdio.h>
#include "kir.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_TILED 8
#define MAX_SEGMENTS 27                 /* 3 per dimension */
#define SHARED_BYTES (48 * 1024)        /* static shared memory per block */
#define MAX_UNROLL 32                   /* level 3: steps unrolled per tile */
/* Level 3: at most about this many machine instructions of the body in an
   unrolled walk (kir_code_size times the points of the steps), so that
   nvcc's time stays bounded where the body is long: two nests of libm
   calls (mint.run/body-math.c) took nvcc 85 s at 32 steps.  */
#define MAX_UNROLLED_CODE 4096
/* But at least this many steps: a walk of 16 to 64 rows of 11 libm calls
   a point on an H100 (ms a step), 2 steps 0.381, 3 0.372, 4 0.370, 8
   0.372, all of them 0.370 (bench/results/gpu-bundle/
   2026-11-26-stop35-unroll.txt).  */
#define MIN_UNROLL 4

/* One array kept on chip.  Halo and extents are per parallel dimension.  */
struct tiled
{
  int array;
  int hlo[KIR_MAX_DIMS], hhi[KIR_MAX_DIMS];
  int subscript[KIR_MAX_DIMS];  /* the subscript dimension d follows */
  int ext[KIR_MAX_DIMS];        /* shared-memory extent, 1 beyond the tile */
  int slots;                    /* shared planes (level 1: the whole box) */
  int nseg;
  int seg[MAX_SEGMENTS][KIR_MAX_DIMS];
};

struct plan
{
  int level;
  int tile_dims;                /* dims < tile_dims are tiled in shared memory */
  int march;                    /* levels 2, 3: the dimension walked */
  int block[KIR_MAX_DIMS];      /* threads per dimension */
  int ntiled;
  struct tiled tiled[MAX_TILED];
  int tiled_of[64];             /* per array (first 64): index or -1 */
  char why[256];                /* why not a higher level */
};

/* Every read of ARRAY in K is unconditional.  */
int plan_reads_unconditionally (const struct kir_kernel *k, int array);
/* Array A is written exactly once per point, at the point itself, by a
   statement every point runs, and never read (emit-level3.c): its store
   may wait, or go elsewhere.  */
int plan_stored_once (const struct kir_kernel *k,
                      const struct stencil_info *info, int a);

/* Printing pieces of emit-stencil.c.  */
void plan_indent (FILE *out, int depth);
/* Stencil offset OFFSET of array ARR (subscript order) per parallel
   dimension, into O.  */
void plan_dim_offsets (const struct kir_array *arr,
                       const struct stencil_array *s, const int *offset,
                       int *o);
/* The same for access ACC.  */
void plan_access_offsets (const struct stencil_array *s,
                          const struct kir_access *acc, int *o);
const char *plan_elem_type (const struct kir_kernel *k,
                            const struct tiled *t);
/* The stride of parallel dimension D in T's array: "1LL", a row or a
   plane parameter.  */
void plan_put_stride (FILE *out, const struct kir_kernel *k,
                      const struct tiled *t, int d);
/* "NAME + (lo_d + POINT_d) * stride_d + ...": the address of T's element
   at point POINT (expressions per parallel dimension).  */
void plan_put_address (FILE *out, const struct kir_kernel *k,
                       const struct tiled *t, const char *const *point);
/* "__ldg (ADDRESS)" or "*(ADDRESS)": T's element at POINT
   (plan_put_address), through the read-only path where the kernel does
   not write it.  */
void plan_put_element (FILE *out, const struct kir_kernel *k,
                       const struct tiled *t, const char *const *point);
/* "__ldg (ADDRESS)" or "*(ADDRESS)", ADDRESS printed from FMT.  */
void plan_put_read (FILE *out, const struct kir_kernel *k,
                    const struct tiled *t, const char *fmt, ...);
/* T's halo and subscripts for array A at level P->level.  */
void plan_tile_array (const struct kir_kernel *k,
                      const struct stencil_info *info, const struct plan *p,
                      int a, struct tiled *t);

/* emit-level3.c: the body of a level-3 kernel of plan P, after its head.  */
void level3_put_kernel (FILE *out, const struct kir_kernel *k,
                        const struct plan *p,
                        const struct stencil_info *info);
/* The register block of K at level 3: the points each thread computes
   per dimension below the walk (K->chunk there), or why it cannot (a
   sentence for the strategy); NULL when it can.  */
const char *level3_block_problem (const struct kir_kernel *k, int march,
                                  char *buf, size_t len);
/* K's level-3 threads walk rolled and compute one column each: its
   register limit is at most CUDA_ROLLED_REGISTERS.  */
int level3_rolled (const struct kir_kernel *k);
/* T's cells around one thread's points are too many to keep apart.  */
int level3_too_wide (const struct kir_kernel *k, const struct plan *p,
                     const struct tiled *t);
/* Appends to BUF a clause on level 3's wide accesses ("; 16-byte accesses
   to u, unew where rows are aligned").  */
void level3_describe (const struct kir_kernel *k, const struct plan *p,
                      const struct stencil_info *info, char *buf,
                      size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_STENCIL_H */
