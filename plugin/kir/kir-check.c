/* kir-check.c -- kir_finish: the checks of a built kernel, and the
   arrays' read and written flags (kir-check.h).  */

#include "kir-check.h"
#include "kir-type.h"
#include "kir-math.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a check is, for its message.  */
struct checker
{
  struct kir_kernel *k;
  char *err;
  size_t errlen;
  int block, stmt;              /* -1 outside the body */
};

static int
fail (struct checker *c, const char *fmt, ...)
{
  if (!c->err || !c->errlen)
    return -1;
  int n;
  if (c->block >= 0 && c->stmt >= 0)
    n = snprintf (c->err, c->errlen, "kernel %s: block %d, statement %d: ",
                  c->k->name, c->block, c->stmt);
  else if (c->block >= 0)
    n = snprintf (c->err, c->errlen, "kernel %s: block %d: ", c->k->name,
                  c->block);
  else
    n = snprintf (c->err, c->errlen, "kernel %s: ", c->k->name);
  if (n < 0 || (size_t) n >= c->errlen)
    return -1;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (c->err + n, c->errlen - n, fmt, ap);
  va_end (ap);
  return -1;
}

static int
valid_identifier (const char *s)
{
  if (!s || !(isalpha ((unsigned char) *s) || *s == '_'))
    return 0;
  for (s++; *s; s++)
    if (!(isalnum ((unsigned char) *s) || *s == '_'))
      return 0;
  return 1;
}

/* Locals, scalars and arrays share the kernel's scope.  */
static int
check_names (struct checker *c)
{
  struct kir_kernel *k = c->k;
  int n = k->nlocals + k->nscalars + k->narrays;
  const char **names = mint_xmalloc ((n ? n : 1) * sizeof *names);
  int m = 0;
  for (int i = 0; i < k->nlocals; i++)
    names[m++] = k->locals[i].name;
  for (int i = 0; i < k->nscalars; i++)
    names[m++] = k->scalars[i].name;
  for (int i = 0; i < k->narrays; i++)
    names[m++] = k->arrays[i].name;
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++)
    {
      if (!valid_identifier (names[i]))
        rc = fail (c, "'%s' is not a valid C identifier", names[i]);
      for (int j = 0; j < i && rc == 0; j++)
        if (strcmp (names[i], names[j]) == 0)
          rc = fail (c, "the name '%s' is used twice (locals, scalars and "
                     "arrays share one scope)", names[i]);
    }
  free (names);
  return rc;
}

/* A stride of a flat array, or a scalar's value: products of integer
   scalars, not empty.  */
static int
sum_ok (const struct kir_kernel *k, const struct kir_sum *s)
{
  if (s->nproducts < 1 || s->nproducts > KIR_MAX_PRODUCTS)
    return 0;
  for (int i = 0; i < s->nproducts; i++)
    {
      const struct kir_product *p = &s->products[i];
      if (p->coeff == 0 || p->nfactors < 0 || p->nfactors > KIR_MAX_FACTORS)
        return 0;
      for (int f = 0; f < p->nfactors; f++)
        if (p->factor[f] < 0 || p->factor[f] >= k->nscalars
            || kir_type_is_float (k->scalars[p->factor[f]].type))
          return 0;
    }
  return 1;
}

static int
check_declarations (struct checker *c)
{
  struct kir_kernel *k = c->k;
  if (!valid_identifier (k->name))
    return fail (c, "the kernel name is not a valid C identifier");
  for (int i = 0; i < k->nlocals; i++)
    if (kir_type_size (k->locals[i].type) == 0)
      return fail (c, "local '%s' has type void", k->locals[i].name);
  for (int i = 0; i < k->nscalars; i++)
    {
      const struct kir_scalar *sc = &k->scalars[i];
      if (!kir_type_sig (sc->type))
        return fail (c, "scalar '%s' has type %s; scalars must be int, "
                     "unsigned, long long, unsigned long long, float or "
                     "double", sc->name, kir_type_name (sc->type));
      if (sc->has_value
          && (kir_type_is_float (sc->type) || !sum_ok (k, &sc->value)))
        return fail (c, "the value of scalar '%s' is no sum over the "
                     "integer scalars", sc->name);
    }
  for (int i = 0; i < k->narrays; i++)
    {
      const struct kir_array *a = &k->arrays[i];
      if (kir_type_size (a->elem) == 0)
        return fail (c, "array '%s' has element type void", a->name);
      if (a->rank < 1 || a->rank > KIR_MAX_DIMS)
        return fail (c, "array '%s' has rank %d (1 to %d allowed)", a->name,
                     a->rank, KIR_MAX_DIMS);
      for (int r = 0; a->flat && r < a->rank - 1; r++)
        if (!sum_ok (k, &a->stride[r]))
          return fail (c, "flat array '%s' of rank %d has no valid stride "
                       "%d", a->name, a->rank, r);
    }
  return check_names (c);
}

static int
check_dims (struct checker *c)
{
  struct kir_kernel *k = c->k;
  if (k->ndims < 1 || k->ndims > KIR_MAX_DIMS)
    return fail (c, "%d parallel dimensions (1 to %d allowed)", k->ndims,
                 KIR_MAX_DIMS);
  static const char axis[] = "xyz";
  long threads = 1;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      int tile = k->tile[d], chunk = k->chunk[d];
      if (d < k->ndims)
        {
          int iv = k->dims[d].iv;
          if (iv < 0 || iv >= k->nlocals)
            return fail (c, "dimension %c has no induction variable",
                         axis[d]);
          if (!kir_type_is_integer (k->locals[iv].type))
            return fail (c, "induction variable '%s' has type %s, not an "
                         "integer type", k->locals[iv].name,
                         kir_type_name (k->locals[iv].type));
          for (int e = 0; e < d; e++)
            if (k->dims[e].iv == iv)
              return fail (c, "'%s' is the induction variable of two "
                           "dimensions", k->locals[iv].name);
          if (k->dims[d].step <= 0)
            return fail (c, "dimension %c has step %lld; it must be > 0",
                         axis[d], k->dims[d].step);
        }
      else if (tile != 1 || chunk != 1)
        return fail (c, "tile and chunk beyond the %d parallel dimensions "
                     "must be 1", k->ndims);
      if (tile < 1 || chunk < 1)
        return fail (c, "tile %d and chunk %d in %c must be positive", tile,
                     chunk, axis[d]);
      if (tile % chunk != 0)
        return fail (c, "tile %d in %c is not a multiple of chunk %d", tile,
                     axis[d], chunk);
      int block_dim = tile / chunk;
      if (block_dim > (d == 2 ? 64 : 1024))
        return fail (c, "%d threads in %c exceed CUDA's block limit",
                     block_dim, axis[d]);
      threads *= block_dim;
    }
  if (threads > 1024)
    return fail (c, "%ld threads per block (tile / chunk) exceed 1024",
                 threads);
  return 0;
}

/* An operand that the body reads.  */
static int
check_operand (struct checker *c, const struct kir_operand *o,
               const char *what)
{
  struct kir_kernel *k = c->k;
  switch (o->kind)
    {
    case KIR_OPND_LOCAL:
      if (o->index < 0 || o->index >= k->nlocals)
        return fail (c, "%s: local %d does not exist", what, o->index);
      if (o->type != k->locals[o->index].type)
        return fail (c, "%s: operand type %s differs from local '%s' of "
                     "type %s", what, kir_type_name (o->type),
                     k->locals[o->index].name,
                     kir_type_name (k->locals[o->index].type));
      return 0;
    case KIR_OPND_SCALAR:
      if (o->index < 0 || o->index >= k->nscalars)
        return fail (c, "%s: scalar %d does not exist", what, o->index);
      if (o->type != k->scalars[o->index].type)
        return fail (c, "%s: operand type %s differs from scalar '%s' of "
                     "type %s", what, kir_type_name (o->type),
                     k->scalars[o->index].name,
                     kir_type_name (k->scalars[o->index].type));
      return 0;
    case KIR_OPND_INT:
      if (!kir_type_is_integer (o->type) && o->type != KIR_BOOL)
        return fail (c, "%s: integer constant of type %s", what,
                     kir_type_name (o->type));
      return 0;
    case KIR_OPND_FLOAT:
      if (!kir_type_is_float (o->type))
        return fail (c, "%s: floating constant of type %s", what,
                     kir_type_name (o->type));
      return 0;
    default:
      return fail (c, "%s: missing operand", what);
    }
}

/* The subscripts of ACC, an access to NAME of RANK subscripts.  */
static int
check_subscripts (struct checker *c, const struct kir_access *acc,
                  const char *name, int rank)
{
  if (acc->rank != rank)
    return fail (c, "access of rank %d to array '%s' of rank %d", acc->rank,
                 name, rank);
  for (int i = 0; i < acc->rank; i++)
    {
      const struct kir_affine *f = &acc->index[i];
      if (f->nterms < 0 || f->nterms > KIR_MAX_TERMS)
        return fail (c, "subscript %d of '%s' has %d terms", i, name,
                     f->nterms);
      for (int t = 0; t < f->nterms; t++)
        {
          const struct kir_operand *v = &f->terms[t].var;
          if (v->kind != KIR_OPND_LOCAL && v->kind != KIR_OPND_SCALAR)
            return fail (c, "subscript %d of '%s': a term's variable must "
                         "be a local or a scalar", i, name);
          if (check_operand (c, v, "subscript") != 0)
            return -1;
          if (!kir_type_is_integer (v->type))
            return fail (c, "subscript %d of '%s': variable of type %s",
                         i, name, kir_type_name (v->type));
        }
    }
  return 0;
}

static int
check_access (struct checker *c, const struct kir_access *acc)
{
  struct kir_kernel *k = c->k;
  if (acc->array < 0 || acc->array >= k->narrays)
    return fail (c, "array %d does not exist", acc->array);
  const struct kir_array *a = &k->arrays[acc->array];
  return check_subscripts (c, acc, a->name, a->rank);
}

static int
check_private_access (struct checker *c, const struct kir_access *acc)
{
  struct kir_kernel *k = c->k;
  if (acc->array < 0 || acc->array >= k->nprivates)
    return fail (c, "private array %d does not exist", acc->array);
  const struct kir_private *p = &k->privates[acc->array];
  return check_subscripts (c, acc, p->name, p->rank);
}

static int
check_dst (struct checker *c, int dst)
{
  if (dst < 0 || dst >= c->k->nlocals)
    return fail (c, "destination local %d does not exist", dst);
  if (kir_dim_of_iv (c->k, dst) >= 0)
    return fail (c, "the body assigns the induction variable '%s'",
                 c->k->locals[dst].name);
  return 0;
}

static int
check_args (struct checker *c, const struct kir_stmt *s, int nargs)
{
  if (s->nargs != nargs)
    return fail (c, "%d operands where %d are needed", s->nargs, nargs);
  for (int i = 0; i < nargs; i++)
    if (check_operand (c, &s->args[i], "operand") != 0)
      return -1;
  return 0;
}

static int
same_types (struct checker *c, enum kir_type a, enum kir_type b,
            const char *what)
{
  if (a != b)
    return fail (c, "%s: types %s and %s differ", what, kir_type_name (a),
                 kir_type_name (b));
  return 0;
}

/* A binary operator's operands A and B have the destination's type D.  */
static int
both_same (struct checker *c, enum kir_type d, enum kir_type a,
           enum kir_type b, const char *what)
{
  if (same_types (c, d, a, what) != 0)
    return -1;
  return same_types (c, d, b, what);
}

static int
nargs_of (enum kir_opcode op)
{
  switch (op)
    {
    case KIR_MOV: case KIR_CVT: case KIR_NEG: case KIR_NOT: case KIR_BNOT:
    case KIR_ABS:
      return 1;
    case KIR_SELECT:
      return 3;
    default:
      return 2;
    }
}

static int
int_or_bool (enum kir_type t)
{
  return kir_type_is_integer (t) || t == KIR_BOOL;
}

/* Operand types of an assignment, by opcode (types as in kir-core.h: one
   type for both operands of a binary operator, as GIMPLE has them).  */
static int
check_assign_types (struct checker *c, const struct kir_stmt *s)
{
  enum kir_type d = c->k->locals[s->dst].type;
  enum kir_type a = s->args[0].type;
  enum kir_type b = s->nargs > 1 ? s->args[1].type : KIR_VOID;
  switch (s->op)
    {
    case KIR_MOV:
      return same_types (c, d, a, "move");
    case KIR_CVT:
      return 0;
    case KIR_NEG: case KIR_ABS:
      if (d == KIR_BOOL)
        return fail (c, "arithmetic on bool");
      return same_types (c, d, a, "unary operator");
    case KIR_BNOT:
      if (!kir_type_is_integer (d))
        return fail (c, "~ on type %s", kir_type_name (d));
      return same_types (c, d, a, "~");
    case KIR_NOT:
      if (!int_or_bool (d) || !int_or_bool (a))
        return fail (c, "! needs integer or bool types");
      return 0;
    case KIR_ADD: case KIR_SUB: case KIR_MUL: case KIR_DIV:
    case KIR_MIN: case KIR_MAX:
      if (d == KIR_BOOL)
        return fail (c, "arithmetic on bool");
      return both_same (c, d, a, b, "binary operator");
    case KIR_MOD:
      if (!kir_type_is_integer (d))
        return fail (c, "%% on type %s (use fmod)", kir_type_name (d));
      return both_same (c, d, a, b, "%");
    case KIR_AND: case KIR_OR: case KIR_XOR:
      if (!int_or_bool (d))
        return fail (c, "bitwise operator on type %s", kir_type_name (d));
      return both_same (c, d, a, b, "bitwise operator");
    case KIR_SHL: case KIR_SHR:
      if (!kir_type_is_integer (d) || !kir_type_is_integer (b))
        return fail (c, "shift needs integer types");
      return same_types (c, d, a, "shift");
    case KIR_LAND: case KIR_LOR:
      if (!int_or_bool (d) || !int_or_bool (a) || !int_or_bool (b))
        return fail (c, "&& and || need integer or bool types");
      return 0;
    case KIR_LT: case KIR_LE: case KIR_GT: case KIR_GE: case KIR_EQ:
    case KIR_NE:
      if (d != KIR_BOOL)
        return fail (c, "a comparison's destination must be bool, not %s",
                     kir_type_name (d));
      return same_types (c, a, b, "comparison");
    case KIR_SELECT:
      if (!int_or_bool (a))
        return fail (c, "?: condition of type %s", kir_type_name (a));
      return both_same (c, d, b, s->args[2].type, "?:");
    }
  return fail (c, "unknown opcode %d", (int) s->op);
}

static int
check_call (struct checker *c, const struct kir_stmt *s)
{
  const struct kir_math *f = kir_math_lookup (s->callee);
  if (!f || strcmp (f->name, s->callee) != 0)
    return fail (c, "'%s' is not a device math function",
                 s->callee ? s->callee : "(null)");
  if (check_args (c, s, f->nargs) != 0)
    return -1;
  for (int i = 0; i < f->nargs; i++)
    if (s->args[i].type != kir_math_arg_type (f, i))
      return fail (c, "argument %d of %s has type %s, not %s", i + 1,
                   f->name, kir_type_name (s->args[i].type),
                   kir_type_name (kir_math_arg_type (f, i)));
  if (s->dst == -1)
    return 0;
  if (check_dst (c, s->dst) != 0)
    return -1;
  return same_types (c, c->k->locals[s->dst].type, f->ret, "call result");
}

static int
check_stmt (struct checker *c, const struct kir_stmt *s)
{
  struct kir_kernel *k = c->k;
  switch (s->kind)
    {
    case KIR_ASSIGN:
      if (s->op < KIR_MOV || s->op > KIR_SELECT)
        return fail (c, "unknown opcode %d", (int) s->op);
      if (check_dst (c, s->dst) != 0 || check_args (c, s, nargs_of (s->op)))
        return -1;
      return check_assign_types (c, s);
    case KIR_LOAD:
      if (check_dst (c, s->dst) != 0 || check_access (c, &s->access) != 0)
        return -1;
      return same_types (c, k->locals[s->dst].type,
                         k->arrays[s->access.array].elem, "load");
    case KIR_STORE:
      if (check_access (c, &s->access) != 0 || check_args (c, s, 1) != 0)
        return -1;
      return same_types (c, s->args[0].type,
                         k->arrays[s->access.array].elem, "store");
    case KIR_CALL:
      return check_call (c, s);
    case KIR_PLOAD:
      if (check_dst (c, s->dst) != 0
          || check_private_access (c, &s->access) != 0)
        return -1;
      return same_types (c, k->locals[s->dst].type,
                         k->privates[s->access.array].elem, "load");
    case KIR_PSTORE:
      if (check_private_access (c, &s->access) != 0
          || check_args (c, s, 1) != 0)
        return -1;
      return same_types (c, s->args[0].type,
                         k->privates[s->access.array].elem, "store");
    }
  return fail (c, "unknown statement kind %d", (int) s->kind);
}

static int
check_successor (struct checker *c, int succ)
{
  if (succ < 0 || succ >= c->k->nblocks)
    return fail (c, "jumps to block %d, which does not exist", succ);
  return 0;
}

static int
check_terminator (struct checker *c, const struct kir_block *b)
{
  switch (b->term)
    {
    case KIR_NEXT:
      return 0;
    case KIR_GOTO:
      if (b->succ[0] == -1)
        return fail (c, "not terminated (no kir_set_next/goto/branch)");
      return check_successor (c, b->succ[0]);
    case KIR_BRANCH:
      if (check_operand (c, &b->cond, "branch condition") != 0)
        return -1;
      if (!int_or_bool (b->cond.type))
        return fail (c, "branch condition of type %s (compare it first)",
                     kir_type_name (b->cond.type));
      if (check_successor (c, b->succ[0]) != 0)
        return -1;
      return check_successor (c, b->succ[1]);
    }
  return fail (c, "unknown terminator %d", (int) b->term);
}

static int
check_body (struct checker *c)
{
  struct kir_kernel *k = c->k;
  if (k->nblocks < 1)
    return fail (c, "the body has no blocks");
  for (c->block = 0; c->block < k->nblocks; c->block++)
    {
      const struct kir_block *b = &k->blocks[c->block];
      for (c->stmt = 0; c->stmt < b->nstmts; c->stmt++)
        if (check_stmt (c, &b->stmts[c->stmt]) != 0)
          return -1;
      c->stmt = -1;
      if (check_terminator (c, b) != 0)
        return -1;
    }
  c->block = -1;
  return 0;
}

static int
check_reductions (struct checker *c)
{
  struct kir_kernel *k = c->k;
  for (int r = 0; r < k->nreductions; r++)
    {
      int local = k->reductions[r].local;
      if (local < 0 || local >= k->nlocals)
        return fail (c, "reduction %d: local %d does not exist", r, local);
      if (k->reductions[r].op < KIR_RED_ADD
          || k->reductions[r].op > KIR_RED_MAX)
        return fail (c, "reduction %d: unknown operator", r);
      if (kir_dim_of_iv (k, local) >= 0)
        return fail (c, "reduction variable '%s' is an induction variable",
                     k->locals[local].name);
      for (int s = 0; s < r; s++)
        if (k->reductions[s].local == local)
          return fail (c, "'%s' is reduced twice", k->locals[local].name);
    }
  return 0;
}

static void
fill_read_written (struct kir_kernel *k)
{
  for (int i = 0; i < k->narrays; i++)
    k->arrays[i].read = k->arrays[i].written = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind == KIR_LOAD)
          k->arrays[s->access.array].read = 1;
        else if (s->kind == KIR_STORE)
          k->arrays[s->access.array].written = 1;
      }
}

int
kir_finish (struct kir_kernel *k, char *err, size_t errlen)
{
  struct checker c = { k, err, errlen, -1, -1 };
  if (check_declarations (&c) != 0 || check_dims (&c) != 0
      || check_body (&c) != 0 || check_reductions (&c) != 0)
    return -1;
  fill_read_written (k);
  return 0;
}
