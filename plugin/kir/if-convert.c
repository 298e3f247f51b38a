/* if-convert.c -- a body's short branches turned into selects
   (if-convert.h).  */

#include "if-convert.h"
#include "kir-edit.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* An arm that other blocks go to as well is copied for the branch where
   it has at most this many statements (the `u = centre' that every test
   of a boundary goes to).  */
#define SHARED_ARM_STMTS 4

/* Branch A: its arms (arm[0] taken where the condition holds), -1 for a
   side that goes straight to JOIN; SHARED where other blocks go to the
   arm too.  */
struct shape
{
  int a, join;
  int arm[2];
  bool shared[2];
};

/* Whether block B can run at every point: it goes to one block, and
   stores nothing, calls nothing for its effect, reads no private array
   (whose subscripts may leave it) and loads only what SPECULABLE
   accepts.  */
static bool
arm_runs_anywhere (const struct kir_kernel *k, int b,
                   kir_speculable_fn speculable, void *data)
{
  const struct kir_block *blk = &k->blocks[b];
  if (b == 0 || blk->term != KIR_GOTO)
    return false;
  for (int i = 0; i < blk->nstmts; i++)
    {
      const struct kir_stmt *s = &blk->stmts[i];
      switch (s->kind)
        {
        case KIR_ASSIGN:
          break;
        case KIR_CALL:
          if (s->dst < 0)
            return false;
          break;
        case KIR_LOAD:
          if (!speculable (k, s, data))
            return false;
          break;
        default:
          return false;
        }
    }
  return true;
}

/* Where block B, a side of a branch, goes on to if it is an arm (a block
   that runs anywhere and goes to one block); -1 if it is not.  */
static int
side_target (const struct kir_kernel *k, int b, kir_speculable_fn speculable,
             void *data)
{
  return arm_runs_anywhere (k, b, speculable, data)
         ? k->blocks[b].succ[0] : -1;
}

/* The shape of branch A (a triangle: one arm, the other side its join; or
   a diamond: two arms to one join) where it has one and its arms are
   short enough; false otherwise.  */
static bool
find_shape (const struct kir_kernel *k, int a, kir_speculable_fn speculable,
            void *data, int max_stmts, struct shape *sh)
{
  const struct kir_block *blk = &k->blocks[a];
  if (blk->term != KIR_BRANCH || blk->succ[0] == blk->succ[1])
    return false;
  int s0 = blk->succ[0], s1 = blk->succ[1];
  int t0 = side_target (k, s0, speculable, data);
  int t1 = side_target (k, s1, speculable, data);
  if (t0 >= 0 && t0 == s1)
    *sh = (struct shape) { a, s1, { s0, -1 }, { false, false } };
  else if (t1 >= 0 && t1 == s0)
    *sh = (struct shape) { a, s0, { -1, s1 }, { false, false } };
  else if (t0 >= 0 && t0 == t1)
    *sh = (struct shape) { a, t0, { s0, s1 }, { false, false } };
  else
    return false;
  if (sh->join == a)
    return false;
  int stmts = 0;
  for (int i = 0; i < 2; i++)
    if (sh->arm[i] >= 0)
      {
        int pred[2];
        if (sh->arm[i] == a || sh->arm[i] == sh->join)
          return false;
        int n = k->blocks[sh->arm[i]].nstmts;
        sh->shared[i] = kir_predecessors (k, sh->arm[i], pred) > 1;
        if (sh->shared[i] && n > SHARED_ARM_STMTS)
          return false;
        stmts += n;
      }
  return stmts <= max_stmts;
}

/* Block ARM copied, for branch A's side SIDE alone.  */
static void
copy_arm (struct kir_kernel *k, int a, int side, int arm)
{
  int copy = kir_add_block (k);
  for (int i = 0; i < k->blocks[arm].nstmts; i++)
    {
      struct kir_stmt s = k->blocks[arm].stmts[i];
      *kir_append (k, copy, s.kind) = s;
    }
  kir_set_goto (k, copy, k->blocks[arm].succ[0]);
  k->blocks[a].succ[side] = copy;
}

/* Whether anything but the arms of SH reads LOCAL.  */
static bool
read_beside_arms (const struct kir_kernel *k, const struct shape *sh,
                  int local)
{
  if (kir_dim_of_iv (k, local) >= 0)
    return true;
  for (int r = 0; r < k->nreductions; r++)
    if (k->reductions[r].local == local)
      return true;
  for (int b = 0; b < k->nblocks; b++)
    if (b != sh->arm[0] && b != sh->arm[1]
        && kir_block_reads (&k->blocks[b], local))
      return true;
  return false;
}

/* Appends arm ARM's statements to block TO, each local that RENAME marks
   renamed from its assignment on into a new one (MAP, of NMAP locals).  */
static void
move_arm (struct kir_kernel *k, int arm, int to, const bool *rename,
          int *map, int nmap)
{
  for (int i = 0; i < k->blocks[arm].nstmts; i++)
    {
      struct kir_stmt s = k->blocks[arm].stmts[i];
      kir_stmt_rename_reads (&s, map, nmap);
      if (s.dst >= 0 && rename[s.dst])
        {
          map[s.dst] = kir_new_local (k, "_if", k->locals[s.dst].type);
          s.dst = map[s.dst];
        }
      *kir_append (k, to, s.kind) = s;
    }
}

/* Marks in ASSIGNED (NMAP locals) those that block B assigns.  */
static void
mark_assigned (const struct kir_kernel *k, int b, bool *assigned, int nmap)
{
  memset (assigned, 0, (size_t) nmap * sizeof *assigned);
  if (b >= 0)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      if (k->blocks[b].stmts[i].dst >= 0)
        assigned[k->blocks[b].stmts[i].dst] = true;
}

/* Branch SH->a made a goto to its join, through a block (block A itself
   but for block 0, whose statements stay as they are) that runs both
   arms, then selects each local they assign that is read elsewhere.
   Such a local is renamed in the arms, and so is one that both arms
   assign, in the second: the first's value must not reach it.  The
   others keep their names (none is left unread: nvcc would warn).  */
static void
convert (struct kir_kernel *k, const struct shape *sh)
{
  int nmap = k->nlocals ? k->nlocals : 1;
  bool *assigned[2], *rename[2];
  int *map[2];
  for (int i = 0; i < 2; i++)
    {
      assigned[i] = mint_xmalloc ((size_t) nmap * sizeof *assigned[i]);
      rename[i] = mint_xmalloc ((size_t) nmap * sizeof *rename[i]);
      map[i] = mint_xmalloc ((size_t) nmap * sizeof *map[i]);
      memset (map[i], -1, (size_t) nmap * sizeof *map[i]);
      mark_assigned (k, sh->arm[i], assigned[i], nmap);
    }
  bool *selected = mint_xmalloc ((size_t) nmap * sizeof *selected);
  for (int l = 0; l < k->nlocals; l++)
    {
      selected[l] = (assigned[0][l] || assigned[1][l])
                    && read_beside_arms (k, sh, l);
      rename[0][l] = selected[l] && assigned[0][l];
      rename[1][l] = assigned[1][l] && (selected[l] || assigned[0][l]);
    }
  struct kir_operand cond = k->blocks[sh->a].cond;
  int to = sh->a == 0 ? kir_add_block (k) : sh->a;
  for (int i = 0; i < 2; i++)
    if (sh->arm[i] >= 0)
      move_arm (k, sh->arm[i], to, rename[i], map[i], nmap);
  /* The condition's own local, where the arms assign it too (the test
     of an unrolled loop's every iteration), is selected last: the other
     selects read the branch's condition, not its new value.  */
  int cond_local = cond.kind == KIR_OPND_LOCAL ? cond.index : -1;
  for (int n = 0; n <= nmap; n++)
    {
      int l = n < nmap ? (n == cond_local ? -1 : n) : cond_local;
      if (l < 0 || !selected[l])
        continue;
      struct kir_stmt *s = kir_append (k, to, KIR_ASSIGN);
      s->op = KIR_SELECT;
      s->dst = l;
      s->nargs = 3;
      s->args[0] = cond;
      for (int i = 0; i < 2; i++)
        s->args[1 + i] = kir_local (k, map[i][l] >= 0 ? map[i][l] : l);
    }
  kir_set_goto (k, to, sh->join);
  if (to != sh->a)
    kir_set_goto (k, sh->a, to);
  for (int i = 0; i < 2; i++)
    {
      free (assigned[i]);
      free (rename[i]);
      free (map[i]);
    }
  free (selected);
}

int
kir_if_convert (struct kir_kernel *k, kir_speculable_fn speculable,
                void *data, int max_stmts)
{
  int converted = 0;
  for (int a = 0; a < k->nblocks; a++)
    {
      struct shape sh;
      if (!find_shape (k, a, speculable, data, max_stmts, &sh))
        continue;
      for (int i = 0; i < 2; i++)
        if (sh.shared[i])
          {
            copy_arm (k, a, i, sh.arm[i]);
            sh.arm[i] = k->blocks[a].succ[i];
          }
      convert (k, &sh);
      /* The arms left behind are read by nothing (read_beside_arms), and
         the blocks renumbered: from the first again.  */
      kir_drop_unreachable_blocks (k);
      converted++;
      a = -1;
    }
  return converted;
}
