/* webs.c -- one local per web of a kernel's variable (webs.h).  */

#include "webs.h"
#include "kir-edit.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The assignments of one local: number 0 stands for its value at the
   start of the body, 1..NDEFS-1 for its assignments in the order of the
   blocks.  IN holds, per block, the assignments that reach its start.  */
struct webs
{
  struct kir_kernel *k;
  int local;
  int ndefs;
  int *first;                   /* per block: its first assignment's
                                   number */
  unsigned char *in;            /* nblocks x ndefs */
  unsigned char *cur;           /* ndefs: those reaching the statement */
  int *parent;                  /* union-find over the assignments */
  int *used;                    /* per assignment: a use reads its web */
  int *target;                  /* per web's root: its local */
  int *rename;                  /* LOCAL + 1 entries: a use's new local at
                                   LOCAL, -1 elsewhere */
};

static int
find (int *parent, int d)
{
  while (parent[d] != d)
    d = parent[d] = parent[parent[d]];
  return d;
}

/* Numbers W's assignments: W->first and W->ndefs.  */
static void
number_assignments (struct webs *w)
{
  w->first = mint_xmalloc ((size_t) w->k->nblocks * sizeof *w->first);
  w->ndefs = 1;
  for (int b = 0; b < w->k->nblocks; b++)
    {
      w->first[b] = w->ndefs;
      w->ndefs += kir_block_assignments (&w->k->blocks[b], w->local);
    }
}

/* The assignments reaching the end of block B into W->cur, from IN[B].  */
static void
through_block (struct webs *w, int b)
{
  const struct kir_block *blk = &w->k->blocks[b];
  memcpy (w->cur, w->in + (size_t) b * w->ndefs, (size_t) w->ndefs);
  for (int i = 0, d = w->first[b]; i < blk->nstmts; i++)
    if (kir_stmt_writes (&blk->stmts[i], w->local))
      {
        memset (w->cur, 0, (size_t) w->ndefs);
        w->cur[d++] = 1;
      }
}

/* IN of every block: a forward union over the edges until none
   changes, the start of the body reached by assignment 0.  */
static void
reaching (struct webs *w)
{
  const struct kir_kernel *k = w->k;
  w->in[0] = 1;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int b = 0; b < k->nblocks; b++)
        {
          through_block (w, b);
          for (int e = 0; e < kir_successor_count (&k->blocks[b]); e++)
            {
              unsigned char *to = w->in + (size_t) k->blocks[b].succ[e]
                                  * w->ndefs;
              for (int d = 0; d < w->ndefs; d++)
                if (w->cur[d] && !to[d])
                  changed = true, to[d] = 1;
            }
        }
    }
}

/* A use with W->cur reaching it: joins those assignments' webs.  */
static void
join_reaching (struct webs *w)
{
  int first = -1;
  for (int d = 0; d < w->ndefs; d++)
    if (w->cur[d])
      {
        if (first < 0)
          first = d;
        else
          w->parent[find (w->parent, d)] = find (w->parent, first);
        w->used[d] = 1;
      }
}

/* The local of the web that W->cur reaching a use belongs to.  */
static int
reached_local (struct webs *w)
{
  for (int d = 0; d < w->ndefs; d++)
    if (w->cur[d])
      return w->target[find (w->parent, d)];
  return w->local;
}

/* Walks every block from its IN: where RENAME, renames each use and
   assignment to its web's local, else joins the webs each use reads.  */
static void
walk_uses (struct webs *w, bool rename)
{
  struct kir_kernel *k = w->k;
  for (int b = 0; b < k->nblocks; b++)
    {
      struct kir_block *blk = &k->blocks[b];
      memcpy (w->cur, w->in + (size_t) b * w->ndefs, (size_t) w->ndefs);
      int d = w->first[b];
      for (int i = 0; i < blk->nstmts; i++)
        {
          struct kir_stmt *s = &blk->stmts[i];
          bool writes = kir_stmt_writes (s, w->local);
          if (kir_stmt_reads (s, w->local) && !rename)
            join_reaching (w);
          else if (kir_stmt_reads (s, w->local))
            {
              w->rename[w->local] = reached_local (w);
              kir_stmt_rename_reads (s, w->rename, w->local + 1);
            }
          if (!writes)
            continue;
          memset (w->cur, 0, (size_t) w->ndefs);
          w->cur[d] = 1;
          if (rename)
            s->dst = w->target[find (w->parent, d)];
          d++;
        }
      if (blk->term == KIR_BRANCH && kir_names_local (&blk->cond, w->local))
        {
          if (!rename)
            join_reaching (w);
          else
            blk->cond.index = reached_local (w);
        }
    }
}

/* A new local for a web of W's local, named after it.  */
static int
web_local (struct webs *w)
{
  struct kir_kernel *k = w->k;
  size_t len = strlen (k->locals[w->local].name);
  char *prefix = mint_xmalloc (len + 2);
  snprintf (prefix, len + 2, "%s_", k->locals[w->local].name);
  int l = kir_new_local (k, prefix, k->locals[w->local].type);
  free (prefix);
  kir_set_local_source (k, l, mint_xstrdup (kir_local_text (k, w->local)));
  return l;
}

/* Each web's local into W->target, by its root: the local itself for the
   web of its first value, where a use reads that, else for the first
   used web; a new one for each other used web; the local for the
   assignments that nothing reads.  How many locals it added.  */
static int
choose_targets (struct webs *w)
{
  int kept = w->used[0] ? find (w->parent, 0) : -1, added = 0;
  for (int d = 0; d < w->ndefs; d++)
    w->target[d] = -1;
  for (int d = 0; d < w->ndefs; d++)
    {
      int root = find (w->parent, d);
      if (!w->used[d] || w->target[root] >= 0)
        continue;
      if (kept < 0)
        kept = root;
      if (root == kept)
        w->target[root] = w->local;
      else
        w->target[root] = web_local (w), added++;
    }
  for (int d = 0; d < w->ndefs; d++)
    if (w->target[find (w->parent, d)] < 0)
      w->target[find (w->parent, d)] = w->local;
  return added;
}

/* Splits local L of K into its webs; how many locals it added.  */
static int
split_local (struct kir_kernel *k, int l)
{
  struct webs w = { k, l, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL };
  number_assignments (&w);
  if (w.ndefs < 3)
    {
      free (w.first);
      return 0;
    }
  w.in = mint_xcalloc ((size_t) k->nblocks * (size_t) w.ndefs, 1);
  w.cur = mint_xmalloc ((size_t) w.ndefs);
  w.parent = mint_xmalloc ((size_t) w.ndefs * sizeof *w.parent);
  w.used = mint_xcalloc ((size_t) w.ndefs, sizeof *w.used);
  w.target = mint_xmalloc ((size_t) w.ndefs * sizeof *w.target);
  w.rename = mint_xmalloc ((size_t) (l + 1) * sizeof *w.rename);
  for (int i = 0; i < l; i++)
    w.rename[i] = -1;
  for (int d = 0; d < w.ndefs; d++)
    w.parent[d] = d;
  reaching (&w);
  walk_uses (&w, false);
  int added = choose_targets (&w);
  if (added > 0)
    walk_uses (&w, true);
  free (w.first);
  free (w.in);
  free (w.cur);
  free (w.parent);
  free (w.used);
  free (w.target);
  free (w.rename);
  return added;
}

/* Whether K's dimensions or reductions name local L.  */
static bool
kernel_local (const struct kir_kernel *k, int l)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == l)
      return true;
  for (int r = 0; r < k->nreductions; r++)
    if (k->reductions[r].local == l)
      return true;
  return false;
}

int
kir_split_webs (struct kir_kernel *k)
{
  int added = 0;
  for (int l = 0, n = k->nlocals; l < n; l++)
    if (!kernel_local (k, l))
      added += split_local (k, l);
  return added;
}
