/* scalarize.cc -- structure variables of scalars that loop nests use,
   replaced by a variable a member (scalarize.h).  */

#include "gcc-compat.h"
#include "directive.h"
#include "markers.h"
#include "nest-recognition.h"
#include "reference.h"
#include "scalarize.h"

/* A structure of more scalar members than this stays a structure (an
   error where a nest uses it).  */
#define MAX_LEAVES 64

/* A scalar member of a structure variable: its bit position in the
   variable, its type and name, and the variable that replaces it.  */
struct leaf
{
  HOST_WIDE_INT bitpos;
  tree type;
  char *name;
  tree var;
};

/* A structure variable of the function and what is known of it.  */
struct candidate
{
  tree decl;
  vec<struct leaf> leaves;
  bool in_nest;                 /* a nest uses it */
  bool excluded;                /* used in a way no scalar can be */
};

struct scalarize
{
  function *fun;
  vec<struct candidate> candidates;
  hash_map<tree, int> index;    /* decl -> candidates[] */
  /* Copies between two structure variables, pairs of candidates[]: one
     that stays a structure keeps the other too.  */
  vec<std::pair<int, int> > copies;
};

/* Appends the scalar members of the structure type TYPE, at bit BASE of
   a variable named PREFIX, to OUT; false where a member is none of
   integer or floating type or structure of them, or a bit-field.  */
static bool
collect_leaves (tree type, HOST_WIDE_INT base, const char *prefix,
                vec<struct leaf> *out)
{
  if (TREE_CODE (type) != RECORD_TYPE || TYPE_REVERSE_STORAGE_ORDER (type))
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
        continue;
      tree pos = bit_position (f), ftype = TREE_TYPE (f);
      if (DECL_BIT_FIELD (f) || !tree_fits_shwi_p (pos)
          || out->length () >= MAX_LEAVES)
        return false;
      HOST_WIDE_INT bit = base + tree_to_shwi (pos);
      char *name = DECL_NAME (f)
                   ? xasprintf ("%s.%s", prefix,
                                IDENTIFIER_POINTER (DECL_NAME (f)))
                   : xasprintf ("%s.%d", prefix, (int) (bit / BITS_PER_UNIT));
      bool ok = true;
      if (TREE_CODE (ftype) == RECORD_TYPE)
        {
          ok = collect_leaves (ftype, bit, name, out);
          free (name);
        }
      else if (INTEGRAL_TYPE_P (ftype) || SCALAR_FLOAT_TYPE_P (ftype))
        {
          struct leaf l = { bit, TYPE_MAIN_VARIANT (ftype), name, NULL_TREE };
          out->safe_push (l);
        }
      else
        {
          free (name);
          ok = false;
        }
      if (!ok)
        return false;
    }
  return true;
}

/* Whether S sets a temporary to the address of a variable (z.3 = &z),
   which the variable's members are then read through.  */
static bool
address_temporary_p (gimple *s)
{
  return gimple_assign_single_p (s)
         && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME
         && mint_address_of_variable (gimple_assign_lhs (s));
}

/* The variable that REF, a chain of member references, starts from, and
   the bit position of REF in it into *BITPOS; NULL_TREE for other
   references.  The chain may start at the variable's address plus a
   constant (MEM[&z + 8], as a helper given &z reads a->im).  */
static tree
member_chain (tree ref, HOST_WIDE_INT *bitpos)
{
  *bitpos = 0;
  for (; TREE_CODE (ref) == COMPONENT_REF; ref = TREE_OPERAND (ref, 0))
    {
      tree f = TREE_OPERAND (ref, 1), pos = bit_position (f);
      if (TREE_OPERAND (ref, 2) || DECL_BIT_FIELD (f)
          || !tree_fits_shwi_p (pos))
        return NULL_TREE;
      *bitpos += tree_to_shwi (pos);
    }
  if (TREE_CODE (ref) == MEM_REF && tree_fits_shwi_p (TREE_OPERAND (ref, 1)))
    {
      tree address = mint_address_of_variable (TREE_OPERAND (ref, 0));
      if (!address)
        return NULL_TREE;
      *bitpos += tree_to_shwi (TREE_OPERAND (ref, 1)) * BITS_PER_UNIT;
      ref = address;
    }
  return VAR_P (ref) ? ref : NULL_TREE;
}

/* The candidate for structure variable DECL, made at its first sight;
   -1 for a variable that no candidate can be.  */
static int
candidate_of (struct scalarize *sc, tree decl)
{
  if (int *i = sc->index.get (decl))
    return *i;
  struct candidate c = { decl, vNULL, false, false };
  /* A compound literal, (cplx) { a, b }, has no name.  */
  const char *name = DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
                                      : "literal";
  /* Its address may be taken where it is read through it (a helper
     given &z); any other use of the address keeps the structure
     (examine).  */
  c.excluded = TREE_CODE (TREE_TYPE (decl)) != RECORD_TYPE
               || is_global_var (decl)
               || TREE_THIS_VOLATILE (decl) || DECL_HAS_VALUE_EXPR_P (decl)
               || DECL_HARD_REGISTER (decl)
               || DECL_CONTEXT (decl) != sc->fun->decl
               || !collect_leaves (TREE_TYPE (decl), 0, name, &c.leaves)
               || c.leaves.is_empty ();
  int i = sc->candidates.length ();
  sc->candidates.safe_push (c);
  sc->index.put (decl, i);
  return i;
}

/* The candidate whose scalar member REF is, with its leaf into *LEAF;
   -1 where REF is no such member.  */
static int
leaf_of (struct scalarize *sc, tree ref, struct leaf **leaf)
{
  HOST_WIDE_INT bitpos;
  tree decl = TREE_CODE (ref) == COMPONENT_REF || TREE_CODE (ref) == MEM_REF
              ? member_chain (ref, &bitpos) : NULL_TREE;
  if (!decl || !(INTEGRAL_TYPE_P (TREE_TYPE (ref))
                 || SCALAR_FLOAT_TYPE_P (TREE_TYPE (ref))))
    return -1;
  int i = candidate_of (sc, decl);
  for (struct leaf &l : sc->candidates[i].leaves)
    if (l.bitpos == bitpos
        && TYPE_MAIN_VARIANT (TREE_TYPE (ref)) == l.type)
      {
        *leaf = &l;
        return i;
      }
  return -1;
}

/* walk_tree callback: the structure variables *TP names cannot be
   replaced.  */
static tree
exclude_structures (tree *tp, int *walk_subtrees, void *data)
{
  struct scalarize *sc = (struct scalarize *) data;
  tree var = TREE_CODE (*tp) == SSA_NAME ? mint_address_of_variable (*tp) : *tp;
  if (var && VAR_P (var) && TREE_CODE (TREE_TYPE (var)) == RECORD_TYPE)
    sc->candidates[candidate_of (sc, var)].excluded = true;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Whether S assigns a structure as a whole: to a member chain of a
   variable (LHS, at bit *LBIT) either zeros (an empty constructor, a
   clobber) or a member chain of a variable (*RHS, at bit *RBIT) of the
   same type.  */
static bool
structure_assignment_p (gimple *s, tree *lhs, HOST_WIDE_INT *lbit,
                        tree *rhs, HOST_WIDE_INT *rbit)
{
  if (!gimple_assign_single_p (s)
      || TREE_CODE (TREE_TYPE (gimple_assign_lhs (s))) != RECORD_TYPE
      || !(*lhs = member_chain (gimple_assign_lhs (s), lbit)))
    return false;
  tree r = gimple_assign_rhs1 (s);
  if (TREE_CODE (r) == CONSTRUCTOR)
    {
      *rhs = NULL_TREE;
      return CONSTRUCTOR_NELTS (r) == 0;
    }
  return TYPE_MAIN_VARIANT (TREE_TYPE (r))
           == TYPE_MAIN_VARIANT (TREE_TYPE (gimple_assign_lhs (s)))
         && (*rhs = member_chain (r, rbit));
}

/* Looks at statement S: a member it reads or writes, a structure it
   assigns, or a use that keeps a structure.  IN_NEST: S is in a
   nest.  */
static void
examine (struct scalarize *sc, gimple *s, bool in_nest)
{
  tree lhs, rhs;
  HOST_WIDE_INT lbit, rbit;
  if (address_temporary_p (s))
    return;
  if (structure_assignment_p (s, &lhs, &lbit, &rhs, &rbit))
    {
      int l = candidate_of (sc, lhs);
      sc->candidates[l].in_nest |= in_nest;
      if (rhs)
        {
          int r = candidate_of (sc, rhs);
          sc->candidates[r].in_nest |= in_nest;
          sc->copies.safe_push (std::make_pair (l, r));
        }
      return;
    }
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      struct leaf *leaf;
      int c;
      if (!op)
        continue;
      if ((c = leaf_of (sc, op, &leaf)) >= 0)
        sc->candidates[c].in_nest |= in_nest;
      else
        walk_tree (&op, exclude_structures, sc, NULL);
    }
}

/* The blocks of the nests of FUN's `for' markers.  */
static void
nest_blocks (const auto_vec<struct marker> &markers, bitmap out)
{
  for (const struct marker &m : markers)
    {
      class loop *l = m.dir->kind == MINT_DIR_FOR
                      ? mint_loop_after_marker (m.stmt) : NULL;
      if (!l)
        continue;
      basic_block *body = get_loop_body (l);
      for (unsigned b = 0; b < l->num_nodes; b++)
        bitmap_set_bit (out, body[b]->index);
      free (body);
    }
}

/* Whether candidate C is replaced.  */
static bool
replaced_p (const struct candidate &c)
{
  return c.in_nest && !c.excluded;
}

/* Gives the two candidates of each copy one fate: both stay structures
   where one must, both are replaced where a nest uses one.  */
static void
spread_exclusion (struct scalarize *sc)
{
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const std::pair<int, int> &p : sc->copies)
        {
          struct candidate &a = sc->candidates[p.first];
          struct candidate &b = sc->candidates[p.second];
          if (a.excluded != b.excluded || a.in_nest != b.in_nest)
            {
              a.excluded = b.excluded = a.excluded || b.excluded;
              a.in_nest = b.in_nest = a.in_nest || b.in_nest;
              changed = true;
            }
        }
    }
}

/* Makes the variables of candidate C's members, declared where C's
   variable is.  */
static void
make_leaf_variables (struct scalarize *sc, struct candidate &c)
{
  tree block = mint_declaring_block (DECL_INITIAL (sc->fun->decl), c.decl);
  for (struct leaf &l : c.leaves)
    {
      l.var = build_decl (DECL_SOURCE_LOCATION (c.decl), VAR_DECL,
                          get_identifier (l.name), l.type);
      DECL_CONTEXT (l.var) = sc->fun->decl;
      DECL_IGNORED_P (l.var) = 1;
      TREE_USED (l.var) = 1;
      /* As if gimplified in its block: the launch's arguments are
         gimplified from it (a conversion of an int member to long
         long), which asserts that a local was.  */
      DECL_SEEN_IN_BIND_EXPR_P (l.var) = 1;
      add_local_decl (sc->fun, l.var);
      if (block)
        {
          DECL_CHAIN (l.var) = DECL_CHAIN (c.decl);
          DECL_CHAIN (c.decl) = l.var;
        }
    }
}

bool
mint_member_variable_p (tree var)
{
  return VAR_P (var) && DECL_IGNORED_P (var) && !DECL_ARTIFICIAL (var)
         && DECL_NAME (var) && strchr (IDENTIFIER_POINTER (DECL_NAME (var)),
                                       '.');
}

/* The variable of candidate C's member at bit BITPOS of type TYPE.  */
static tree
leaf_variable (const struct candidate &c, HOST_WIDE_INT bitpos, tree type)
{
  for (const struct leaf &l : c.leaves)
    if (l.bitpos == bitpos && l.type == TYPE_MAIN_VARIANT (type))
      return l.var;
  gcc_unreachable ();
}

/* Replaces the structure assignment at GSI (structure_assignment_p) by
   one assignment a member: LHS's members at LBIT on get RHS's at RBIT,
   or zero; a clobber goes.  */
static void
split_assignment (struct scalarize *sc, gimple_stmt_iterator *gsi,
                  tree lhs, HOST_WIDE_INT lbit, tree rhs, HOST_WIDE_INT rbit)
{
  gimple *s = gsi_stmt (*gsi);
  const struct candidate &to = sc->candidates[*sc->index.get (lhs)];
  if (!gimple_clobber_p (s))
    {
      vec<struct leaf> parts = vNULL;
      tree type = TREE_TYPE (gimple_assign_lhs (s));
      collect_leaves (type, 0, "", &parts);
      for (struct leaf &p : parts)
        {
          tree value
            = rhs ? leaf_variable (sc->candidates[*sc->index.get (rhs)],
                                   rbit + p.bitpos, p.type)
                  : build_zero_cst (p.type);
          gassign *a = gimple_build_assign (leaf_variable (to, lbit + p.bitpos,
                                                           p.type), value);
          gimple_set_location (a, gimple_location (s));
          gimple_set_block (a, gimple_block (s));
          gsi_insert_before (gsi, a, GSI_SAME_STMT);
          free (p.name);
        }
      parts.release ();
    }
  gsi_remove (gsi, true);
}

/* Replaces the members of replaced candidates in the statement at GSI;
   advances GSI.  */
static void
rewrite (struct scalarize *sc, gimple_stmt_iterator *gsi)
{
  gimple *s = gsi_stmt (*gsi);
  tree lhs, rhs;
  HOST_WIDE_INT lbit, rbit;
  if (structure_assignment_p (s, &lhs, &lbit, &rhs, &rbit)
      && replaced_p (sc->candidates[*sc->index.get (lhs)]))
    {
      split_assignment (sc, gsi, lhs, lbit, rhs, rbit);
      return;
    }
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      struct leaf *leaf;
      int c;
      if (op && (c = leaf_of (sc, op, &leaf)) >= 0
          && replaced_p (sc->candidates[c]))
        gimple_set_op (s, i, leaf->var);
    }
  gsi_next (gsi);
}

/* Removes the statement at GSI where it sets a temporary to the address
   of a replaced variable (its uses were members, replaced); else
   advances GSI.  */
static void
drop_address_temporary (struct scalarize *sc, gimple_stmt_iterator *gsi)
{
  gimple *s = gsi_stmt (*gsi);
  int *c = address_temporary_p (s)
           ? sc->index.get (mint_address_of_variable (gimple_assign_lhs (s)))
           : NULL;
  if (c && replaced_p (sc->candidates[*c]))
    {
      release_ssa_name (gimple_assign_lhs (s));
      gsi_remove (gsi, true);
    }
  else
    gsi_next (gsi);
}

void
mint_scalarize_structures (function *fun,
                           const auto_vec<struct marker> &markers)
{
  struct scalarize sc;
  sc.fun = fun;
  sc.candidates = vNULL;
  sc.copies = vNULL;
  auto_bitmap in_nests;
  nest_blocks (markers, in_nests);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      examine (&sc, gsi_stmt (gsi), bitmap_bit_p (in_nests, bb->index));
  spread_exclusion (&sc);

  bool any = false;
  for (struct candidate &c : sc.candidates)
    if (replaced_p (c))
      {
        make_leaf_variables (&sc, c);
        any = true;
      }
  if (any)
    {
      FOR_EACH_BB_FN (bb, fun)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
          rewrite (&sc, &gsi);
      FOR_EACH_BB_FN (bb, fun)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
          drop_address_temporary (&sc, &gsi);
    }

  for (struct candidate &c : sc.candidates)
    {
      for (struct leaf &l : c.leaves)
        free (l.name);
      c.leaves.release ();
    }
  sc.candidates.release ();
  sc.copies.release ();
}
