/* kir-test.h -- shared by the Kernel IR and CUDA emitter unit tests: terse
   IR builders and the test kernels, built by hand as the GIMPLE extraction
   would build them.  */
#ifndef MINT_KIR_TEST_H
#define MINT_KIR_TEST_H

#include <stdio.h>
#include "kir.h"
#include "plan-tune.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Statements.  */
void t_op1 (struct kir_kernel *k, int b, enum kir_opcode op, int dst,
            struct kir_operand a);
void t_op2 (struct kir_kernel *k, int b, enum kir_opcode op, int dst,
            struct kir_operand a, struct kir_operand c);
void t_select (struct kir_kernel *k, int b, int dst, struct kir_operand cond,
               struct kir_operand if_true, struct kir_operand if_false);
void t_call (struct kir_kernel *k, int b, const char *callee, int dst,
             int nargs, const struct kir_operand *args);
void t_load (struct kir_kernel *k, int b, int dst, struct kir_access at);
void t_store (struct kir_kernel *k, int b, struct kir_access at,
              struct kir_operand value);

/* Subscripts: LOCAL + OFFSET; CONSTANT + COEFF * VAR (+ COEFF2 * VAR2).  */
struct kir_affine t_iv (const struct kir_kernel *k, int local,
                        long long offset);
struct kir_affine t_affine (long long constant, struct kir_operand var,
                            long long coeff);
struct kir_affine t_affine2 (long long constant, struct kir_operand var,
                             long long coeff, struct kir_operand var2,
                             long long coeff2);
/* ARRAY[i0] / [i0][i1] / [i0][i1][i2] by the array's rank.  */
struct kir_access t_at (const struct kir_kernel *k, int array,
                        struct kir_affine i0, struct kir_affine i1,
                        struct kir_affine i2);
/* ARRAY[z][y][x] (as many as the rank takes) at the dims' IVs + offsets.  */
struct kir_access t_at_ivs (const struct kir_kernel *k, int array,
                            long long dz, long long dy, long long dx);

/* Sets parallel dimensions, tile and chunk.  */
void t_dims (struct kir_kernel *k, int ndims, const int *ivs,
             const int *tile, const int *chunk);

/* The test kernels.  Each is kir_finish'ed (a failure exits the test).  */
struct kir_kernel *case_heat3d (const char *name, int opt_level);
struct kir_kernel *case_cond2d (void);
struct kir_kernel *case_flat1d (void);
struct kir_kernel *case_inner_loop (void);
struct kir_kernel *case_math (void);
struct kir_kernel *case_types (void);
struct kir_kernel *case_narrow (void);
struct kir_kernel *case_step_chunk (void);
struct kir_kernel *case_reduce (const char *name, int full_warps);
struct kir_kernel *case_scalars (void);
struct kir_kernel *case_narrow_reduce (void);
struct kir_kernel *case_sweep (void);
struct kir_kernel *case_row_sweep (void);
struct kir_kernel *case_recomputed_sweep (void);
struct kir_kernel *case_recomputed_row_sweep (void);
struct kir_kernel *case_flat_rows (void);

/* The generators' output: opens the .cu named by the one argument and
   writes the prelude; NULL (with a message) on a usage or open error.  */
FILE *t_open_cu (int argc, char **argv);

/* K at its launch shape by its plan (plan_kernel_shaped, cuda_emit_kernel)
   into OUT; 0, or -1 with ERR.  *TWIN (if not NULL) is whether the plan
   has a MINT_SHARED_SUFFIX twin.  */
int t_emit (FILE *out, const struct kir_kernel *k, int *twin, char *err,
            size_t errlen);
/* The level of K's plan at its launch shape, its sentence into WHY.  */
int t_strategy (const struct kir_kernel *k, char *why, size_t len);
/* K's candidate shapes (tune_candidates), how many.  */
int t_candidates (const struct kir_kernel *k, struct tune_shape *out);

/* Every test kernel, built fresh (caller frees).  */
struct kir_kernel *case_build (int i);
int case_count (void);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_TEST_H */
