/* gotos-into.cc -- the gotos that enter a statement past its start: into
   a parallel region past its copies, into a loop nest past its loops'
   starts.  */

#include "gcc-compat.h"
#include "gotos-into.h"

static tree
collect_labels_cb (tree *tp, int *, void *labels)
{
  if (TREE_CODE (*tp) == LABEL_EXPR)
    ((hash_set<tree> *) labels)->add (LABEL_EXPR_LABEL (*tp));
  return NULL_TREE;
}

void
mint_collect_labels (tree stmt, hash_set<tree> *labels)
{
  walk_tree_without_duplicates (&stmt, collect_labels_cb, labels);
}

struct entry_scan
{
  tree stmt;
  hash_set<tree> labels;        /* the labels inside STMT */
  vec<location_t> *gotos;
};

static tree
find_gotos_into_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct entry_scan *e = (struct entry_scan *) data;
  if (*tp == e->stmt)
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == GOTO_EXPR
           && TREE_CODE (GOTO_DESTINATION (*tp)) == LABEL_DECL
           && e->labels.contains (GOTO_DESTINATION (*tp)))
    e->gotos->safe_push (EXPR_LOCATION (*tp));
  return NULL_TREE;
}

void
mint_gotos_into (tree fn, tree stmt, vec<location_t> *gotos)
{
  struct entry_scan entry;
  entry.stmt = stmt;
  entry.gotos = gotos;
  mint_collect_labels (stmt, &entry.labels);
  if (!entry.labels.is_empty ())
    walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), find_gotos_into_cb,
                                  &entry);
}
