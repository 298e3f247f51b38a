/* kir-check.h -- the last step of building a kernel: its checks (plain
   C, no GCC).  */

#ifndef MINT_KIR_CHECK_H
#define MINT_KIR_CHECK_H

#include <stddef.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills the arrays' read/written flags from the accesses and checks the
   structure (indices in range, types consistent, every block terminated).
   Returns 0, or -1 with a message in ERR.  */
int kir_finish (struct kir_kernel *k, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_CHECK_H */
