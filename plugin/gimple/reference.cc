/* reference.cc -- memory references of GIMPLE at the "cfg" position
   (reference.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "device-type.h"
#include "local-tables.h"
#include "reference.h"

tree
mint_mentions_cb (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

bool
mint_reads_p (gimple *s, tree var)
{
  tree lhs = gimple_get_lhs (s);
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (!op || (op == lhs && (DECL_P (op) || TREE_CODE (op) == SSA_NAME)))
        continue;
      if (walk_tree (gimple_op_ptr (s, i), mint_mentions_cb, var, NULL))
        return true;
    }
  return false;
}

bool
mint_var_or_parm_p (tree t)
{
  return VAR_P (t) || TREE_CODE (t) == PARM_DECL;
}

bool
mint_memory_ref_p (tree t)
{
  return TREE_CODE (t) == MEM_REF || TREE_CODE (t) == ARRAY_REF
         || TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == TARGET_MEM_REF
         || TREE_CODE (t) == BIT_FIELD_REF || TREE_CODE (t) == ARRAY_RANGE_REF
         || TREE_CODE (t) == REALPART_EXPR || TREE_CODE (t) == IMAGPART_EXPR;
}

static tree
rebuild_variable (struct rebuild *rb, tree var)
{
  if (rb->written && rb->written->contains (var))
    {
      rb->culprit = var;
      return NULL_TREE;
    }
  return var;
}

/* The integer IDX, a subscript or an offset, as an expression of
   constants and, where RB has the writes of a loop nest, of variables
   that the nest does not assign (off[l] for a host loop's level l, the
   same at every point, which the host computes at the launch); or
   NULL_TREE.  DEPTH bounds the definitions followed.  */
static tree
rebuild_index (struct rebuild *rb, tree idx, int depth)
{
  if (TREE_CODE (idx) == INTEGER_CST)
    return idx;
  if (!rb->written || depth == 0 || !INTEGRAL_TYPE_P (TREE_TYPE (idx)))
    return NULL_TREE;
  if (mint_var_or_parm_p (idx))
    return rb->written->contains (idx) ? NULL_TREE : idx;
  if (TREE_CODE (idx) != SSA_NAME
      || !is_gimple_assign (SSA_NAME_DEF_STMT (idx)))
    return NULL_TREE;
  gassign *def = as_a<gassign *> (SSA_NAME_DEF_STMT (idx));
  enum tree_code code = gimple_assign_rhs_code (def);
  tree type = TREE_TYPE (idx), a, b;
  switch (code)
    {
    case SSA_NAME: case VAR_DECL: case PARM_DECL:
      return rebuild_index (rb, gimple_assign_rhs1 (def), depth - 1);
    case NOP_EXPR: case CONVERT_EXPR: case NEGATE_EXPR:
      a = rebuild_index (rb, gimple_assign_rhs1 (def), depth - 1);
      return a ? fold_build1 (code, type, a) : NULL_TREE;
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR:
      a = rebuild_index (rb, gimple_assign_rhs1 (def), depth - 1);
      b = a ? rebuild_index (rb, gimple_assign_rhs2 (def), depth - 1) : NULL;
      return b ? fold_build2 (code, type, a, b) : NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* The pointer value PTR: variables, pointer loads and offsets
   (rebuild_index).  */
static tree
rebuild_pointer (struct rebuild *rb, tree ptr)
{
  if (mint_var_or_parm_p (ptr))
    return rebuild_variable (rb, ptr);
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      tree object = mint_rebuild_ref (rb, TREE_OPERAND (ptr, 0));
      return object ? build_fold_addr_expr (object) : NULL_TREE;
    }
  if (TREE_CODE (ptr) != SSA_NAME
      || !is_gimple_assign (SSA_NAME_DEF_STMT (ptr)))
    return NULL_TREE;
  gassign *def = as_a<gassign *> (SSA_NAME_DEF_STMT (ptr));
  tree r1 = gimple_assign_rhs1 (def);
  enum tree_code code = gimple_assign_rhs_code (def);
  tree base = NULL_TREE;
  if (gimple_assign_load_p (def))
    return mint_rebuild_ref (rb, r1);
  tree off;
  if (code == POINTER_PLUS_EXPR
      && (off = rebuild_index (rb, gimple_assign_rhs2 (def), 4)))
    {
      if ((base = rebuild_pointer (rb, r1)))
        return fold_build_pointer_plus (base, off);
    }
  else if ((CONVERT_EXPR_CODE_P (code) || get_gimple_rhs_class (code)
                                          == GIMPLE_SINGLE_RHS)
           && POINTER_TYPE_P (TREE_TYPE (r1)))
    {
      if ((base = rebuild_pointer (rb, r1)))
        return fold_convert (TREE_TYPE (ptr), base);
    }
  return NULL_TREE;
}

/* The memory reference REF, with constant subscripts, or where RB has
   the writes of a loop nest subscripts the same at every point of it
   (rebuild_index).  */
tree
mint_rebuild_ref (struct rebuild *rb, tree ref)
{
  tree base, off, index;
  switch (TREE_CODE (ref))
    {
    case VAR_DECL:
    case PARM_DECL:
      return rebuild_variable (rb, ref);
    case COMPONENT_REF:
      if (!(base = mint_rebuild_ref (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      return build3 (COMPONENT_REF, TREE_TYPE (ref), base,
                     TREE_OPERAND (ref, 1), TREE_OPERAND (ref, 2));
    case ARRAY_REF:
      if (!(index = rebuild_index (rb, TREE_OPERAND (ref, 1), 4))
          || !(base = mint_rebuild_ref (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      return build4 (ARRAY_REF, TREE_TYPE (ref), base, index,
                     TREE_OPERAND (ref, 2), TREE_OPERAND (ref, 3));
    case MEM_REF:
      if (!(base = rebuild_pointer (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      off = TREE_OPERAND (ref, 1);
      /* MEM[p + c, off] is MEM[p, off + c].  */
      if (TREE_CODE (base) == POINTER_PLUS_EXPR
          && TREE_CODE (TREE_OPERAND (base, 1)) == INTEGER_CST)
        {
          off = int_const_binop (PLUS_EXPR, off,
                                 fold_convert (TREE_TYPE (off),
                                               TREE_OPERAND (base, 1)));
          base = TREE_OPERAND (base, 0);
        }
      return build2 (MEM_REF, TREE_TYPE (ref), base, off);
    default:
      return NULL_TREE;
    }
}

/* The variable-length array whose storage the gimplifier's pointer PTR
   points at, or NULL_TREE: a local `double u[n][n]' lives on the stack
   behind a pointer `u.2' that the gimplifier makes, and every use of u
   is `*u.2' (u's DECL_VALUE_EXPR).  */
tree
mint_vla_of_pointer (tree ptr)
{
  if (!VAR_P (ptr) || !DECL_ARTIFICIAL (ptr)
      || !POINTER_TYPE_P (TREE_TYPE (ptr)) || !cfun)
    return NULL_TREE;
  unsigned i;
  tree var;
  FOR_EACH_LOCAL_DECL (cfun, i, var)
    if (VAR_P (var) && DECL_HAS_VALUE_EXPR_P (var))
      {
        tree v = DECL_VALUE_EXPR (var);
        if ((TREE_CODE (v) == INDIRECT_REF || TREE_CODE (v) == MEM_REF)
            && TREE_OPERAND (v, 0) == ptr)
          return var;
      }
  return NULL_TREE;
}

tree
mint_reference_root (tree ref)
{
  while (TREE_CODE (ref) == ARRAY_REF)
    ref = TREE_OPERAND (ref, 0);
  if (handled_component_p (ref))
    {
      struct rebuild rb = { NULL, NULL_TREE };
      return mint_rebuild_ref (&rb, ref);
    }
  if (TREE_CODE (ref) == MEM_REF)
    {
      tree ptr = TREE_OPERAND (ref, 0);
      for (int depth = 0; TREE_CODE (ptr) == SSA_NAME && depth < 16; depth++)
        {
          gimple *def = SSA_NAME_DEF_STMT (ptr);
          if (!is_gimple_assign (def))
            return NULL_TREE;
          tree r1 = gimple_assign_rhs1 (def);
          if (gimple_assign_load_p (def))
            return mint_reference_root (r1);
          ptr = r1;
        }
      ref = ptr;
      if (tree vla = mint_vla_of_pointer (ref))
        return vla;
    }
  return mint_var_or_parm_p (ref) ? ref : NULL_TREE;
}

/* The assignments of a variable: how many, and the last.  */
struct assignments
{
  int count;
  gimple *last;
};

/* The function that a live mint_assignment_index covers, and the
   assignments of each variable it assigns.  */
static function *indexed_fun;
static hash_map<tree, struct assignments> *assignment_index;

/* Calls VISIT (VAR, S, DATA) for each statement S of FUN that assigns a
   variable VAR, in the order of the function's blocks.  */
static void
for_each_assignment (function *fun, void (*visit) (tree, gimple *, void *),
                     void *data)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (tree lhs = gimple_get_lhs (gsi_stmt (gsi)))
        visit (lhs, gsi_stmt (gsi), data);
}

static void
count_assignment (tree var, gimple *s, void *data)
{
  struct assignments &a = ((hash_map<tree, struct assignments> *) data)
                            ->get_or_insert (var);
  a.count++;
  a.last = s;
}

mint_assignment_index::mint_assignment_index (function *fun)
{
  gcc_assert (!indexed_fun);
  indexed_fun = fun;
  assignment_index = new hash_map<tree, struct assignments>;
  for_each_assignment (fun, count_assignment, assignment_index);
}

mint_assignment_index::~mint_assignment_index ()
{
  delete assignment_index;
  assignment_index = NULL;
  indexed_fun = NULL;
}

/* The assignments of one variable, counted as count_assignment does.  */
struct var_assignments
{
  tree var;
  struct assignments a;
};

static void
count_var_assignment (tree var, gimple *s, void *data)
{
  struct var_assignments *v = (struct var_assignments *) data;
  if (var == v->var)
    {
      v->a.count++;
      v->a.last = s;
    }
}

int
mint_assignments (function *fun, tree var, gimple **last)
{
  struct var_assignments v = { var, { 0, NULL } };
  if (fun == indexed_fun)
    {
      if (struct assignments *a = assignment_index->get (var))
        v.a = *a;
    }
  else
    for_each_assignment (fun, count_var_assignment, &v);
  if (v.a.count)
    *last = v.a.last;
  return v.a.count;
}

tree
mint_call_target (function *fun, gcall *call)
{
  if (tree fndecl = gimple_call_fndecl (call))
    return fndecl;
  tree ptr = gimple_call_fn (call);
  gimple *set;
  if (!ptr || !VAR_P (ptr) || is_global_var (ptr) || TREE_ADDRESSABLE (ptr)
      || mint_assignments (fun, ptr, &set) != 1
      || !gimple_assign_single_p (set))
    return NULL_TREE;
  tree value = gimple_assign_rhs1 (set);
  return TREE_CODE (value) == ADDR_EXPR
         && TREE_CODE (TREE_OPERAND (value, 0)) == FUNCTION_DECL
         ? TREE_OPERAND (value, 0) : NULL_TREE;
}

/* The N entries of INIT, an array's constructor, by index into ENTRIES
   (NULL_TREE where it names none); whether its indices are constants
   below N.  */
static bool
constructor_entries (tree init, unsigned n, vec<tree> *entries)
{
  entries->truncate (0);
  entries->safe_grow_cleared (n);
  unsigned HOST_WIDE_INT i, next = 0;
  tree index, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
    {
      unsigned HOST_WIDE_INT first = next, last = next;
      if (index && TREE_CODE (index) == RANGE_EXPR)
        {
          if (!tree_fits_uhwi_p (TREE_OPERAND (index, 0))
              || !tree_fits_uhwi_p (TREE_OPERAND (index, 1)))
            return false;
          first = tree_to_uhwi (TREE_OPERAND (index, 0));
          last = tree_to_uhwi (TREE_OPERAND (index, 1));
        }
      else if (index)
        {
          if (!tree_fits_uhwi_p (index))
            return false;
          first = last = tree_to_uhwi (index);
        }
      if (last >= n)
        return false;
      for (unsigned HOST_WIDE_INT e = first; e <= last; e++)
        (*entries)[e] = value;
      next = last + 1;
    }
  return true;
}

/* Appends to VALUES the N numbers of ELEM (INTEGER_CSTs or REAL_CSTs)
   that INIT, a row's initializer, gives: a constructor, a string of
   bytes (the C front end's form of a table of bytes), or NULL_TREE for
   zeros.  Whether each is a number.  */
static bool
row_values (tree init, tree elem, unsigned n, vec<tree> *values)
{
  auto_vec<tree> entries;
  if (init && TREE_CODE (init) == STRING_CST)
    {
      if (!INTEGRAL_TYPE_P (elem) || TYPE_PRECISION (elem) != CHAR_BIT)
        return false;
      const char *bytes = TREE_STRING_POINTER (init);
      unsigned length = TREE_STRING_LENGTH (init);
      for (unsigned e = 0; e < n; e++)
        {
          HOST_WIDE_INT byte = 0;
          if (e < length)
            byte = TYPE_UNSIGNED (elem) ? (unsigned char) bytes[e]
                                        : (signed char) bytes[e];
          values->safe_push (build_int_cst (elem, byte));
        }
      return true;
    }
  if (init && (TREE_CODE (init) != CONSTRUCTOR
               || !constructor_entries (init, n, &entries)))
    return false;
  for (unsigned e = 0; e < n; e++)
    {
      tree value = init && entries[e] ? fold_convert (elem, entries[e])
                                      : build_zero_cst (elem);
      if (TREE_CODE (value) != INTEGER_CST && TREE_CODE (value) != REAL_CST)
        return false;
      values->safe_push (value);
    }
  return true;
}

/* The elements of TYPE, an array type indexed from 0 by a constant
   domain, else 0.  */
static unsigned HOST_WIDE_INT
array_extent (tree type)
{
  tree domain = TREE_CODE (type) == ARRAY_TYPE ? TYPE_DOMAIN (type)
                                               : NULL_TREE;
  if (!domain || !integer_zerop (TYPE_MIN_VALUE (domain))
      || !TYPE_MAX_VALUE (domain)
      || !tree_fits_uhwi_p (TYPE_MAX_VALUE (domain))
      || tree_to_uhwi (TYPE_MAX_VALUE (domain)) >= MINT_TABLE_MAX)
    return 0;
  return tree_to_uhwi (TYPE_MAX_VALUE (domain)) + 1;
}

tree
mint_constant_table (tree ref, struct table_read *r)
{
  if (TREE_CODE (ref) != ARRAY_REF)
    return NULL_TREE;
  tree table = TREE_OPERAND (ref, 0);
  r->nindex = 1;
  r->index[0] = TREE_OPERAND (ref, 1);
  if (TREE_CODE (table) == ARRAY_REF)
    {
      r->nindex = 2;
      r->index[1] = r->index[0];
      r->index[0] = TREE_OPERAND (table, 1);
      table = TREE_OPERAND (table, 0);
    }
  /* Gimplification sets a local table by stores, no longer readonly
     (local-tables.h).  */
  tree init = NULL_TREE;
  if (VAR_P (table) && TREE_STATIC (table) && TREE_READONLY (table))
    init = DECL_INITIAL (table);
  else if (VAR_P (table) && !TREE_STATIC (table))
    init = mint_local_table_initializer (table);
  if (!init || (TREE_CODE (init) != CONSTRUCTOR
                && TREE_CODE (init) != STRING_CST)
      || TREE_THIS_VOLATILE (table) || DECL_WEAK (table))
    return NULL_TREE;
  tree row = TREE_TYPE (table);
  unsigned HOST_WIDE_INT rows = 1;
  if (r->nindex == 2)
    {
      rows = array_extent (row);
      row = TREE_TYPE (row);
    }
  r->row_length = array_extent (row);
  tree elem = TREE_TYPE (row);
  if (rows == 0 || r->row_length == 0 || !mint_device_type_p (elem)
      || rows * r->row_length > MINT_TABLE_MAX)
    return NULL_TREE;
  r->values.truncate (0);
  if (r->nindex == 1)
    return row_values (init, elem, r->row_length, &r->values)
           ? table : NULL_TREE;
  auto_vec<tree> inits;
  if (TREE_CODE (init) != CONSTRUCTOR
      || !constructor_entries (init, rows, &inits))
    return NULL_TREE;
  for (tree row_init : inits)
    if (!row_values (row_init, elem, r->row_length, &r->values))
      return NULL_TREE;
  return table;
}

bool
mint_runs_before (gimple *from, gimple *to)
{
  basic_block a = gimple_bb (from), b = gimple_bb (to);
  if (a != b)
    return dom_info_available_p (CDI_DOMINATORS)
           && dominated_by_p (CDI_DOMINATORS, b, a);
  for (gimple_stmt_iterator gsi = gsi_for_stmt (from); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == to)
      return true;
  return false;
}

/* walk_tree callback: whether *TP takes the address of (an element of)
   the variable DATA.  */
static tree
address_of_cb (tree *tp, int *, void *data)
{
  return TREE_CODE (*tp) == ADDR_EXPR
         && get_base_address (TREE_OPERAND (*tp, 0)) == (tree) data
         ? *tp : NULL_TREE;
}

bool
mint_takes_address_of (tree expr, tree var)
{
  return walk_tree_without_duplicates (&expr, address_of_cb, var) != NULL;
}

bool
mint_address_taken_p (tree var)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      for (unsigned i = 0; i < gimple_num_ops (gsi_stmt (gsi)); i++)
        if (tree op = gimple_op (gsi_stmt (gsi), i))
          if (mint_takes_address_of (op, var))
            return true;
  return false;
}

bool
mint_keeps_value_from (tree v, gimple *at)
{
  gimple *def = NULL;
  if (!mint_var_or_parm_p (v) || TREE_ADDRESSABLE (v) || is_global_var (v))
    return false;
  int n = mint_assignments (cfun, v, &def);
  return n == 0 ? TREE_CODE (v) == PARM_DECL
                : n == 1 && def != at && mint_runs_before (def, at);
}

tree
mint_address_of_variable (tree p)
{
  if (TREE_CODE (p) == SSA_NAME)
    {
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (p));
      if (!def || !gimple_assign_single_p (def))
        return NULL_TREE;
      p = gimple_assign_rhs1 (def);
    }
  return TREE_CODE (p) == ADDR_EXPR && VAR_P (TREE_OPERAND (p, 0))
         ? TREE_OPERAND (p, 0) : NULL_TREE;
}

/* Whether the variables the value of assignment S reads, through the
   temporaries it reads (DEPTH levels), keep the values they had there
   (mint_keeps_value_from).  */
static bool
operands_keep_values (gassign *s, int depth)
{
  for (unsigned i = 1; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (!op || CONSTANT_CLASS_P (op))
        continue;
      if (TREE_CODE (op) == SSA_NAME)
        {
          gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (op));
          if (depth == 0 || !def || !operands_keep_values (def, depth - 1))
            return false;
        }
      else if (!mint_keeps_value_from (op, s))
        return false;
    }
  return true;
}

gassign *
mint_stable_assignment (tree var)
{
  gimple *def = NULL;
  if (!mint_var_or_parm_p (var) || TREE_ADDRESSABLE (var)
      || is_global_var (var) || mint_assignments (cfun, var, &def) != 1)
    return NULL;
  gassign *a = dyn_cast<gassign *> (def);
  return a && operands_keep_values (a, 3) ? a : NULL;
}

tree
mint_declaring_block (tree b, tree decl)
{
  for (; b; b = BLOCK_CHAIN (b))
    {
      for (tree v = BLOCK_VARS (b); v; v = DECL_CHAIN (v))
        if (v == decl)
          return b;
      if (tree inner = mint_declaring_block (BLOCK_SUBBLOCKS (b), decl))
        return inner;
    }
  return NULL_TREE;
}

bool
mint_row_table_load_p (gimple *d)
{
  return gimple_assign_load_p (d)
         && TREE_CODE (gimple_assign_rhs1 (d)) == MEM_REF
         && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (d)));
}
