/* gotos-into.cc -- the jumps that enter a statement past its start: into
   a parallel region past its copies, into a loop nest past its loops'
   starts, into a `single' block past its start: gotos, and the case
   labels of a switch around the statement.  */

#include "gcc-compat.h"
#include "directive.h"
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

/* Appends to GOTOS the locations of the gotos of function FN, outside
   STMT, to labels inside it.  */
static void
gotos_into (tree fn, tree stmt, vec<location_t> *gotos)
{
  struct entry_scan entry;
  entry.stmt = stmt;
  entry.gotos = gotos;
  mint_collect_labels (stmt, &entry.labels);
  if (!entry.labels.is_empty ())
    walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), find_gotos_into_cb,
                                  &entry);
}

/* walk_tree callback: the case labels in a statement that no switch
   inside it holds, into DATA.  */
static tree
find_outer_cases_cb (tree *tp, int *walk_subtrees, void *data)
{
  bool loop;
  if (mint_breakable_body (*tp, &loop) && !loop)
    *walk_subtrees = 0;         /* a switch of its own */
  else if (TREE_CODE (*tp) == CASE_LABEL_EXPR)
    ((vec<location_t> *) data)->safe_push (EXPR_LOCATION (*tp));
  return NULL_TREE;
}

/* Appends to GOTOS the gotos into STMT (gotos_into), and to CASES the
   case labels inside it of a switch around it, which jump into it too.  */
static void
jumps_into (tree fn, tree stmt, vec<location_t> *gotos,
            vec<location_t> *cases)
{
  gotos_into (fn, stmt, gotos);
  walk_tree_without_duplicates (&stmt, find_outer_cases_cb, cases);
}

bool
mint_report_jumps_into (tree fn, tree stmt, const struct mint_directive *d)
{
  auto_vec<location_t> gotos, cases;
  jumps_into (fn, stmt, &gotos, &cases);
  const char *name = d->kind == MINT_DIR_PARALLEL ? "parallel"
                     : d->kind == MINT_DIR_SINGLE ? "single" : "for";
  for (int k = 0; k < 2; k++)
    for (location_t loc : k ? cases : gotos)
      {
        if (k)
          error_at (loc, "mint: a %<case%> label of a %<switch%> around it "
                    "would enter the %<#pragma mint %s%> statement past its "
                    "start", name);
        else
          error_at (loc, "mint: %<goto%> would enter the %<#pragma mint "
                    "%s%> statement past its start", name);
        if (d->kind == MINT_DIR_PARALLEL)
          inform (d->loc, "the region begins here; its start copies data "
                  "to the device");
        else if (d->kind == MINT_DIR_SINGLE)
          inform (d->loc, "the block begins here; its start decides where "
                  "it runs");
        else
          inform (d->loc, "the loop nest begins here; each of its points "
                  "runs as a thread on the device");
      }
  return !gotos.is_empty () || !cases.is_empty ();
}
