/* parameter-moves.h -- which pointer parameters a function of the unit
   moves to the device: copies toDevice for a region of its own, or only
   hands on to calls of functions that move them; which it gives only to
   libmintrt; which it only frees; and which it only reads
   (parameter-moves.cc).

   Include after the GCC headers.  */

#ifndef MINT_PARAMETER_MOVES_H
#define MINT_PARAMETER_MOVES_H

/* Whether function FN moves its parameter ARGNO: its own region copies
   it toDevice (mint_function_copies), or FN uses it only as an argument
   of calls whose functions move it (a time step that calls Runge-Kutta
   stages with regions of their own).  The kernels that use it then use
   the device copy of a region around the call, where there is one.  */
bool mint_function_moves_parameter (tree fn, unsigned argno);

/* Parameter ARGNO of function FN (or NULL_TREE: none, or no FN).  */
tree mint_function_parameter (tree fn, unsigned argno);

/* Whether FN is libmintrt's, declared in mintrt.h
   (mint_device_pointer_at): it knows the device copies.  */
bool mint_runtime_function_p (tree fn);

/* Whether function FN uses its parameter ARGNO only as an argument of
   libmintrt's functions, or of functions of the unit that do the same (a
   halo exchange that hands the array to mint_device_pointer or
   mint_peer_get): a call of FN reads and writes none of the elements of
   the host array it is given.  */
bool mint_function_gives_parameter_to_runtime (tree fn, unsigned argno);

/* Whether function FN uses its parameter ARGNO only to free it and its
   rows (`free (a[0][0]); free (a[0]); free (a);' of a `double ***a'),
   directly or through functions of the unit that do the same: a call
   of FN reads and writes none of the elements.  */
bool mint_function_frees_parameter (tree fn, unsigned argno);

/* Whether function FN, of the unit, uses its parameter ARGNO only to read
   numbers it points to (`u[i]', also in its kernels), or hands it on
   only to functions of the unit that do the same: a call of FN, and the
   kernels of its regions, write none of the elements.  */
bool mint_function_only_reads_parameter (tree fn, unsigned argno);

/* Whether function FN, of the unit, given the address of an array's
   pointer as its parameter ARGNO (`tweak (&u)'), reads or writes the
   array's elements through it (`(*pu)[i]', or `p[i]' of `p = *pu'),
   itself or through the functions of the unit it hands the parameter
   to; a swap of pointers does not.  */
bool mint_function_reaches_elements_through (tree fn, unsigned argno);

/* Whether FN is a function of the unit, whose uses of its parameters
   the functions above know.  */
bool mint_function_of_unit_p (tree fn);

/* Notes that kernels of the regions of PARM's function write the array
   of the parameter PARM (or functions its regions' host code gives it
   to, with regions of their own).  */
void mint_note_kernels_write_parameter (tree parm);

/* Whether a call of function FN, of the unit, where no region of the
   caller holds the array it gives as parameter ARGNO, loses what FN's
   kernels write into it: FN's own region copies the parameter toDevice,
   FN copies it fromDevice nowhere and its kernels write it
   (mint_note_kernels_write_parameter); or FN, copying it neither way
   itself, hands it on to a function that loses the writes.  The
   region's end frees the device copy, which no enclosing region keeps
   (a Runge-Kutta stage meant to run in its caller's region).  Call it
   once every function of the unit is lowered.  */
bool mint_function_drops_parameter_writes (tree fn, unsigned argno);

/* Whether function FN, of the unit, stores to the global variable
   GLOBAL or to elements it holds or points to (`G[i] = ...') in a
   parallel region of its own, its kernels (a store through a local
   pointer set from GLOBAL is not seen).  */
bool mint_function_writes_global (tree fn, tree global);

/* Appends to OUT the objects of global variables (a global array, a
   global structure's member) that function FN's regions copy to the
   device, write (mint_function_writes_global) and never copy back: what
   its kernels write into them is lost where no region around the call
   holds them.  */
void mint_function_dropped_globals (tree fn, vec<tree> *out);

/* Records at PLUGIN_PRE_GENERICIZE where each function hands on its
   parameters.  */
void mint_parameter_moves_register (const char *plugin_name);

#endif /* MINT_PARAMETER_MOVES_H */
