/* translate.h -- a loop nest's body in GIMPLE -> Kernel IR statements
   (translate.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_TRANSLATE_H
#define MINT_TRANSLATE_H

/* The kernel IR local for an SSA name or a private variable T.  */
int mint_local_for (struct extract_ctx *cx, tree t);

/* The kernel IR scalar for OBJECT, a variable or a structure member that
   the body only reads, added where the kernel has none; -1 after an
   error (at LOC).  Its index is its place in CX->nest->scalars.  */
int mint_scalar_for (struct extract_ctx *cx, tree object, location_t loc);

/* Translates the body's blocks BBS (NBBS of them, the entry first) into
   the kernel IR blocks CX->block_of gives them.  */
void mint_translate_body (struct extract_ctx *cx, basic_block *bbs,
                          unsigned nbbs);

/* Puts before the body the tests of the loops whose start depends on
   outer loops: the body's entry moves out of block 0.  */
void mint_guard_starts (struct extract_ctx *cx);

#endif /* MINT_TRANSLATE_H */
