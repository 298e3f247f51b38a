/* kir.c -- the Kernel IR: construction, verification, properties, dump.  */

#include "kir.h"
#include "xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- allocation --------------------------------------------------------- */

/* Makes room for one more element of an array of N elements of SIZE bytes
   with capacity *CAP.  */
static void *
grow (void *items, int n, int *cap, size_t size)
{
  if (n < *cap)
    return items;
  *cap = *cap ? 2 * *cap : 8;
  return mint_xrealloc (items, (size_t) *cap * size);
}

/* ---- construction ------------------------------------------------------- */

struct kir_kernel *
kir_kernel_new (const char *name, const char *file, int line)
{
  struct kir_kernel *k = mint_xmalloc (sizeof *k);
  memset (k, 0, sizeof *k);
  k->name = mint_xstrdup (name);
  k->file = mint_xstrdup (file ? file : "");
  k->line = line;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      k->dims[d].iv = -1;
      k->tile[d] = 1;
      k->chunk[d] = 1;
    }
  return k;
}

void
kir_kernel_free (struct kir_kernel *k)
{
  if (!k)
    return;
  for (int i = 0; i < k->nlocals; i++)
    free (k->locals[i].name);
  for (int i = 0; i < k->nscalars; i++)
    free (k->scalars[i].name);
  for (int i = 0; i < k->narrays; i++)
    {
      free (k->arrays[i].name);
      free (k->arrays[i].source);
    }
  for (int i = 0; i < k->nprivates; i++)
    free (k->privates[i].name);
  for (int i = 0; i < k->nblocks; i++)
    free (k->blocks[i].stmts);
  free (k->privates);
  free (k->locals);
  free (k->scalars);
  free (k->arrays);
  free (k->reductions);
  free (k->blocks);
  free (k->name);
  free (k->file);
  free (k);
}

static void
visit_operand (struct kir_operand *o,
               void (*fn) (int *, int, void *), void *data)
{
  if (o->kind == KIR_OPND_LOCAL)
    fn (&o->index, 0, data);
}

void
kir_for_each_local (struct kir_kernel *k,
                    void (*fn) (int *local, int write, void *data),
                    void *data)
{
  for (int d = 0; d < k->ndims; d++)
    fn (&k->dims[d].iv, 0, data);
  for (int r = 0; r < k->nreductions; r++)
    fn (&k->reductions[r].local, 0, data);
  for (int b = 0; b < k->nblocks; b++)
    {
      struct kir_block *blk = &k->blocks[b];
      if (blk->term == KIR_BRANCH)
        visit_operand (&blk->cond, fn, data);
      for (int i = 0; i < blk->nstmts; i++)
        {
          struct kir_stmt *s = &blk->stmts[i];
          if (s->kind != KIR_STORE && s->dst >= 0)
            fn (&s->dst, 1, data);
          for (int a = 0; a < s->nargs; a++)
            visit_operand (&s->args[a], fn, data);
          if (s->kind != KIR_ASSIGN && s->kind != KIR_CALL)
            for (int j = 0; j < s->access.rank; j++)
              for (int t = 0; t < s->access.index[j].nterms; t++)
                visit_operand (&s->access.index[j].terms[t].var, fn, data);
        }
    }
}

static void
mark_named (int *local, int write, void *data)
{
  (void) write;
  ((int *) data)[*local] = 1;
}

static void
renumber (int *local, int write, void *data)
{
  (void) write;
  *local = ((const int *) data)[*local];
}

void
kir_drop_unused_locals (struct kir_kernel *k)
{
  int *map = mint_xmalloc ((k->nlocals ? k->nlocals : 1) * sizeof *map);
  memset (map, 0, (k->nlocals ? k->nlocals : 1) * sizeof *map);
  kir_for_each_local (k, mark_named, map);
  int n = 0;
  for (int i = 0; i < k->nlocals; i++)
    if (map[i])
      {
        k->locals[n] = k->locals[i];
        map[i] = n++;
      }
    else
      free (k->locals[i].name);
  k->nlocals = n;
  kir_for_each_local (k, renumber, map);
  free (map);
}

/* Whether ACC (to private array P of K) has constant subscripts within
   P's extents; its element's number into *ELEMENT.  */
static int
constant_private_element (const struct kir_kernel *k,
                          const struct kir_access *acc, long long *element)
{
  const struct kir_private *p = &k->privates[acc->array];
  *element = 0;
  for (int d = 0; d < acc->rank; d++)
    {
      const struct kir_affine *f = &acc->index[d];
      if (f->nterms != 0 || f->constant < 0 || f->constant >= p->extent[d])
        return 0;
      *element = *element * p->extent[d] + f->constant;
    }
  return 1;
}

/* Whether every access of K to private array P has constant subscripts
   within its extents.  */
static int
private_constant_only (const struct kir_kernel *k, int p)
{
  long long element;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_PLOAD || s->kind == KIR_PSTORE)
            && s->access.array == p
            && !constant_private_element (k, &s->access, &element))
          return 0;
      }
  return 1;
}

int
kir_name_taken (const struct kir_kernel *k, const char *name)
{
  for (int i = 0; i < k->nlocals; i++)
    if (strcmp (k->locals[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->nscalars; i++)
    if (strcmp (k->scalars[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->narrays; i++)
    if (strcmp (k->arrays[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->nprivates; i++)
    if (strcmp (k->privates[i].name, name) == 0)
      return 1;
  return 0;
}

/* The local of element ELEMENT of private array P, made at its first
   use (LOCALS, one per element, -1 until then).  */
static int
element_local (struct kir_kernel *k, int p, long long element, int *locals)
{
  if (locals[element] < 0)
    {
      char name[80];
      snprintf (name, sizeof name, "%.40s_%lld", k->privates[p].name,
                element);
      for (int n = 1; kir_name_taken (k, name); n++)
        snprintf (name, sizeof name, "%.40s_%lld_%d", k->privates[p].name,
                  element, n);
      locals[element] = kir_add_local (k, name, k->privates[p].elem);
    }
  return locals[element];
}

/* Private array P as locals: its loads and stores become moves.  */
static void
scalarize_private (struct kir_kernel *k, int p)
{
  long long elements = 1;
  for (int d = 0; d < k->privates[p].rank; d++)
    elements *= k->privates[p].extent[d];
  int *locals = mint_xmalloc (elements * sizeof *locals);
  for (long long e = 0; e < elements; e++)
    locals[e] = -1;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        long long element;
        if ((s->kind != KIR_PLOAD && s->kind != KIR_PSTORE)
            || s->access.array != p)
          continue;
        constant_private_element (k, &s->access, &element);
        int local = element_local (k, p, element, locals);
        if (s->kind == KIR_PLOAD)
          {
            s->nargs = 1;
            s->args[0] = kir_local (k, local);
          }
        else
          s->dst = local;
        s->kind = KIR_ASSIGN;
        s->op = KIR_MOV;
        memset (&s->access, 0, sizeof s->access);
      }
  free (locals);
}

void
kir_scalarize_privates (struct kir_kernel *k)
{
  int *renumbered = mint_xmalloc ((k->nprivates ? k->nprivates : 1)
                                    * sizeof *renumbered);
  int n = 0;
  for (int p = 0; p < k->nprivates; p++)
    if (private_constant_only (k, p))
      {
        scalarize_private (k, p);
        free (k->privates[p].name);
        renumbered[p] = -1;
      }
    else
      {
        k->privates[n] = k->privates[p];
        renumbered[p] = n++;
      }
  k->nprivates = n;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind == KIR_PLOAD || s->kind == KIR_PSTORE)
          s->access.array = renumbered[s->access.array];
      }
  free (renumbered);
}

int
kir_add_local (struct kir_kernel *k, const char *name, enum kir_type type)
{
  k->locals = grow (k->locals, k->nlocals, &k->locals_cap, sizeof *k->locals);
  k->locals[k->nlocals].name = mint_xstrdup (name);
  k->locals[k->nlocals].type = type;
  return k->nlocals++;
}

int
kir_add_scalar (struct kir_kernel *k, const char *name, enum kir_type type)
{
  k->scalars = grow (k->scalars, k->nscalars, &k->scalars_cap,
                     sizeof *k->scalars);
  k->scalars[k->nscalars].name = mint_xstrdup (name);
  k->scalars[k->nscalars].type = type;
  return k->nscalars++;
}

int
kir_add_array (struct kir_kernel *k, const char *name, enum kir_type elem,
               int rank, int flat)
{
  k->arrays = grow (k->arrays, k->narrays, &k->arrays_cap, sizeof *k->arrays);
  struct kir_array *a = &k->arrays[k->narrays];
  memset (a, 0, sizeof *a);
  a->name = mint_xstrdup (name);
  a->elem = elem;
  a->rank = rank;
  a->flat = flat;
  return k->narrays++;
}

int
kir_add_private (struct kir_kernel *k, const char *name, enum kir_type elem,
                 int rank, const int *extent)
{
  k->privates = grow (k->privates, k->nprivates, &k->privates_cap,
                      sizeof *k->privates);
  struct kir_private *p = &k->privates[k->nprivates];
  memset (p, 0, sizeof *p);
  p->name = mint_xstrdup (name);
  p->elem = elem;
  p->rank = rank;
  for (int i = 0; i < rank && i < KIR_MAX_DIMS; i++)
    p->extent[i] = extent[i];
  return k->nprivates++;
}

void
kir_set_array_source (struct kir_kernel *k, int a, char *source)
{
  free (k->arrays[a].source);
  k->arrays[a].source = source;
}

int
kir_affine_same_terms (const struct kir_affine *f, const struct kir_affine *g)
{
  if (f->nterms != g->nterms)
    return 0;
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].coeff != g->terms[t].coeff
        || f->terms[t].var.kind != g->terms[t].var.kind
        || f->terms[t].var.index != g->terms[t].var.index)
      return 0;
  return 1;
}

int
kir_successor_count (const struct kir_block *b)
{
  return b->term == KIR_BRANCH ? 2 : b->term == KIR_GOTO;
}

const char *
kir_array_text (const struct kir_kernel *k, int a)
{
  return k->arrays[a].source ? k->arrays[a].source : k->arrays[a].name;
}

int
kir_add_reduction (struct kir_kernel *k, int local, enum kir_reduction_op op)
{
  k->reductions = grow (k->reductions, k->nreductions, &k->reductions_cap,
                        sizeof *k->reductions);
  k->reductions[k->nreductions].local = local;
  k->reductions[k->nreductions].op = op;
  return k->nreductions++;
}

/* A new block is "goto nowhere" until a kir_set_* call terminates it, so
   kir_finish can tell an unterminated block from a KIR_NEXT one.  */
int
kir_add_block (struct kir_kernel *k)
{
  k->blocks = grow (k->blocks, k->nblocks, &k->blocks_cap, sizeof *k->blocks);
  struct kir_block *b = &k->blocks[k->nblocks];
  memset (b, 0, sizeof *b);
  b->term = KIR_GOTO;
  b->succ[0] = b->succ[1] = -1;
  return k->nblocks++;
}

/* The returned statement stays valid until the next append to BLOCK.  */
struct kir_stmt *
kir_append (struct kir_kernel *k, int block, enum kir_stmt_kind kind)
{
  if (block < 0 || block >= k->nblocks)
    {
      fprintf (stderr, "mint: kir_append to block %d of kernel %s, which has "
               "%d blocks\n", block, k->name, k->nblocks);
      exit (1);
    }
  struct kir_block *b = &k->blocks[block];
  b->stmts = grow (b->stmts, b->nstmts, &b->cap, sizeof *b->stmts);
  struct kir_stmt *s = &b->stmts[b->nstmts++];
  memset (s, 0, sizeof *s);
  s->kind = kind;
  s->op = KIR_MOV;
  s->dst = -1;
  return s;
}

void
kir_set_dim (struct kir_kernel *k, int d, int iv, long long step)
{
  if (d < 0 || d >= KIR_MAX_DIMS)
    {
      fprintf (stderr, "mint: kir_set_dim: dimension %d out of range\n", d);
      exit (1);
    }
  k->dims[d].iv = iv;
  k->dims[d].step = step;
  if (k->ndims < d + 1)
    k->ndims = d + 1;
}

static struct kir_block *
block_to_terminate (struct kir_kernel *k, int block)
{
  if (block < 0 || block >= k->nblocks)
    {
      fprintf (stderr, "mint: terminating block %d of kernel %s, which has "
               "%d blocks\n", block, k->name, k->nblocks);
      exit (1);
    }
  return &k->blocks[block];
}

void
kir_set_next (struct kir_kernel *k, int block)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_NEXT;
  b->succ[0] = b->succ[1] = -1;
}

void
kir_set_goto (struct kir_kernel *k, int block, int to)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_GOTO;
  b->succ[0] = to;
  b->succ[1] = -1;
}

void
kir_set_branch (struct kir_kernel *k, int block, struct kir_operand cond,
                int if_true, int if_false)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_BRANCH;
  b->cond = cond;
  b->succ[0] = if_true;
  b->succ[1] = if_false;
}

struct kir_operand
kir_local (const struct kir_kernel *k, int local)
{
  struct kir_operand o = { KIR_OPND_LOCAL, KIR_VOID, local, 0, 0.0 };
  if (local >= 0 && local < k->nlocals)
    o.type = k->locals[local].type;
  return o;
}

struct kir_operand
kir_scalar (const struct kir_kernel *k, int scalar)
{
  struct kir_operand o = { KIR_OPND_SCALAR, KIR_VOID, scalar, 0, 0.0 };
  if (scalar >= 0 && scalar < k->nscalars)
    o.type = k->scalars[scalar].type;
  return o;
}

struct kir_operand
kir_int (enum kir_type type, long long value)
{
  struct kir_operand o = { KIR_OPND_INT, type, -1, value, 0.0 };
  return o;
}

struct kir_operand
kir_float (enum kir_type type, double value)
{
  struct kir_operand o = { KIR_OPND_FLOAT, type, -1, 0, value };
  return o;
}

/* ---- types -------------------------------------------------------------- */

int
kir_type_is_float (enum kir_type t)
{
  return t == KIR_F32 || t == KIR_F64;
}

static int
type_is_integer (enum kir_type t)
{
  return t >= KIR_I8 && t <= KIR_U64;
}

/* Signed integers and floating types.  */
int
kir_type_is_signed (enum kir_type t)
{
  switch (t)
    {
    case KIR_I8: case KIR_I16: case KIR_I32: case KIR_I64:
    case KIR_F32: case KIR_F64:
      return 1;
    default:
      return 0;
    }
}

unsigned
kir_type_size (enum kir_type t)
{
  switch (t)
    {
    case KIR_BOOL: case KIR_I8: case KIR_U8: return 1;
    case KIR_I16: case KIR_U16: return 2;
    case KIR_I32: case KIR_U32: case KIR_F32: return 4;
    case KIR_I64: case KIR_U64: case KIR_F64: return 8;
    default: return 0;
    }
}

const char *
kir_type_cuda (enum kir_type t)
{
  switch (t)
    {
    case KIR_BOOL: return "bool";
    case KIR_I8: return "signed char";
    case KIR_U8: return "unsigned char";
    case KIR_I16: return "short";
    case KIR_U16: return "unsigned short";
    case KIR_I32: return "int";
    case KIR_U32: return "unsigned";
    case KIR_I64: return "long long";
    case KIR_U64: return "unsigned long long";
    case KIR_F32: return "float";
    case KIR_F64: return "double";
    default: return "void";
    }
}

/* 0 for types that cannot be a kernel scalar or reduction.  */
char
kir_type_sig (enum kir_type t)
{
  switch (t)
    {
    case KIR_I32: return 'i';
    case KIR_U32: return 'I';
    case KIR_I64: return 'l';
    case KIR_U64: return 'L';
    case KIR_F32: return 'f';
    case KIR_F64: return 'd';
    default: return 0;
    }
}

enum kir_type
kir_reduction_type (const struct kir_kernel *k, int r)
{
  enum kir_type t = k->locals[k->reductions[r].local].type;
  enum kir_reduction_op op = k->reductions[r].op;
  if (kir_type_size (t) >= 4)
    return t;
  if ((op == KIR_RED_MIN || op == KIR_RED_MAX) && kir_type_is_signed (t))
    return KIR_I32;
  return KIR_U32;
}

/* ---- device math functions ---------------------------------------------- */

/* A C math function that CUDA provides under the same name with the same
   semantics, and its prototype (so kir_finish can check a call).  */
struct math_function
{
  const char *name;
  enum kir_type ret;
  int nargs;
  enum kir_type arg;            /* every argument has this type */
  int size;                     /* CALL_* (kir_code_size) */
  const char *device;           /* the name in CUDA; NULL: NAME */
};

/* Machine instructions of a call, roughly (CUDA's libdevice, sm_90):
   a few where it is an instruction or two, dozens for a square root or
   a division, a hundred and more for the transcendental ones.  */
#define CALL_CHEAP 1
#define CALL_ROOT 20
#define CALL_LONG 100

#define MATH_D_F(n, nargs, size) \
  { #n, KIR_F64, nargs, KIR_F64, size, NULL }, \
  { #n "f", KIR_F32, nargs, KIR_F32, size, NULL }
/* Of one floating argument, returning the integer type RET.  */
#define MATH_D_F_TO(n, ret) \
  { #n, ret, 1, KIR_F64, CALL_CHEAP, NULL }, \
  { #n "f", ret, 1, KIR_F32, CALL_CHEAP, NULL }
/* GCC's builtin __builtin_N, known by that name only (a program may have
   a function N of its own), which CUDA calls DEVICE.  */
#define BUILTIN(n, ret, nargs, arg, device) \
  { "__builtin_" #n, ret, nargs, arg, CALL_CHEAP, device }

static const struct math_function math_functions[] = {
  MATH_D_F (sqrt, 1, CALL_ROOT), MATH_D_F (cbrt, 1, CALL_LONG),
  MATH_D_F (fabs, 1, CALL_CHEAP),
  MATH_D_F (exp, 1, CALL_LONG), MATH_D_F (exp2, 1, CALL_LONG),
  MATH_D_F (expm1, 1, CALL_LONG),
  MATH_D_F (log, 1, CALL_LONG), MATH_D_F (log2, 1, CALL_LONG),
  MATH_D_F (log10, 1, CALL_LONG), MATH_D_F (log1p, 1, CALL_LONG),
  MATH_D_F (pow, 2, CALL_LONG),
  MATH_D_F (sin, 1, CALL_LONG), MATH_D_F (cos, 1, CALL_LONG),
  MATH_D_F (tan, 1, CALL_LONG),
  MATH_D_F (asin, 1, CALL_LONG), MATH_D_F (acos, 1, CALL_LONG),
  MATH_D_F (atan, 1, CALL_LONG), MATH_D_F (atan2, 2, CALL_LONG),
  MATH_D_F (sinh, 1, CALL_LONG), MATH_D_F (cosh, 1, CALL_LONG),
  MATH_D_F (tanh, 1, CALL_LONG),
  MATH_D_F (floor, 1, CALL_CHEAP), MATH_D_F (ceil, 1, CALL_CHEAP),
  MATH_D_F (trunc, 1, CALL_CHEAP), MATH_D_F (round, 1, CALL_CHEAP),
  MATH_D_F (fmin, 2, CALL_CHEAP), MATH_D_F (fmax, 2, CALL_CHEAP),
  MATH_D_F (fmod, 2, CALL_LONG),
  MATH_D_F (hypot, 2, CALL_ROOT), MATH_D_F (erf, 1, CALL_LONG),
  MATH_D_F (erfc, 1, CALL_LONG),
  MATH_D_F (tgamma, 1, CALL_LONG), MATH_D_F (lgamma, 1, CALL_LONG),
  MATH_D_F (copysign, 2, CALL_CHEAP),
  MATH_D_F (fma, 3, CALL_CHEAP),
  MATH_D_F (rint, 1, CALL_CHEAP), MATH_D_F (nearbyint, 1, CALL_CHEAP),
  MATH_D_F (fdim, 2, CALL_CHEAP), MATH_D_F (remainder, 2, CALL_LONG),
  MATH_D_F (asinh, 1, CALL_LONG), MATH_D_F (acosh, 1, CALL_LONG),
  MATH_D_F (atanh, 1, CALL_LONG), MATH_D_F (logb, 1, CALL_LONG),
  MATH_D_F (j0, 1, CALL_LONG), MATH_D_F (j1, 1, CALL_LONG),
  MATH_D_F (y0, 1, CALL_LONG), MATH_D_F (y1, 1, CALL_LONG),
  MATH_D_F_TO (lround, KIR_I64), MATH_D_F_TO (llround, KIR_I64),
  MATH_D_F_TO (lrint, KIR_I64), MATH_D_F_TO (llrint, KIR_I64),
  MATH_D_F_TO (ilogb, KIR_I32),
  { "abs", KIR_I32, 1, KIR_I32, CALL_CHEAP, NULL },
  { "labs", KIR_I64, 1, KIR_I64, CALL_CHEAP, NULL }, /* long is 64-bit on the LP64 host */
  { "llabs", KIR_I64, 1, KIR_I64, CALL_CHEAP, NULL },
  /* The hint is kept: CUDA has __builtin_expect too.  */
  BUILTIN (expect, KIR_I64, 2, KIR_I64, "__builtin_expect"),
  BUILTIN (popcount, KIR_I32, 1, KIR_U32, "__popc"),
  BUILTIN (popcountl, KIR_I32, 1, KIR_U64, "__popcll"),
  BUILTIN (popcountll, KIR_I32, 1, KIR_U64, "__popcll"),
  /* Undefined for 0 in C; CUDA's give the width.  */
  BUILTIN (clz, KIR_I32, 1, KIR_U32, "__clz"),
  BUILTIN (clzl, KIR_I32, 1, KIR_U64, "__clzll"),
  BUILTIN (clzll, KIR_I32, 1, KIR_U64, "__clzll"),
  BUILTIN (ffs, KIR_I32, 1, KIR_I32, "__ffs"),
  BUILTIN (ffsl, KIR_I32, 1, KIR_I64, "__ffsll"),
  BUILTIN (ffsll, KIR_I32, 1, KIR_I64, "__ffsll"),
  /* CUDA has none of these: the prelude's (cuda_emit_prelude).  */
  BUILTIN (ctz, KIR_I32, 1, KIR_U32, "mint_ctz"),
  BUILTIN (ctzl, KIR_I32, 1, KIR_U64, "mint_ctzll"),
  BUILTIN (ctzll, KIR_I32, 1, KIR_U64, "mint_ctzll"),
  BUILTIN (parity, KIR_I32, 1, KIR_U32, "mint_parity"),
  BUILTIN (parityl, KIR_I32, 1, KIR_U64, "mint_parityll"),
  BUILTIN (parityll, KIR_I32, 1, KIR_U64, "mint_parityll"),
  /* GCC passes bswap16's argument as an int.  */
  BUILTIN (bswap16, KIR_U16, 1, KIR_I32, "mint_bswap16"),
  BUILTIN (bswap32, KIR_U32, 1, KIR_U32, "mint_bswap32"),
  BUILTIN (bswap64, KIR_U64, 1, KIR_U64, "mint_bswap64"),
  /* The prelude's; the extraction names a float's type-generic
     __builtin_signbit signbitf.  */
  BUILTIN (signbit, KIR_I32, 1, KIR_F64, "mint_signbit"),
  BUILTIN (signbitf, KIR_I32, 1, KIR_F32, "mint_signbitf"),
};

#undef MATH_D_F
#undef MATH_D_F_TO
#undef BUILTIN

static const struct math_function *
find_math_name (const char *name)
{
  for (size_t i = 0; i < sizeof math_functions / sizeof *math_functions; i++)
    if (strcmp (math_functions[i].name, name) == 0)
      return &math_functions[i];
  return NULL;
}

/* NAME, or the math function GCC spells "__builtin_" NAME.  */
static const struct math_function *
find_math_function (const char *name)
{
  if (!name)
    return NULL;
  const struct math_function *f = find_math_name (name);
  if (!f && strncmp (name, "__builtin_", 10) == 0)
    f = find_math_name (name + 10);
  return f;
}

const char *
kir_math_function (const char *c_name)
{
  const struct math_function *f = find_math_function (c_name);
  return f ? f->name : NULL;
}

const char *
kir_math_device_name (const char *name)
{
  const struct math_function *f = find_math_function (name);
  return f && f->device ? f->device : name;
}

/* ---- verification ------------------------------------------------------- */

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

static const char *
type_name (enum kir_type t)
{
  return t == KIR_VOID ? "void" : kir_type_cuda (t);
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

/* A stride of a flat array: products of integer scalars, not empty.  */
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
    if (!kir_type_sig (k->scalars[i].type))
      return fail (c, "scalar '%s' has type %s; scalars must be int, "
                   "unsigned, long long, unsigned long long, float or double",
                   k->scalars[i].name, type_name (k->scalars[i].type));
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
is_iv (const struct kir_kernel *k, int local)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == local)
      return 1;
  return 0;
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
          if (!type_is_integer (k->locals[iv].type))
            return fail (c, "induction variable '%s' has type %s, not an "
                         "integer type", k->locals[iv].name,
                         type_name (k->locals[iv].type));
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
                     "type %s", what, type_name (o->type),
                     k->locals[o->index].name,
                     type_name (k->locals[o->index].type));
      return 0;
    case KIR_OPND_SCALAR:
      if (o->index < 0 || o->index >= k->nscalars)
        return fail (c, "%s: scalar %d does not exist", what, o->index);
      if (o->type != k->scalars[o->index].type)
        return fail (c, "%s: operand type %s differs from scalar '%s' of "
                     "type %s", what, type_name (o->type),
                     k->scalars[o->index].name,
                     type_name (k->scalars[o->index].type));
      return 0;
    case KIR_OPND_INT:
      if (!type_is_integer (o->type) && o->type != KIR_BOOL)
        return fail (c, "%s: integer constant of type %s", what,
                     type_name (o->type));
      return 0;
    case KIR_OPND_FLOAT:
      if (!kir_type_is_float (o->type))
        return fail (c, "%s: floating constant of type %s", what,
                     type_name (o->type));
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
          if (!type_is_integer (v->type))
            return fail (c, "subscript %d of '%s': variable of type %s",
                         i, name, type_name (v->type));
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
  if (is_iv (c->k, dst))
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
    return fail (c, "%s: types %s and %s differ", what, type_name (a),
                 type_name (b));
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
  return type_is_integer (t) || t == KIR_BOOL;
}

/* Operand types of an assignment, by opcode (types as in kir.h: one
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
      if (!type_is_integer (d))
        return fail (c, "~ on type %s", type_name (d));
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
      if (!type_is_integer (d))
        return fail (c, "%% on type %s (use fmod)", type_name (d));
      return both_same (c, d, a, b, "%");
    case KIR_AND: case KIR_OR: case KIR_XOR:
      if (!int_or_bool (d))
        return fail (c, "bitwise operator on type %s", type_name (d));
      return both_same (c, d, a, b, "bitwise operator");
    case KIR_SHL: case KIR_SHR:
      if (!type_is_integer (d) || !type_is_integer (b))
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
                     type_name (d));
      return same_types (c, a, b, "comparison");
    case KIR_SELECT:
      if (!int_or_bool (a))
        return fail (c, "?: condition of type %s", type_name (a));
      return both_same (c, d, b, s->args[2].type, "?:");
    }
  return fail (c, "unknown opcode %d", (int) s->op);
}

static int
check_call (struct checker *c, const struct kir_stmt *s)
{
  const struct math_function *f = find_math_function (s->callee);
  if (!f || strcmp (f->name, s->callee) != 0)
    return fail (c, "'%s' is not a device math function",
                 s->callee ? s->callee : "(null)");
  if (check_args (c, s, f->nargs) != 0)
    return -1;
  for (int i = 0; i < f->nargs; i++)
    if (s->args[i].type != f->arg)
      return fail (c, "argument %d of %s has type %s, not %s", i + 1,
                   f->name, type_name (s->args[i].type), type_name (f->arg));
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
                     type_name (b->cond.type));
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
      if (is_iv (k, local))
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

/* ---- descriptor properties ---------------------------------------------- */

void
kir_scalar_sig (const struct kir_kernel *k, char *buf)
{
  int n = 0;
  for (int i = 0; i < k->nscalars; i++)
    buf[n++] = kir_type_sig (k->scalars[i].type);
  buf[n] = '\0';
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
      const struct math_function *f = find_math_function (s->callee);
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
   CALL_ROOT for a division or a remainder, else one.  */
static unsigned
stmt_size (const struct kir_kernel *k, const struct kir_stmt *s)
{
  (void) k;
  if (s->kind == KIR_CALL)
    {
      const struct math_function *f = find_math_function (s->callee);
      return f ? (unsigned) f->size : CALL_LONG;
    }
  if (s->kind == KIR_ASSIGN && (s->op == KIR_DIV || s->op == KIR_MOD))
    return CALL_ROOT;
  return 1;
}

/* The machine instructions of one point's statements, roughly.  */
unsigned long long
kir_code_size (const struct kir_kernel *k)
{
  return sum_over_statements (k, stmt_size);
}

/* ---- dump --------------------------------------------------------------- */

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

static const char *
opcode_symbol (enum kir_opcode op)
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
        fprintf (out, "(%s) ", type_name (k->locals[s->dst].type));
      dump_operand (k, a, out);
      return;
    case KIR_NEG: case KIR_NOT: case KIR_BNOT:
      fputs (opcode_symbol (s->op), out);
      dump_operand (k, a, out);
      return;
    case KIR_ABS: case KIR_MIN: case KIR_MAX:
      fprintf (out, "%s (", opcode_symbol (s->op));
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
      fprintf (out, " %s ", opcode_symbol (s->op));
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
               a->source ? ")" : "", type_name (a->elem), a->rank,
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
             type_name (k->scalars[i].type));
  for (int i = 0; i < k->nlocals; i++)
    fprintf (out, "  local %s %s\n", k->locals[i].name,
             type_name (k->locals[i].type));
  for (int i = 0; i < k->nprivates; i++)
    {
      const struct kir_private *p = &k->privates[i];
      fprintf (out, "  private %s %s", p->name, type_name (p->elem));
      for (int d = 0; d < p->rank; d++)
        fprintf (out, "[%d]", p->extent[d]);
      fputc ('\n', out);
    }
  for (int r = 0; r < k->nreductions; r++)
    {
      int local = k->reductions[r].local;
      int op = k->reductions[r].op;
      fprintf (out, "  reduction %s %s\n",
               op >= 0 && op <= KIR_RED_MAX ? red_ops[op] : "?",
               local >= 0 && local < k->nlocals ? k->locals[local].name : "?");
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
