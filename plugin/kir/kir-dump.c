/* kir-dump.c -- a kernel's readable listing (kir-dump.h).  */

#include "kir-dump.h"
#include "kir-type.h"

#include <stdio.h>

static void
dump_operand (const struct kir_kernel *k, const struct kir_operand *o,
              FILE *out)
{
  switch (o->kind)
    {
    case KIR_OPND_LOCAL:
      if (o->index >= 0 && o->index < k->nlocals)
        fputs (k->locals[o->index].name, out);
      else
        fprintf (out, "<local %d>", o->index);
      break;
    case KIR_OPND_SCALAR:
      if (o->index >= 0 && o->index < k->nscalars)
        fputs (k->scalars[o->index].name, out);
      else
        fprintf (out, "<scalar %d>", o->index);
      break;
    case KIR_OPND_INT:
      if (o->type == KIR_U64)
        fprintf (out, "%llu", (unsigned long long) o->ival);
      else
        fprintf (out, "%lld", o->ival);
      break;
    case KIR_OPND_FLOAT:
      fprintf (out, "%.17g", o->fval);
      break;
    default:
      fputs ("<none>", out);
    }
}

/* "k", "2*i - 1", "j + n", "0".  */
static void
dump_affine (const struct kir_kernel *k, const struct kir_affine *f,
             FILE *out)
{
  for (int t = 0; t < f->nterms; t++)
    {
      long long coeff = f->terms[t].coeff;
      if (t > 0)
        fputs (coeff < 0 ? " - " : " + ", out);
      else if (coeff < 0)
        fputs ("-", out);
      if (coeff != 1 && coeff != -1)
        fprintf (out, "%llu*", coeff < 0 ? 0ull - (unsigned long long) coeff
                 : (unsigned long long) coeff);
      dump_operand (k, &f->terms[t].var, out);
    }
  if (f->nterms == 0)
    fprintf (out, "%lld", f->constant);
  else if (f->constant != 0)
    fprintf (out, " %c %llu", f->constant < 0 ? '-' : '+',
             f->constant < 0 ? 0ull - (unsigned long long) f->constant
             : (unsigned long long) f->constant);
}

static void
dump_access (const struct kir_kernel *k, const struct kir_access *acc,
             int private_array, FILE *out)
{
  if (private_array && acc->array >= 0 && acc->array < k->nprivates)
    fputs (k->privates[acc->array].name, out);
  else if (!private_array && acc->array >= 0 && acc->array < k->narrays)
    fputs (k->arrays[acc->array].name, out);
  for (int i = 0; i < acc->rank && i < KIR_MAX_DIMS; i++)
    {
      fputc ('[', out);
      dump_affine (k, &acc->index[i], out);
      fputc (']', out);
    }
}

const char *
kir_opcode_symbol (enum kir_opcode op)
{
  static const char *const symbols[] = {
    [KIR_MOV] = "", [KIR_CVT] = "", [KIR_NEG] = "-", [KIR_NOT] = "!",
    [KIR_BNOT] = "~", [KIR_ABS] = "abs", [KIR_ADD] = "+", [KIR_SUB] = "-",
    [KIR_MUL] = "*", [KIR_DIV] = "/", [KIR_MOD] = "%", [KIR_MIN] = "min",
    [KIR_MAX] = "max", [KIR_AND] = "&", [KIR_OR] = "|", [KIR_XOR] = "^",
    [KIR_SHL] = "<<", [KIR_SHR] = ">>", [KIR_LAND] = "&&", [KIR_LOR] = "||",
    [KIR_LT] = "<", [KIR_LE] = "<=", [KIR_GT] = ">", [KIR_GE] = ">=",
    [KIR_EQ] = "==", [KIR_NE] = "!=", [KIR_SELECT] = "?"
  };
  if (op < KIR_MOV || op > KIR_SELECT)
    return "<op?>";
  return symbols[op];
}

static void
dump_assign_rhs (const struct kir_kernel *k, const struct kir_stmt *s,
                 FILE *out)
{
  const struct kir_operand *a = &s->args[0];
  switch (s->op)
    {
    case KIR_MOV:
      dump_operand (k, a, out);
      return;
    case KIR_CVT:
      if (s->dst >= 0 && s->dst < k->nlocals)
        fprintf (out, "(%s) ", kir_type_name (k->locals[s->dst].type));
      dump_operand (k, a, out);
      return;
    case KIR_NEG: case KIR_NOT: case KIR_BNOT:
      fputs (kir_opcode_symbol (s->op), out);
      dump_operand (k, a, out);
      return;
    case KIR_ABS: case KIR_MIN: case KIR_MAX:
      fprintf (out, "%s (", kir_opcode_symbol (s->op));
      for (int i = 0; i < s->nargs && i < KIR_MAX_ARGS; i++)
        {
          if (i)
            fputs (", ", out);
          dump_operand (k, &s->args[i], out);
        }
      fputc (')', out);
      return;
    case KIR_SELECT:
      dump_operand (k, a, out);
      fputs (" ? ", out);
      dump_operand (k, &s->args[1], out);
      fputs (" : ", out);
      dump_operand (k, &s->args[2], out);
      return;
    default:
      dump_operand (k, a, out);
      fprintf (out, " %s ", kir_opcode_symbol (s->op));
      dump_operand (k, &s->args[1], out);
    }
}

static void
dump_dst (const struct kir_kernel *k, int dst, FILE *out)
{
  if (dst >= 0 && dst < k->nlocals)
    fprintf (out, "%s = ", k->locals[dst].name);
}

static void
dump_stmt (const struct kir_kernel *k, const struct kir_stmt *s, FILE *out)
{
  fputs ("    ", out);
  switch (s->kind)
    {
    case KIR_ASSIGN:
      dump_dst (k, s->dst, out);
      dump_assign_rhs (k, s, out);
      break;
    case KIR_LOAD:
    case KIR_PLOAD:
      dump_dst (k, s->dst, out);
      dump_access (k, &s->access, s->kind == KIR_PLOAD, out);
      break;
    case KIR_STORE:
    case KIR_PSTORE:
      dump_access (k, &s->access, s->kind == KIR_PSTORE, out);
      fputs (" = ", out);
      dump_operand (k, &s->args[0], out);
      break;
    case KIR_CALL:
      dump_dst (k, s->dst, out);
      fprintf (out, "%s (", s->callee ? s->callee : "<null>");
      for (int i = 0; i < s->nargs && i < KIR_MAX_ARGS; i++)
        {
          if (i)
            fputs (", ", out);
          dump_operand (k, &s->args[i], out);
        }
      fputc (')', out);
      break;
    }
  if (s->line)
    fprintf (out, "\t[line %d]", s->line);
  fputc ('\n', out);
}

static void
dump_terminator (const struct kir_kernel *k, const struct kir_block *b,
                 FILE *out)
{
  switch (b->term)
    {
    case KIR_NEXT:
      fputs ("    next\n", out);
      break;
    case KIR_GOTO:
      fprintf (out, "    goto b%d\n", b->succ[0]);
      break;
    case KIR_BRANCH:
      fputs ("    if ", out);
      dump_operand (k, &b->cond, out);
      fprintf (out, " goto b%d else b%d\n", b->succ[0], b->succ[1]);
      break;
    }
}

/* S as "nx*ny + 2*nx + 4".  */
static void
dump_sum (const struct kir_kernel *k, const struct kir_sum *s, FILE *out)
{
  for (int i = 0; i < s->nproducts; i++)
    {
      const struct kir_product *p = &s->products[i];
      unsigned long long c = p->coeff < 0 ? -(unsigned long long) p->coeff
                                          : (unsigned long long) p->coeff;
      if (i)
        fputs (p->coeff < 0 ? " - " : " + ", out);
      else if (p->coeff < 0)
        fputc ('-', out);
      if (c != 1 || p->nfactors == 0)
        fprintf (out, "%llu%s", c, p->nfactors ? "*" : "");
      for (int f = 0; f < p->nfactors; f++)
        fprintf (out, "%s%s", f ? "*" : "",
                 p->factor[f] >= 0 && p->factor[f] < k->nscalars
                 ? k->scalars[p->factor[f]].name : "?");
    }
}

static void
dump_header (const struct kir_kernel *k, FILE *out)
{
  static const char axis[] = "xyz";
  static const char *const red_ops[] = { "+", "*", "min", "max" };
  fprintf (out, "kernel %s (%s:%d) opt %d%s\n", k->name, k->file, k->line,
           k->opt_level, k->nowait ? " nowait" : "");
  for (int d = 0; d < k->ndims; d++)
    {
      int iv = k->dims[d].iv;
      fprintf (out, "  dim %c: %s step %lld tile %d chunk %d\n", axis[d],
               iv >= 0 && iv < k->nlocals ? k->locals[iv].name : "?",
               k->dims[d].step, k->tile[d], k->chunk[d]);
    }
  for (int i = 0; i < k->narrays; i++)
    {
      const struct kir_array *a = &k->arrays[i];
      fprintf (out, "  array %s%s%s%s %s rank %d%s%s%s", a->name,
               a->source ? " (" : "", a->source ? a->source : "",
               a->source ? ")" : "", kir_type_name (a->elem), a->rank,
               a->flat ? " flat" : "", a->read ? " read" : "",
               a->written ? " written" : "");
      for (int r = 0; a->flat && r < a->rank - 1; r++)
        {
          fputs (r ? ", " : " strides ", out);
          dump_sum (k, &a->stride[r], out);
        }
      fputc ('\n', out);
    }
  for (int i = 0; i < k->nscalars; i++)
    fprintf (out, "  scalar %s %s\n", k->scalars[i].name,
             kir_type_name (k->scalars[i].type));
  for (int i = 0; i < k->nlocals; i++)
    {
      const struct kir_local *l = &k->locals[i];
      fprintf (out, "  local %s %s", l->name, kir_type_name (l->type));
      if (l->modulus > 1)
        fprintf (out, " = %d mod %d", l->residue, l->modulus);
      fputc ('\n', out);
    }
  for (int i = 0; i < k->nprivates; i++)
    {
      const struct kir_private *p = &k->privates[i];
      fprintf (out, "  private %s %s", p->name, kir_type_name (p->elem));
      for (int d = 0; d < p->rank; d++)
        fprintf (out, "[%d]", p->extent[d]);
      fputc ('\n', out);
    }
  for (int r = 0; r < k->nreductions; r++)
    {
      int local = k->reductions[r].local;
      int op = k->reductions[r].op;
      fprintf (out, "  reduction %s %s%s\n",
               op >= 0 && op <= KIR_RED_MAX ? red_ops[op] : "?",
               local >= 0 && local < k->nlocals ? k->locals[local].name : "?",
               k->reductions[r].stores_flag ? " (a flag: stored)" : "");
    }
}

void
kir_dump (const struct kir_kernel *k, FILE *out)
{
  dump_header (k, out);
  for (int b = 0; b < k->nblocks; b++)
    {
      fprintf (out, "  b%d:\n", b);
      for (int i = 0; i < k->blocks[b].nstmts; i++)
        dump_stmt (k, &k->blocks[b].stmts[i], out);
      dump_terminator (k, &k->blocks[b], out);
    }
}
