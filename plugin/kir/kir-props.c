/* kir-props.c -- what a kernel's descriptor and the cost model read off
   a kernel (kir-props.h).  */

#include "kir-props.h"
#include "kir-type.h"
#include "kir-math.h"

void
kir_scalar_sig (const struct kir_kernel *k, char *buf)
{
  int n = 0;
  for (int i = 0; i < k->nscalars; i++)
    buf[n++] = kir_type_sig (k->scalars[i].type);
  buf[n] = '\0';
}

void
kir_alias_classes (const struct kir_kernel *k, char *buf)
{
  for (int i = 0; i < k->narrays; i++)
    buf[i] = k->arrays[i].alias_class;
  buf[k->narrays] = '\0';
}

void
kir_planes (const struct kir_kernel *k, char *buf)
{
  for (int i = 0; i < k->narrays; i++)
    buf[i] = !k->arrays[i].plane ? '-' : k->arrays[i].rank == 1 ? 'r' : 'p';
  buf[k->narrays] = '\0';
}

static char
reduction_letter (enum kir_reduction_op op)
{
  switch (op)
    {
    case KIR_RED_ADD: return '+';
    case KIR_RED_MUL: return '*';
    case KIR_RED_MIN: return 'm';
    default: return 'M';
    }
}

void
kir_reduction_sig (const struct kir_kernel *k, char *buf)
{
  int n = 0;
  for (int r = 0; r < k->nreductions; r++)
    {
      buf[n++] = kir_type_sig (kir_reduction_type (k, r));
      buf[n++] = reduction_letter (k->reductions[r].op);
    }
  buf[n] = '\0';
}

/* Compulsory traffic: each array read is loaded once per point and each
   array written is stored once per point, whatever the stencil's reuse.  */
unsigned long long
kir_bytes_per_point (const struct kir_kernel *k)
{
  unsigned long long bytes = 0;
  for (int i = 0; i < k->narrays; i++)
    bytes += (unsigned long long) kir_type_size (k->arrays[i].elem)
             * (k->arrays[i].read + k->arrays[i].written);
  return bytes;
}

static unsigned
stmt_flops (const struct kir_kernel *k, const struct kir_stmt *s)
{
  if (s->kind == KIR_CALL)
    {
      const struct kir_math *f = kir_math_lookup (s->callee);
      if (!f || !kir_type_is_float (f->ret))
        return 0;
      return f->nargs == 3 ? 2 : 1;       /* fma is a multiply and an add */
    }
  if (s->kind != KIR_ASSIGN || s->dst < 0 || s->dst >= k->nlocals
      || !kir_type_is_float (k->locals[s->dst].type))
    return 0;
  switch (s->op)
    {
    case KIR_ADD: case KIR_SUB: case KIR_MUL: case KIR_DIV:
    case KIR_MIN: case KIR_MAX:
      return 1;
    default:
      return 0;
    }
}

/* The sum of COST over the statements of K, each statement of each block
   counted once, whatever the trip count of an inner loop or the
   probability of a branch.  */
static unsigned long long
sum_over_statements (const struct kir_kernel *k,
                     unsigned (*cost) (const struct kir_kernel *,
                                       const struct kir_stmt *))
{
  unsigned long long sum = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      sum += cost (k, &k->blocks[b].stmts[i]);
  return sum;
}

/* A rough count: floating add, sub, mul, div, min, max and math calls (fma
   counts 2).  */
unsigned long long
kir_flops_per_point (const struct kir_kernel *k)
{
  return sum_over_statements (k, stmt_flops);
}

/* The machine instructions of statement S, roughly: a call's size,
   KIR_CALL_ROOT for a division or a remainder, else one.  */
static unsigned
stmt_size (const struct kir_kernel *k, const struct kir_stmt *s)
{
  (void) k;
  if (s->kind == KIR_CALL)
    {
      const struct kir_math *f = kir_math_lookup (s->callee);
      return f ? (unsigned) f->size : KIR_CALL_LONG;
    }
  if (s->kind == KIR_ASSIGN && (s->op == KIR_DIV || s->op == KIR_MOD))
    return KIR_CALL_ROOT;
  return 1;
}

/* The machine instructions of one point's statements, roughly.  */
unsigned long long
kir_code_size (const struct kir_kernel *k)
{
  return sum_over_statements (k, stmt_size);
}
