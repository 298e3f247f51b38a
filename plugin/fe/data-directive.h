/* data-directive.h -- the arguments of the data directives, copy and
   update (data-directive.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_DATA_DIRECTIVE_H
#define MINT_DATA_DIRECTIVE_H

/* The arguments of copy or update D on the rest of R's line, into D:
   its array, direction and extents or ranges.  Sets *KEY, the marker's
   host key, and ARGS, the marker's extents or ranges.  */
bool mint_parse_data_directive (struct token_reader *r,
                                struct mint_directive *d, tree *key,
                                tree args[MINT_DATA_ARGS]);

#endif /* MINT_DATA_DIRECTIVE_H */
