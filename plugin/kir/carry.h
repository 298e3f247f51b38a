/* carry.h -- values a sequential loop of the body stores and reads back
   one iteration later, kept in a register (plain C, no GCC).

   A line sweep (a tridiagonal solve along a line, a running sum) is a loop
   in the body whose iteration reads what the previous one stored:
       for (z = 2; z <= n; z++)
         s[z][y][x] = (d[z][y][x] - a * s[z - 1][y][x]) * m[z];
   Each iteration then waits for a store and a load through memory; with
   the value carried in a register it waits for its arithmetic only.  */

#ifndef MINT_CARRY_H
#define MINT_CARRY_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* In every loop of K's body whose body is one block B, entered from its
   header H only, where H (assignments only) is entered from B and from
   blocks that go to H, and B steps its loop variable by a constant as its
   last statement: each load of an array that B stores exactly once, at
   the address the store had one iteration before and ahead of the store,
   becomes a copy of a local that holds the stored value.  The first
   iteration loads it, in a block between H and B.  Returns the loads
   replaced.  */
int kir_carry_stored_values (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_CARRY_H */
