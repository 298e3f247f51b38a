/* plan.c -- the plan of a kernel (plan.h), and its text for
   -fplugin-arg-mint-verbose.  */

#include "plan.h"
#include "plan-level3.h"

#include <stdio.h>
#include <string.h>

static const char axis[] = "xyz";

/* Appends to BUF (LEN bytes, N used) a clause on level 3's wide accesses
   ("; 16-byte accesses to u, unew where rows are aligned").  */
static void
describe_wide_accesses (const struct kir_kernel *k,
                        const struct level_plan *p, char *buf, size_t len)
{
  size_t n = strlen (buf);
  int wide = 0;
  for (int a = 0; a < k->narrays && a < 64 && n < len; a++)
    {
      if (level3_access_width (p, p->cells, a) < 2)
        continue;
      n += (size_t) snprintf (buf + n, len - n, "%s%s",
                              wide ? ", " : "; 16-byte accesses to ",
                              kir_array_text (k, a));
      wide = 1;
    }
  if (wide && n < len)
    snprintf (buf + n, len - n, " where rows are aligned");
}

/* The sentence of P for -fplugin-arg-mint-verbose: "level 3: ..." or
   "level 0 (not level 2: ...)", into BUF (LEN bytes).  */
static void
describe (const struct kir_kernel *k, const struct level_plan *p, char *buf,
          size_t len)
{
  size_t n = 0;
#define ADD(...) (n += (size_t) snprintf (buf + n, n < len ? len - n : 0, \
                                          __VA_ARGS__))
  if (p->level == 0)
    ADD ("level 0");
  else if (p->level == 1)
    ADD ("level 1: shared-memory tiles with halo per block of %dx%dx%d "
         "threads", p->block[0], p->block[1], p->block[2]);
  else if (p->level == 2)
    ADD ("level 2: each thread walks %d points along %c, a ring of planes "
         "in shared memory", k->tile[p->march], axis[p->march]);
  else
    {
      int columns = p->march > 1 ? k->chunk[0] * k->chunk[1] : k->chunk[0];
      ADD ("level 3: each thread walks %d points along %c%s",
           k->tile[p->march], axis[p->march],
           plan_rolled (k) ? " in a rolled loop" : "");
      if (columns > 1 && p->march > 1)
        ADD (" and computes %dx%d columns", k->chunk[0], k->chunk[1]);
      else if (columns > 1)
        ADD (" and computes %d columns", k->chunk[0]);
      ADD (", its own column%s in registers", columns > 1 ? "s" : "");
    }
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      ADD ("%s %s", i ? "," : ";", kir_array_text (k, t->array));
      if (t->slots)
        ADD (" in %d x %dx%dx%d shared", t->slots, t->ext[0], t->ext[1],
             t->ext[2]);
      else
        ADD (" in registers");
    }
  int ldg = 0;
  for (int a = 0; a < k->narrays; a++)
    if ((a >= 64 || p->tiled_of[a] < 0) && plan_read_only_path (&k->arrays[a])
        && !k->arrays[a].written)
      {
        ADD ("%s%s", ldg ? ", " : "; read-only path for ",
             kir_array_text (k, a));
        ldg = 1;
      }
  if (p->level == 3 && n < len)
    {
      describe_wide_accesses (k, p, buf, len);
      n = strlen (buf);
    }
  if (p->level == 3 && k->max_registers > 0 && p->min_blocks > 0)
    ADD ("; at most %d registers a thread", k->max_registers);
  if (p->level == 3 && k->clamp_rows && p->march > 1)
    ADD ("; rows through a clamp");
  int asked = k->opt_level > 3 ? 3 : k->opt_level;
  if (p->level < asked && p->why[0])
    ADD (" (not level %d: %s)", k->exact_level ? p->level + 1 : asked,
         p->why);
#undef ADD
}

void
plan_shape (const struct kir_kernel *k, const struct stencil_info *info,
            const char *classes, struct level_plan *p)
{
  plan_level (k, info, p);
  if (p->level == 3)
    p->cells = level3_plan_new (k, p);
  /* Level 3 is limited by registers (occupancy), and one index per shape
     instead of one per array saves them.  */
  p->classes = p->level == 3 && classes[0] ? classes : NULL;
  describe (k, p, p->description, sizeof p->description);
}

void
plan_shape_free (struct level_plan *p)
{
  level3_plan_free (p->cells);
  p->cells = NULL;
}
