/* kir-props.h -- what a kernel's descriptor and the cost model read off
   a kernel: the signatures of its scalars and reductions, its bytes and
   FLOPs per point, its code size (plain C, no GCC).  */

#ifndef MINT_KIR_PROPS_H
#define MINT_KIR_PROPS_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Signatures and counts that go into the kernel descriptor.  BUF must hold
   nscalars + 1 (scalar), 2 * nreductions + 1 (reduction) or narrays + 1
   (the arrays' alias classes, which are planes) characters.  */
void kir_scalar_sig (const struct kir_kernel *k, char *buf);
void kir_reduction_sig (const struct kir_kernel *k, char *buf);
void kir_alias_classes (const struct kir_kernel *k, char *buf);
void kir_planes (const struct kir_kernel *k, char *buf);
unsigned long long kir_bytes_per_point (const struct kir_kernel *k);
unsigned long long kir_flops_per_point (const struct kir_kernel *k);
unsigned long long kir_code_size (const struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_PROPS_H */
