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
/* How K's body reaches its staged ROWS: where a block's accesses to a
   row lie in one window, which a segment of a line sweep's cells can be
   seen to (kir_local's residue), the warp tests and moves the window once
   before them (mint_rows_hold) rather than at each.  */
struct rows_printer;
struct rows_printer *cuda_rows_printer_new (const struct kir_kernel *k,
                                            const struct staged_rows *rows);
void cuda_rows_printer_free (struct rows_printer *p);
/* The body's accesses to staged rows through their mint_rows, and the
   stores flushed where the point ends.  */
struct cuda_access_hook cuda_rows_hook (const struct rows_printer *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_ROWS_H */
