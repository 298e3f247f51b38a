/* emit-rows.h -- level 0's rows staged by warps through shared memory
   (staged-rows.h): their helpers in the prelude, their declarations, and
   the accesses that go through them (plain C, no GCC).  */
#ifndef MINT_EMIT_ROWS_H
#define MINT_EMIT_ROWS_H

#include <stdio.h>
#include "kir-core.h"
#include "staged-rows.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cuda_access_hook;

/* mint_rows and its functions; once per file (cuda_emit_prelude).  */
void cuda_put_rows_prelude (FILE *out);
/* Before the point loops: each staged array's windows in shared memory
   (one per warp of the block) and its mint_rows.  */
void cuda_put_rows_decls (FILE *out, const struct kir_kernel *k,
                          const struct staged_rows *rows);
/* Where a point starts: each mint_rows on the thread's row.  */
void cuda_put_rows_start (FILE *out, const struct kir_kernel *k,
                          const struct staged_rows *rows, const char *indent);
/* The body's accesses to staged rows through their mint_rows, and the
   stores flushed where the point ends.  */
struct cuda_access_hook cuda_rows_hook (const struct staged_rows *rows);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_ROWS_H */
