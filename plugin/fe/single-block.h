/* single-block.h -- `single' blocks that run on the device, at
   PLUGIN_PRE_GENERICIZE (single-block.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_SINGLE_BLOCK_H
#define MINT_SINGLE_BLOCK_H

/* Whether BLOCK, the block of `single' ID, runs on the device; else
   records in the directive why it runs on the host.  */
bool mint_single_on_device_p (tree block, int id);

/* Makes the statement at I, the marker of `single' ID, the marker of a
   new `for' directive, and the statement at BLOCK the body of a loop of
   one point after it: one thread on the device.  */
void mint_run_single_on_device (tree_stmt_iterator i,
                                tree_stmt_iterator block, int id);

#endif /* MINT_SINGLE_BLOCK_H */
