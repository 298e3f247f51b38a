/* region-end.h -- the markers at PLUGIN_PRE_GENERICIZE: region ends and
   the checks of where directives stand (region-end.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_REGION_END_H
#define MINT_REGION_END_H

/* Adds the end markers of the parallel regions and `single' blocks of
   function FN, whose body is complete, records what follows each `for'
   directive, and reports the directives that do not stand where they
   belong, unless the parser reported errors in FN (PARSE_ERRORS): its
   recovery may have skipped the directives they belong with.  */
void mint_place_region_ends (tree fn, bool parse_errors);

#endif /* MINT_REGION_END_H */
