/* nest-report.h -- what the pass tells of an offloaded nest
   (nest-report.cc).

   Include after gcc-compat.h and nest.h.  */

#ifndef MINT_NEST_REPORT_H
#define MINT_NEST_REPORT_H

/* Dumps NEST's kernel (-fplugin-arg-mint-dump, the pass's dump file) and
   notes what was offloaded and how (-fplugin-arg-mint-verbose).  */
void mint_report_kernel (const struct mint_nest *nest);

/* -Wmint-dependence: the warnings for the elements that a point of
   NEST's kernel uses and another one writes.  */
void mint_report_dependences (const struct mint_nest *nest);

#endif /* MINT_NEST_REPORT_H */
