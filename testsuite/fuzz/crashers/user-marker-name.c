/* A user function named like one of the plugin's marker calls: the pass
   took the calls for markers, found no directive with id 99 and failed an
   assertion (internal compiler error).  Markers are artificial decls now;
   this compiles without errors.  */

void __mint_for (int);
void __mint_copy (int, void *, long, long, long);

void
f (int n, double *a)
{
  __mint_for (n);
  __mint_for (99);
  __mint_copy (99, a, n, 1, 1);
}
