/* kir-dump.h -- a kernel's readable listing (plain C, no GCC).  */

#ifndef MINT_KIR_DUMP_H
#define MINT_KIR_DUMP_H

#include <stdio.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A readable listing, for -fplugin-arg-mint-dump and the tests.  */
void kir_dump (const struct kir_kernel *k, FILE *out);
/* The C operator of OP: "+", "<<", "min", "" for a copy or conversion.  */
const char *kir_opcode_symbol (enum kir_opcode op);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_DUMP_H */
