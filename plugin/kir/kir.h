/* kir.h -- the Kernel IR, its whole interface in one header: the data
   structures and their construction (kir-core.h), changes to a built
   kernel (kir-edit.h), a local per web of a variable (webs.h), kir_finish's checks (kir-check.h), the properties
   of its types (kir-type.h), the device math functions (kir-math.h), what
   a kernel's descriptor reads off it (kir-props.h) and its listing
   (kir-dump.h).

   The contract between the GCC-facing extraction (gimple/) and everything
   after it (the analyses here, the plan, the CUDA printers).  Plain C
   without GCC headers, so all of that is unit-tested without GCC.  The
   files of the IR and of the stages after it include the parts they
   use.  */

#ifndef MINT_KIR_H
#define MINT_KIR_H

#include "kir-core.h"
#include "kir-edit.h"
#include "webs.h"
#include "carry.h"
#include "recompute.h"
#include "kir-check.h"
#include "kir-type.h"
#include "kir-math.h"
#include "kir-props.h"
#include "kir-dump.h"

#endif /* MINT_KIR_H */
