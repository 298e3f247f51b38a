/* dim-order.h -- which parallel loop of a nest each kernel dimension
   runs (dim-order.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_DIM_ORDER_H
#define MINT_DIM_ORDER_H

/* Where NEST's directive gives neither tile nor chunksize and the
   optimization level is 1 or more, makes kernel dimension x (and y) the
   loop whose variable walks the last (next to last) subscript of every
   array the kernel stores, if one does, they agree and the loops' order
   differs (a nest over x, y, z, outermost first, of u[z][y][x]): the
   warp's threads then store along a row.  Permutes NEST->kernel's
   dimensions and NEST->kir_order alike.  Returns whether it did.  */
bool mint_order_dims (struct mint_nest *nest);

#endif /* MINT_DIM_ORDER_H */
