/* gimple-seq.cc -- the GIMPLE sequences the plugin gimplifies
   (gimple-seq.h).  */

#include "gcc-compat.h"
#include "gimple-seq.h"

bool
mint_seq_without_branches (gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    if (!is_gimple_assign (gsi_stmt (i)) && !is_gimple_call (gsi_stmt (i)))
      return false;
  return true;
}
