/* reference.h -- memory references of GIMPLE at the "cfg" position, not
   yet SSA (the program's variables are VAR_DECLs and PARM_DECLs, the
   gimplifier's temporaries SSA names): the array that a load or store
   reaches, and a reference rebuilt without its SSA names
   (reference.cc).  The extraction and the pass's checks of host code use
   them.

   Include after gcc-compat.h.  */

#ifndef MINT_REFERENCE_H
#define MINT_REFERENCE_H

/* Whether T is a variable or a parameter.  */
bool mint_var_or_parm_p (tree t);

/* Whether T is a memory reference: a load or store operand.  */
bool mint_memory_ref_p (tree t);

/* A walk_tree callback: whether it finds the variable DATA.  */
tree mint_mentions_cb (tree *tp, int *, void *data);

/* Whether statement S reads VAR, also in the subscripts of what it
   stores to (b[k.0] = x reads k.0).  */
bool mint_reads_p (gimple *s, tree var);

/* Rebuilding a reference of the nest without its SSA names, as an
   expression the host can evaluate before the nest.  WRITTEN: variables
   it must not depend on (NULL: any); CULPRIT: the one it did.  */
struct rebuild
{
  hash_set<tree> *written;
  tree culprit;
};

/* The memory reference REF rebuilt by RB (variables, pointer loads,
   constant offsets and subscripts; where RB has the writes of a loop
   nest, offsets and subscripts over variables the nest does not
   assign), or NULL_TREE.  */
tree mint_rebuild_ref (struct rebuild *rb, tree ref);

/* The array that the reference REF (a load or store operand) reaches
   through array subscripts and pointer loads: a VAR_DECL, a PARM_DECL or
   a structure member (member.h); or NULL_TREE.  */
tree mint_reference_root (tree ref);

/* The local variable-length array (`double u[n][n]') whose storage the
   gimplifier's pointer PTR points at, or NULL_TREE.  */
tree mint_vla_of_pointer (tree ptr);

/* How many statements of FUN assign VAR; the last of them into *LAST
   (unchanged where there is none).  */
int mint_assignments (function *fun, tree var, gimple **last);

/* The function that CALL, a statement of FUN, calls: its declaration, or
   the function a local pointer it calls through is set to by its one
   assignment (`void (*fp) (double *) = f; fp (u);'); else NULL_TREE.  */
tree mint_call_target (function *fun, gcall *call);

/* While one lives, the statements of FUN do not change, and
   mint_assignments answers for FUN from an index of its assignments,
   made once, instead of a walk over the whole function each call (a
   nest of many accesses asks for each of its temporaries).  */
class mint_assignment_index
{
public:
  mint_assignment_index (function *fun);
  ~mint_assignment_index ();
};

/* The most elements of a table that a kernel reads from its values
   (mint_constant_table).  */
#define MINT_TABLE_MAX 32

/* An element of a table of constants that a reference reads: its
   subscripts (the row's first, of a table of rows), the length of a row
   (of a table of one dimension, the table's), and the table's elements,
   row by row (INTEGER_CSTs or REAL_CSTs).  */
struct table_read
{
  tree index[2];
  int nindex;
  unsigned row_length;
  auto_vec<tree> values;
};

/* Where REF reads an element of a read-only array of at most
   MINT_TABLE_MAX numbers, in one or two dimensions, whose values the
   compiler knows (`static const int ex[9] = { 0, 1, 0, -1, ... }', a
   lattice's directions; `static const int gx[3][3]', a filter's mask):
   the array, with the read into *R; else NULL_TREE.  */
tree mint_constant_table (tree ref, struct table_read *r);

/* Whether the statement FROM runs before TO whenever TO runs.  */
bool mint_runs_before (gimple *from, gimple *to);

/* Whether EXPR takes the address of VAR or of an element of it.  */
bool mint_takes_address_of (tree expr, tree var);

/* Whether the current function takes the address of VAR or of an
   element of it (TREE_ADDRESSABLE also holds for arrays indexed by
   variables), so that it may be used other than by its name.  */
bool mint_address_taken_p (tree var);

/* Whether V, a variable of the current function whose address is not
   taken, holds one value from statement AT on: a parameter the function
   never assigns, or a local it assigns once, before AT.  */
bool mint_keeps_value_from (tree v, gimple *at);

/* The one assignment of the variable VAR of the current function (whose
   address is not taken), where the variables it reads, through the
   temporaries it reads, keep their values from there on (int e = n + 2,
   n a parameter the function does not assign); or NULL.  */
gassign *mint_stable_assignment (tree var);

/* The variable whose address the pointer value P is: &v, or a temporary
   the gimplifier set to &v (z.3 = &z where a helper given &z was
   inlined); NULL_TREE for other values.  */
tree mint_address_of_variable (tree p);

/* The lexical block from B on (B, the blocks it chains to and those
   below them) that declares DECL, or NULL_TREE.  */
tree mint_declaring_block (tree b, tree decl);

/* Whether the load D reads a pointer through a MEM_REF: a row of an
   array of pointers (u[k] of a T ***u), which no kernel stores to.  */
bool mint_row_table_load_p (gimple *d);

#endif /* MINT_REFERENCE_H */
