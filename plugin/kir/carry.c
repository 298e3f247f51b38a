/* carry.c -- stored values carried to the next iteration in a register
   (carry.h).  */

#include "carry.h"
#include "kir-edit.h"
#include "kir-type.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* A loop of the body: its header block, its one body block, the variable
   the body steps by STEP as its last statement.  */
struct loop
{
  int header, body;
  int iv;
  long long step;
};

/* A carried array: the position of its store in the body, the local that
   holds the stored value and the body's first load it replaces.  */
struct carried
{
  int array;
  int store;
  int first_load;
  int local;
};

#define MAX_CARRIED 8

/* The step of BODY's last statement, `iv = iv + step' on an integer local,
   into L; false where it is no such statement or IV is assigned again.  */
static bool
find_step (const struct kir_kernel *k, int body, struct loop *l)
{
  const struct kir_block *b = &k->blocks[body];
  if (b->nstmts == 0)
    return false;
  const struct kir_stmt *s = &b->stmts[b->nstmts - 1];
  if (s->kind != KIR_ASSIGN || s->dst < 0 || s->nargs != 2
      || (s->op != KIR_ADD && s->op != KIR_SUB)
      || s->args[0].kind != KIR_OPND_LOCAL || s->args[0].index != s->dst
      || s->args[1].kind != KIR_OPND_INT || s->args[1].ival == 0
      || !kir_type_is_integer (k->locals[s->dst].type))
    return false;
  l->iv = s->dst;
  l->step = s->op == KIR_ADD ? s->args[1].ival : -s->args[1].ival;
  return kir_block_assignments (b, l->iv) == 1;
}

/* Whether every block that goes to L's body is its header, and every
   other block that goes to the header than the body ends in a goto.  */
static bool
entered_plainly (const struct kir_kernel *k, const struct loop *l)
{
  for (int p = 0; p < k->nblocks; p++)
    {
      const struct kir_block *b = &k->blocks[p];
      for (int s = 0; s < kir_successor_count (b); s++)
        {
          if (b->succ[s] == l->body && p != l->header)
            return false;
          if (b->succ[s] == l->header && p != l->body && b->term != KIR_GOTO)
            return false;
        }
    }
  return true;
}

/* Whether BODY is the one block of a loop (into L): it goes to a header
   that branches back to it and computes its condition by assignments
   alone.  */
static bool
find_loop (const struct kir_kernel *k, int body, struct loop *l)
{
  const struct kir_block *b = &k->blocks[body];
  if (b->term != KIR_GOTO || b->succ[0] == body)
    return false;
  l->body = body;
  l->header = b->succ[0];
  const struct kir_block *h = &k->blocks[l->header];
  if (h->term != KIR_BRANCH || h->succ[0] == h->succ[1]
      || (h->succ[0] != body && h->succ[1] != body) || !find_step (k, body, l))
    return false;
  for (int i = 0; i < h->nstmts; i++)
    if (h->stmts[i].kind != KIR_ASSIGN || h->stmts[i].dst == l->iv)
      return false;
  return entered_plainly (k, l);
}

/* Whether ACC's subscripts name no local that L's header or body assigns
   but its variable.  */
static bool
invariant_but_iv (const struct kir_kernel *k, const struct loop *l,
                  const struct kir_access *acc)
{
  for (int j = 0; j < acc->rank; j++)
    for (int t = 0; t < acc->index[j].nterms; t++)
      {
        const struct kir_operand *v = &acc->index[j].terms[t].var;
        if (v->kind == KIR_OPND_LOCAL && v->index != l->iv
            && (kir_block_assignments (&k->blocks[l->body], v->index)
                || kir_block_assignments (&k->blocks[l->header], v->index)))
          return false;
      }
  return true;
}

/* Whether load LD reads the element that store ST wrote one iteration of
   L before.  */
static bool
reads_previous (const struct loop *l, const struct kir_access *st,
                const struct kir_access *ld)
{
  for (int j = 0; j < st->rank; j++)
    {
      if (!kir_affine_same_terms (&st->index[j], &ld->index[j]))
        return false;
      long long coeff = 0;
      for (int t = 0; t < st->index[j].nterms; t++)
        if (st->index[j].terms[t].var.kind == KIR_OPND_LOCAL
            && st->index[j].terms[t].var.index == l->iv)
          coeff += st->index[j].terms[t].coeff;
      if (ld->index[j].constant != st->index[j].constant - coeff * l->step)
        return false;
    }
  return true;
}

/* The position of the one store to array A in block B, -1 where there is
   none or more than one.  */
static int
only_store (const struct kir_block *b, int a)
{
  int at = -1;
  for (int i = 0; i < b->nstmts; i++)
    if (b->stmts[i].kind == KIR_STORE && b->stmts[i].access.array == a)
      {
        if (at >= 0)
          return -1;
        at = i;
      }
  return at;
}

/* The first load ahead of the store at position STORE in L's body that
   reads what it stored one iteration before, -1 for none.  */
static int
previous_load (const struct kir_kernel *k, const struct loop *l, int store)
{
  const struct kir_block *b = &k->blocks[l->body];
  const struct kir_stmt *st = &b->stmts[store];
  if (!invariant_but_iv (k, l, &st->access))
    return -1;
  for (int i = 0; i < store; i++)
    if (b->stmts[i].kind == KIR_LOAD
        && b->stmts[i].access.array == st->access.array
        && reads_previous (l, &st->access, &b->stmts[i].access))
      return i;
  return -1;
}

/* A statement inserted at position POS of BLOCK: `dst = (type) value'.  */
static void
insert_copy (struct kir_kernel *k, int block, int pos, int dst,
             struct kir_operand value, int line, unsigned long long loc)
{
  struct kir_stmt *s = kir_insert (k, block, pos, KIR_ASSIGN);
  kir_set_copy (k, s, dst, value);
  s->line = line;
  s->loc = loc;
}

/* Replaces each load of C's array in L's body that reads the value stored
   one iteration before with a copy of C's local, and copies the stored
   value into it after the store.  */
static int
carry_in_body (struct kir_kernel *k, const struct loop *l,
               const struct carried *c)
{
  int replaced = 0;
  struct kir_block *b = &k->blocks[l->body];
  const struct kir_stmt *st = &b->stmts[c->store];
  struct kir_operand value = st->args[0];
  int line = st->line;
  unsigned long long loc = st->loc;
  for (int i = 0; i < c->store; i++)
    {
      struct kir_stmt *s = &b->stmts[i];
      if (s->kind == KIR_LOAD && s->access.array == c->array
          && reads_previous (l, &st->access, &s->access))
        {
          kir_set_copy (k, s, s->dst, kir_local (k, c->local));
          replaced++;
        }
    }
  insert_copy (k, l->body, c->store + 1, c->local, value, line, loc);
  return replaced;
}

/* Carries the arrays C[0..N) of loop L: a flag, reset wherever the loop
   is entered, sends the first iteration through a block that loads them;
   the body keeps the stored values.  */
static int
carry_loop (struct kir_kernel *k, const struct loop *l, struct carried *c,
            int n)
{
  int flag = kir_new_local (k, "mint_carried", KIR_I32);
  int first = kir_add_block (k), check = kir_add_block (k);
  for (int i = 0; i < n; i++)
    {
      c[i].local = kir_new_local (k, "mint_carry",
                              k->arrays[c[i].array].elem);
      if (c[i].array < 64)
        k->carried |= 1ULL << c[i].array;
      struct kir_stmt load = k->blocks[l->body].stmts[c[i].first_load];
      struct kir_stmt *s = kir_append (k, first, KIR_LOAD);
      *s = load;
      s->dst = c[i].local;
    }
  kir_set_copy (k, kir_append (k, first, KIR_ASSIGN), flag, kir_int (KIR_I32, 1));
  kir_set_goto (k, first, l->body);
  kir_set_branch (k, check, kir_local (k, flag), l->body, first);

  for (int p = 0; p < k->nblocks; p++)
    if (p != l->body && p != first && p != check
        && k->blocks[p].term == KIR_GOTO && k->blocks[p].succ[0] == l->header)
      kir_set_copy (k, kir_append (k, p, KIR_ASSIGN), flag, kir_int (KIR_I32, 0));
  struct kir_block *h = &k->blocks[l->header];
  h->succ[h->succ[0] == l->body ? 0 : 1] = check;

  /* Later stores first: the copies shift the statements after them.  */
  int replaced = 0;
  for (int i = n - 1; i >= 0; i--)
    replaced += carry_in_body (k, l, &c[i]);
  return replaced;
}

/* The arrays L's body may carry, by their stores' positions, into C.  */
static int
find_carried (const struct kir_kernel *k, const struct loop *l,
              struct carried *c)
{
  const struct kir_block *b = &k->blocks[l->body];
  int n = 0;
  for (int i = 0; i < b->nstmts && n < MAX_CARRIED; i++)
    {
      const struct kir_stmt *st = &b->stmts[i];
      if (st->kind != KIR_STORE || only_store (b, st->access.array) != i)
        continue;
      int load = previous_load (k, l, i);
      if (load >= 0)
        {
          c[n].array = st->access.array;
          c[n].store = i;
          c[n].first_load = load;
          c[n++].local = -1;
        }
    }
  return n;
}

int
kir_carry_stored_values (struct kir_kernel *k)
{
  int replaced = 0, blocks = k->nblocks;
  for (int body = 0; body < blocks; body++)
    {
      struct loop l;
      struct carried c[MAX_CARRIED];
      if (!find_loop (k, body, &l))
        continue;
      int n = find_carried (k, &l, c);
      if (n > 0)
        replaced += carry_loop (k, &l, c, n);
    }
  return replaced;
}
