/* plane-sums.c -- a body whose value is a sum over planes (plane-sums.h).  */

#include "plane-sums.h"
#include "kir-type.h"
#include "xalloc.h"

#include <limits.h>
#include <stdlib.h>

/* The planes a value reads: none, one offset along the walk, or more.  */
#define NO_PLANE INT_MIN
#define PLANES INT_MAX

static int
join (int a, int b)
{
  if (a == NO_PLANE)
    return b;
  if (b == NO_PLANE || a == b)
    return a;
  return PLANES;
}

/* What the analysis keeps of the body.  Locals may be assigned more than
   once ("s += ..."): a value is one definition, named by the index of the
   statement that makes it.  */
struct body
{
  const struct kir_kernel *k;
  const struct kir_block *b;
  int march;
  int *arg;                     /* per statement and argument
                                   (KIR_MAX_ARGS each): the value it reads,
                                   -1 for none or one from before the body */
  int *planes;                  /* per value */
  int *uses;                    /* per value: arguments that read it */
  int *defs;                    /* per local: its definitions */
  int *spine;                   /* the spine statements */
  int nspine;
};

static int
arg_value (const struct body *bd, int i, int a)
{
  return bd->arg[i * KIR_MAX_ARGS + a];
}

/* The offset along the walk of load ST; NO_PLANE for an array the kernel
   only reads at subscripts free of the walk's variable (a table of
   coefficients: every plane reads it alike); PLANES where the array is
   not read at "loop variable plus a constant" along the walk.  */
static int
load_plane (const struct kir_kernel *k, const struct stencil_info *info,
            int march, const struct kir_stmt *st)
{
  const struct stencil_array *s = &info->arrays[st->access.array];
  const struct kir_access *acc = &st->access;
  bool walks = false;
  for (int i = 0; i < acc->rank; i++)
    walks |= kir_affine_reads_local (&acc->index[i], k->dims[march].iv);
  if (!walks && !k->arrays[acc->array].written)
    return NO_PLANE;
  if (!s->regular || !s->read_only)
    return PLANES;
  for (int i = 0; i < acc->rank; i++)
    if (s->dim_of[i] == march)
      return (int) acc->index[i].constant;
  return PLANES;
}

/* Fills BD's values: what each argument reads, the planes and uses of
   each value; false where a statement is of a kind the sums do not take,
   the walk's variable is read as a value, or the body stores other than
   once.  */
static bool
scan_body (struct body *bd, const struct stencil_info *info)
{
  const struct kir_kernel *k = bd->k;
  int *current = mint_xmalloc ((size_t) k->nlocals * sizeof *current + 1);
  for (int l = 0; l < k->nlocals; l++)
    current[l] = -1;
  int stores = 0;
  bool ok = true;
  for (int i = 0; i < bd->b->nstmts && ok; i++)
    {
      const struct kir_stmt *st = &bd->b->stmts[i];
      int p = NO_PLANE;
      ok = st->kind != KIR_PLOAD && st->kind != KIR_PSTORE
           && (st->kind == KIR_STORE || st->dst >= 0);
      for (int a = 0; a < st->nargs && ok; a++)
        {
          const struct kir_operand *o = &st->args[a];
          if (o->kind != KIR_OPND_LOCAL)
            continue;
          ok = o->index != k->dims[bd->march].iv;
          int v = current[o->index];
          bd->arg[i * KIR_MAX_ARGS + a] = v;
          if (v >= 0)
            {
              p = join (p, bd->planes[v]);
              bd->uses[v]++;
            }
        }
      if (st->kind == KIR_LOAD)
        p = load_plane (k, info, bd->march, st);
      ok &= p != PLANES || st->kind != KIR_LOAD;
      bd->planes[i] = p;
      if (st->kind == KIR_STORE)
        stores++;
      else if (ok)
        {
          current[st->dst] = i;
          bd->defs[st->dst]++;
        }
    }
  free (current);
  return ok && stores == 1;
}

/* The statement of B that stores, or -1.  */
static int
find_store (const struct body *bd)
{
  for (int i = 0; i < bd->b->nstmts; i++)
    if (bd->b->stmts[i].kind == KIR_STORE)
      return i;
  return -1;
}

/* Which argument of statement I, whose value reads several planes, is the
   chain: the one of several planes, or where every argument is of one
   plane or none (the chain's first operation), the one of the lowest
   plane, which is the leaf; -1 where two arguments read several.  */
static int
chain_operand (const struct body *bd, int i)
{
  const struct kir_stmt *st = &bd->b->stmts[i];
  int chain = -1, several = 0;
  for (int a = 0; a < st->nargs; a++)
    {
      int v = arg_value (bd, i, a);
      int p = v >= 0 ? bd->planes[v] : NO_PLANE;
      if (p == NO_PLANE)
        continue;
      if (p == PLANES && several++)
        return -1;
      if (chain < 0 || p == PLANES
          || (!several && p < bd->planes[arg_value (bd, i, chain)]))
        chain = a;
    }
  return chain;
}

/* Follows the chain down from VALUE, the stored one: each statement whose
   value reads several planes takes the chain (one argument, the only
   reader of its value) and a term of one plane or none.  Records the
   spine top first into BD; returns the leaf's value, or -1.  */
static int
follow_spine (struct body *bd, struct plane_sums *s, int value)
{
  int cur = value;
  while (bd->planes[cur] == PLANES)
    {
      const struct kir_stmt *st = &bd->b->stmts[cur];
      if (bd->uses[cur] != 1
          || (st->kind != KIR_ASSIGN && st->kind != KIR_CALL))
        return -1;
      int chain = chain_operand (bd, cur);
      if (chain < 0)
        return -1;
      s->role[cur] = PLANE_SPINE;
      s->chain_arg[cur] = (signed char) chain;
      bd->spine[bd->nspine++] = cur;
      cur = arg_value (bd, cur, chain);
    }
  if (bd->planes[cur] == NO_PLANE || bd->uses[cur] != 1)
    return -1;
  return cur;
}

/* Whether the partial sums take the chain's values of type T, widening
   S->sum_type to double where the chain goes between float and double:
   each value it carries is then exact, and so is each read back.  */
static bool
sums_take (struct plane_sums *s, enum kir_type t)
{
  if (t == s->sum_type)
    return true;
  bool floating = kir_type_is_float (t) && kir_type_is_float (s->sum_type);
  if (floating)
    s->sum_type = KIR_F64;
  return floating;
}

/* The plane of each spine statement, leaf first (LEAF its value); false
   where they decrease, or the chain changes type.  */
static bool
order_spine (struct body *bd, struct plane_sums *s, int leaf)
{
  for (int i = 0, j = bd->nspine - 1; i < j; i++, j--)
    {
      int t = bd->spine[i];
      bd->spine[i] = bd->spine[j];
      bd->spine[j] = t;
    }
  int plane = bd->planes[leaf];
  s->lo = plane;
  s->sum_type = bd->k->locals[s->leaf].type;
  for (int i = 0; i < bd->nspine; i++)
    {
      int st = bd->spine[i];
      if (!sums_take (s, bd->k->locals[bd->b->stmts[st].dst].type))
        return false;
      for (int a = 0; a < bd->b->stmts[st].nargs; a++)
        {
          int v = arg_value (bd, st, a);
          if (a == s->chain_arg[st] || v < 0 || bd->planes[v] == NO_PLANE)
            continue;
          if (bd->planes[v] < plane)
            return false;
          plane = bd->planes[v];
        }
      s->plane[st] = (signed char) plane;
    }
  s->hi = plane;
  return s->lo < s->hi && s->lo >= -64 && s->hi <= 64;
}

/* A statement of no plane whose value only the statements of one plane
   read (an accumulator's "s = 0" before its first term) runs in that
   plane's group; the others run before every group, so their locals
   must have no other definition.  Users come after, so the statements
   are taken last first.  */
static bool
join_groups (const struct body *bd, struct plane_sums *s)
{
  for (int v = bd->b->nstmts - 1; v >= 0; v--)
    {
      if (s->role[v] != PLANE_INVARIANT)
        continue;
      int plane = NO_PLANE;
      for (int i = v + 1; i < bd->b->nstmts; i++)
        for (int a = 0; a < bd->b->stmts[i].nargs; a++)
          if (arg_value (bd, i, a) == v)
            plane = join (plane, s->role[i] == PLANE_INVARIANT
                                 || s->role[i] == PLANE_STORE
                                 ? PLANES : s->plane[i]);
      if (plane != NO_PLANE && plane != PLANES)
        {
          s->role[v] = PLANE_GROUP;
          s->plane[v] = (signed char) plane;
        }
      else if (bd->defs[bd->b->stmts[v].dst] > 1)
        return false;
    }
  return true;
}

/* Every other statement computes a value of one plane or none; a value of
   one plane is read only by statements of its plane (or by spine
   statements of its plane as their term); every loaded array's last
   plane is the last term's, so that the walk's front plane holds every
   load of the step.  */
static bool
place_groups (const struct body *bd, struct plane_sums *s, int leaf,
              const struct stencil_info *info)
{
  for (int i = 0; i < bd->b->nstmts; i++)
    {
      const struct kir_stmt *st = &bd->b->stmts[i];
      if (s->role[i] == PLANE_SPINE)
        continue;
      if (st->kind == KIR_STORE)
        {
          s->role[i] = PLANE_STORE;
          s->plane[i] = (signed char) s->hi;
          continue;
        }
      int p = bd->planes[i];
      if (p == PLANES)
        return false;
      s->role[i] = p == NO_PLANE ? PLANE_INVARIANT : PLANE_GROUP;
      s->plane[i] = (signed char) (p == NO_PLANE ? 0 : p);
      if (st->kind == KIR_LOAD)
        {
          const struct stencil_array *a = &info->arrays[st->access.array];
          for (int d = 0; d < bd->k->arrays[st->access.array].rank; d++)
            if (a->dim_of[d] == bd->march && a->halo_hi[d] != s->hi)
              return false;
        }
    }
  if (!join_groups (bd, s))
    return false;
  for (int i = 0; i < bd->b->nstmts; i++)
    for (int a = 0; a < bd->b->stmts[i].nargs; a++)
      {
        int v = arg_value (bd, i, a);
        if (v < 0 || s->role[v] != PLANE_GROUP || v == leaf)
          continue;
        if ((s->role[i] != PLANE_GROUP && s->role[i] != PLANE_SPINE)
            || s->plane[i] != s->plane[v])
          return false;
      }
  return true;
}

/* K's statements are those of its entry block: the others (empty) only
   lead to the point's end.  */
static bool
one_block (const struct kir_kernel *k)
{
  int b = 0;
  for (int steps = 0; steps <= k->nblocks; steps++)
    {
      if (b > 0 && k->blocks[b].nstmts > 0)
        return false;
      if (k->blocks[b].term == KIR_NEXT)
        return true;
      if (k->blocks[b].term != KIR_GOTO)
        return false;
      b = k->blocks[b].succ[0];
    }
  return false;
}

struct plane_sums *
plane_sums_find (const struct kir_kernel *k, const struct stencil_info *info,
                 int march)
{
  if (march < 1 || march >= k->ndims || !one_block (k) || k->nreductions > 0 || k->nprivates > 0)
    return NULL;
  const struct kir_block *b = &k->blocks[0];
  size_t n = (size_t) b->nstmts + 1;
  struct body bd = { k, b, march, NULL, NULL, NULL, NULL, NULL, 0 };
  bd.arg = mint_xmalloc (n * KIR_MAX_ARGS * sizeof *bd.arg);
  for (size_t i = 0; i < n * KIR_MAX_ARGS; i++)
    bd.arg[i] = -1;
  bd.planes = mint_xcalloc (n, sizeof *bd.planes);
  bd.uses = mint_xcalloc (n, sizeof *bd.uses);
  bd.defs = mint_xcalloc ((size_t) k->nlocals + 1, sizeof *bd.defs);
  bd.spine = mint_xcalloc (n, sizeof *bd.spine);
  struct plane_sums *s = mint_xcalloc (1, sizeof *s);
  s->nstmts = b->nstmts;
  s->role = mint_xcalloc (n, 1);
  s->plane = mint_xcalloc (n, 1);
  s->chain_arg = mint_xcalloc (n, 1);
  int store = scan_body (&bd, info) ? find_store (&bd) : -1;
  const struct kir_stmt *st = store >= 0 ? &b->stmts[store] : NULL;
  bool ok = st && arg_value (&bd, store, 0) >= 0
            && info->arrays[st->access.array].writes_centre_only
            && info->arrays[st->access.array].nreads == 0;
  int leaf = ok ? follow_spine (&bd, s, arg_value (&bd, store, 0)) : -1;
  if (leaf >= 0)
    {
      s->leaf = b->stmts[leaf].dst;
      s->leaf_stmt = leaf;
      ok = order_spine (&bd, s, leaf) && place_groups (&bd, s, leaf, info);
    }
  free (bd.arg);
  free (bd.planes);
  free (bd.uses);
  free (bd.defs);
  free (bd.spine);
  if (!ok || leaf < 0)
    {
      plane_sums_free (s);
      return NULL;
    }
  return s;
}

/* Owners of a local in plane_sums_groups_apart: none yet, the statements
   before the groups, the chain; else the offset of one plane.  */
#define OWNER_NONE INT_MIN
#define OWNER_INVARIANT INT_MAX
#define OWNER_CHAIN (INT_MAX - 1)

/* Gives LOCAL to OWNER; false where another has it.  */
static bool
claim (int *owner, int local, int by)
{
  if (owner[local] == OWNER_NONE)
    owner[local] = by;
  return owner[local] == by;
}

bool
plane_sums_groups_apart (const struct kir_kernel *k,
                         const struct plane_sums *s)
{
  const struct kir_block *b = &k->blocks[0];
  int *owner = mint_xmalloc (((size_t) k->nlocals + 1) * sizeof *owner);
  for (int v = 0; v < k->nlocals; v++)
    owner[v] = OWNER_NONE;
  bool apart = true;
  for (int i = 0; i < s->nstmts; i++)
    if (s->role[i] == PLANE_INVARIANT && b->stmts[i].dst >= 0)
      owner[b->stmts[i].dst] = OWNER_INVARIANT;
  for (int i = 0; i < s->nstmts && apart; i++)
    {
      const struct kir_stmt *st = &b->stmts[i];
      bool spine = s->role[i] == PLANE_SPINE;
      if (!spine && s->role[i] != PLANE_GROUP)
        continue;
      /* The leaf's value moves into its partial sum right after it.  */
      if (st->dst >= 0)
        apart = claim (owner, st->dst, spine || i == s->leaf_stmt
                                       ? OWNER_CHAIN : s->plane[i]);
      for (int a = 0; a < st->nargs && apart; a++)
        {
          const struct kir_operand *o = &st->args[a];
          if (o->kind != KIR_OPND_LOCAL || owner[o->index] == OWNER_INVARIANT)
            continue;
          apart = claim (owner, o->index, spine && a == s->chain_arg[i]
                                          ? OWNER_CHAIN : s->plane[i]);
        }
    }
  free (owner);
  return apart;
}

void
plane_sums_free (struct plane_sums *s)
{
  if (!s)
    return;
  free (s->role);
  free (s->plane);
  free (s->chain_arg);
  free (s);
}
