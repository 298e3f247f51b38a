/* dim-order.h -- which parallel loop of a nest each kernel dimension
   runs (dim-order.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_DIM_ORDER_H
#define MINT_DIM_ORDER_H

/* Whether mint chooses which of DIR's loops run in parallel (deepen.h)
   and which dimension each takes: at optimization levels 1 and up, for
   a `for' (not a `single' block) that gives neither tile nor
   chunksize.  */
bool mint_maps_loops (const struct mint_directive *dir);

/* Whether the variable of K's dimension x is in the last subscript of
   every store of K: its points walk the rows' elements (not so where the
   body's own loop walks them, a line sweep along x).  */
bool mint_dim_x_walks_rows (const struct kir_kernel *k);

/* Where mint_maps_loops (NEST->dir), makes kernel dimension x (and y) the
   loop whose variable walks the last (next to last) subscript of every
   array the kernel stores, if one does, they agree and the loops' order
   differs (a nest over x, y, z, outermost first, of u[z][y][x]): the
   warp's threads then store along a row.  Permutes NEST->kernel's
   dimensions and NEST->kir_order alike.  Returns whether it did.  */
bool mint_order_dims (struct mint_nest *nest);

#endif /* MINT_DIM_ORDER_H */
