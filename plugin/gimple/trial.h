/* trial.h -- the extraction's diagnostics held back during a trial
   extraction (deepen.h).

   While mint_trial_diagnostics is not negative, error_at and inform in
   the files of the extraction count there instead of printing: a trial
   that any of them would have reported is dropped, and the nest is then
   extracted as its directive says, with its diagnostics.  Include after
   every GCC header: the macros stand in for GCC's functions of those
   names.  */

#ifndef MINT_TRIAL_H
#define MINT_TRIAL_H

extern int mint_trial_diagnostics;

/* Whether a trial runs, counting one more diagnostic held back.  */
static inline bool
mint_trial_holds (void)
{
  if (mint_trial_diagnostics < 0)
    return false;
  mint_trial_diagnostics++;
  return true;
}

#define error_at(...) \
  (mint_trial_holds () ? (void) 0 : error_at (__VA_ARGS__))
#define inform(...) \
  (mint_trial_holds () ? (void) 0 : inform (__VA_ARGS__))

#endif /* MINT_TRIAL_H */
