/* device-type.h -- the scalar types the device code holds as the host
   does: what the front end accepts as the element type of a copied array
   or the type of a reduction variable, and what the extraction gives
   the Kernel IR (device-type.cc).

   Include after gcc-compat.h and kir.h.  */

#ifndef MINT_DEVICE_TYPE_H
#define MINT_DEVICE_TYPE_H

/* The kernel IR type of TYPE, or KIR_VOID when the device cannot hold
   it.  */
enum kir_type mint_kir_type (tree type);

/* Whether the device code holds values of TYPE as the host does: the
   integer types of 8, 16, 32 and 64 bits (_Bool, the character types,
   enums and <stdint.h>'s types among them), float and double.  */
bool mint_device_type_p (tree type);

#endif /* MINT_DEVICE_TYPE_H */
