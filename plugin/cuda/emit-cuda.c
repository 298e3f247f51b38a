/* emit-cuda.c -- the pieces of CUDA source every level prints (emit-cuda.h):
   names, constants, array accesses, the body of a point, a kernel's head;
   the prelude of a generated file; the body of a level-0 kernel.

   Level 0 (global memory): each thread computes chunk[d] points per
   dimension d, strided by the block's thread count so that a warp's x
   points stay adjacent (coalesced); the block covers tile[d] points.  The
   body is printed as goto-based blocks inside the innermost chunk loop, so
   KIR_NEXT is `continue'.  Arrays the kernel never writes are read through
   the read-only data path at every level (plan_read_only_path).

   Names: the user's names from the IR are kept; a name that could clash with
   C++, CUDA or this file's own names (all of which start with "mint_") is
   printed as "mint_u_NAME", which no generated name starts with.  */

#include "emit-cuda.h"
#include "emit-rows.h"
#include "kir-type.h"
#include "kir-math.h"
#include "stencil.h"
#include "xalloc.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char axis[] = "xyz";

/* ---- names -------------------------------------------------------------- */

static const char *const reserved_names[] = {
  /* C keywords: a name of the program with a trailing underscore (do_,
     int_) loses it in the kernel IR (text_identifier).  */
  "auto", "break", "case", "char", "const", "continue", "default", "do",
  "double", "else", "enum", "extern", "float", "for", "goto", "if",
  "inline", "int", "long", "register", "restrict", "return", "short",
  "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
  "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
  "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
  "_Static_assert", "_Thread_local",
  /* C++ keywords and alternative tokens that are not C keywords.  */
  "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "bool",
  "catch", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
  "consteval", "constexpr", "constinit", "const_cast", "co_await",
  "co_return", "co_yield", "decltype", "delete", "dynamic_cast", "explicit",
  "export", "false", "friend", "mutable", "namespace", "new", "noexcept",
  "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
  "protected", "public", "reinterpret_cast", "requires", "static_assert",
  "static_cast", "template", "this", "thread_local", "throw", "true", "try",
  "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
  /* CUDA built-in variables and names the generated code uses.  */
  "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "std",
  "min", "max", "atomicAdd", "atomicMin", "atomicMax", "atomicCAS",
  /* Macros and functions of the headers nvcc includes.  */
  "NULL", "INFINITY", "NAN", "HUGE_VAL", "HUGE_VALF", "isnan", "isinf",
  "isfinite", "signbit", "assert", "errno", "printf", "malloc", "free",
  "memcpy", "memset",
};

/* Whether NAME is one of CUDA's vector types (double2, uint4, ...) or
   their make_ functions, which the level-3 kernels' wide accesses use.  */
static int
vector_type_name (const char *name)
{
  static const char *const scalars[] = {
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
    "longlong", "ulonglong", "float", "double"
  };
  if (strncmp (name, "make_", 5) == 0)
    name += 5;
  for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++)
    {
      size_t n = strlen (scalars[i]);
      if (strncmp (name, scalars[i], n) == 0 && name[n] >= '1'
          && name[n] <= '4' && name[n + 1] == '\0')
        return 1;
    }
  return strcmp (name, "dim3") == 0;
}

static int
is_reserved (const char *name)
{
  if (strncmp (name, "mint_", 5) == 0 || strncmp (name, "MINT_", 5) == 0
      || strncmp (name, "__", 2) == 0 || kir_math_function (name)
      || vector_type_name (name))
    return 1;
  for (size_t i = 0; i < sizeof reserved_names / sizeof *reserved_names; i++)
    if (strcmp (reserved_names[i], name) == 0)
      return 1;
  return 0;
}

void
cuda_put_name (FILE *out, const char *name)
{
  fprintf (out, is_reserved (name) ? "mint_u_%s" : "%s", name);
}

/* ---- constants and operands --------------------------------------------- */

/* VALUE's low bits as a constant of integer type T.  */
static void
put_int_constant (FILE *out, enum kir_type t, long long value)
{
  switch (t)
    {
    case KIR_BOOL:
      fputs (value ? "true" : "false", out);
      return;
    case KIR_U64:
      fprintf (out, "%lluULL", (unsigned long long) value);
      return;
    case KIR_U32:
      fprintf (out, "%uU", (unsigned) value);
      return;
    case KIR_I64:
      if (value == -9223372036854775807LL - 1)
        fputs ("(-9223372036854775807LL - 1)", out);
      else
        fprintf (out, value < 0 ? "(%lldLL)" : "%lldLL", value);
      return;
    case KIR_I32:
      {
        int v = (int) value;
        if (v == -2147483647 - 1)
          fputs ("(-2147483647 - 1)", out);
        else
          fprintf (out, v < 0 ? "(%d)" : "%d", v);
        return;
      }
    case KIR_I8:
      fprintf (out, "((signed char) %d)", (signed char) value);
      return;
    case KIR_U8:
      fprintf (out, "((unsigned char) %d)", (unsigned char) value);
      return;
    case KIR_I16:
      fprintf (out, "((short) %d)", (short) value);
      return;
    case KIR_U16:
      fprintf (out, "((unsigned short) %d)", (unsigned short) value);
      return;
    default:
      fprintf (out, "%lld", value);
    }
}

/* The bits of VALUE, an infinity or NaN, as a float: a NaN's sign and
   the top 23 bits of its significand, its quiet bit among them, as
   they are (a conversion would set the quiet bit).  */
static unsigned
float_bits (double value)
{
  float f = (float) value;
  unsigned bits;
  memcpy (&bits, &f, sizeof bits);
  if (!isnan (value))
    return bits;
  unsigned long long d;
  memcpy (&d, &value, sizeof d);
  return (unsigned) (d >> 63) << 31 | 0x7f800000U
         | (unsigned) (d >> 29 & 0x7fffffU);
}

/* Exact: hexadecimal, or the bit pattern for infinities and NaNs.  */
static void
put_float_constant (FILE *out, enum kir_type t, double value)
{
  if (t == KIR_F32)
    {
      float f = (float) value;
      if (isfinite (f))
        fprintf (out, f < 0 || signbit (f) ? "(%af)" : "%af", (double) f);
      else
        fprintf (out, "__uint_as_float (0x%xU)", float_bits (value));
      return;
    }
  if (isfinite (value))
    fprintf (out, signbit (value) ? "(%a)" : "%a", value);
  else
    {
      unsigned long long bits;
      memcpy (&bits, &value, sizeof bits);
      fprintf (out, "__longlong_as_double ((long long) 0x%llxULL)", bits);
    }
}

/* The hook's local_suffix of the statement cuda_put_stmt prints.  */
static const char *local_suffix;

static void
put_local (FILE *out, const struct kir_kernel *k, int local)
{
  cuda_put_name (out, k->locals[local].name);
  if (local_suffix)
    fputs (local_suffix, out);
}

static void
put_operand (FILE *out, const struct kir_kernel *k,
             const struct kir_operand *o)
{
  switch (o->kind)
    {
    case KIR_OPND_LOCAL:
      put_local (out, k, o->index);
      return;
    case KIR_OPND_SCALAR:
      cuda_put_name (out, k->scalars[o->index].name);
      return;
    case KIR_OPND_INT:
      put_int_constant (out, o->type, o->ival);
      return;
    case KIR_OPND_FLOAT:
      put_float_constant (out, o->type, o->fval);
      return;
    default:
      return;
    }
}

void
cuda_put_operand (FILE *out, const struct kir_kernel *k,
                  const struct kir_operand *o)
{
  put_operand (out, k, o);
}

/* ---- array accesses ------------------------------------------------------ */

/* Prints the sign joining term or constant *VALUE to a sum (" + ", " - ",
   or "-" for the first) and leaves its magnitude in *VALUE; LLONG_MIN
   stays, printed as a parenthesized constant.  */
static void
put_sign (FILE *out, int first, long long *value)
{
  if (*value < 0 && *value != -9223372036854775807LL - 1)
    {
      fputs (first ? "-" : " - ", out);
      *value = -*value;
    }
  else if (!first)
    fputs (" + ", out);
}

/* A subscript, evaluated in 64-bit signed arithmetic.  */
void
cuda_put_affine (FILE *out, const struct kir_kernel *k,
                 const struct kir_affine *f)
{
  fputc ('(', out);
  for (int t = 0; t < f->nterms; t++)
    {
      long long coeff = f->terms[t].coeff;
      put_sign (out, t == 0, &coeff);
      if (coeff != 1)
        {
          put_int_constant (out, KIR_I64, coeff);
          fputs (" * ", out);
        }
      fputs ("(long long) ", out);
      put_operand (out, k, &f->terms[t].var);
    }
  if (f->nterms == 0 || f->constant != 0)
    {
      long long constant = f->constant;
      put_sign (out, f->nterms == 0, &constant);
      put_int_constant (out, KIR_I64, constant);
    }
  fputc (')', out);
}

/* A private array's element: NAME[i0][i1][i2], by rank.  */
static void
put_private_element (FILE *out, const struct kir_kernel *k,
                     const struct kir_access *acc)
{
  cuda_put_name (out, k->privates[acc->array].name);
  for (int i = 0; i < acc->rank; i++)
    {
      fputc ('[', out);
      cuda_put_affine (out, k, &acc->index[i]);
      fputc (']', out);
    }
}

/* i0 * plane + i1 * row + i2, by rank.  */
static void
put_offset (FILE *out, const struct kir_kernel *k,
            const struct kir_access *acc)
{
  const char *name = k->arrays[acc->array].name;
  for (int i = 0; i < acc->rank; i++)
    {
      cuda_put_affine (out, k, &acc->index[i]);
      int from_last = acc->rank - 1 - i;
      if (from_last > 0)
        {
          fputs (from_last == 2 ? " * mint_plane_" : " * mint_row_", out);
          cuda_put_name (out, name);
          fputs (" + ", out);
        }
    }
}

/* NAME[offset].  */
void
cuda_put_element (FILE *out, const struct kir_kernel *k,
                  const struct kir_access *acc)
{
  cuda_put_name (out, k->arrays[acc->array].name);
  fputc ('[', out);
  put_offset (out, k, acc);
  fputc (']', out);
}

/* The parameter with array A's copy's extent along AXIS (0: x).  */
static void
put_extent (FILE *out, const struct kir_kernel *k, int a, int axis)
{
  fprintf (out, "mint_n%c_", "xyz"[axis]);
  cuda_put_name (out, k->arrays[a].name);
}

void
cuda_put_copy_extent (FILE *out, const struct kir_kernel *k, int a, int axis)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    if (axis < 0 || d == axis)
      {
        fputs (axis < 0 && d ? " * " : "", out);
        put_extent (out, k, a, d);
      }
}

/* The first word of mint_guard_fault for a checked access of array A
   (a store where STORES).  */
static unsigned long long
fault_code (const struct kir_kernel *k, int a, bool stores)
{
  return ((unsigned long long) k->line << 32) | k->fault_tag
         | (stores ? MINT_FAULT_STORE : 0)
         | (k->arrays[a].flat ? MINT_FAULT_FLAT : 0)
         | (unsigned long long) (a + 1);
}

void
cuda_put_access_outside (FILE *out, const struct kir_kernel *k,
                         const struct kir_access *acc, const char *indent)
{
  fputs ("mint_outside (", out);
  if (k->arrays[acc->array].flat)
    {
      put_offset (out, k, acc);
      fputs (", ", out);
      cuda_put_copy_extent (out, k, acc->array, -1);
      fputc (')', out);
    }
  else
    for (int axis = 0; axis < acc->rank; axis++)
      {
        fputs (axis ? "\n" : "", out);
        if (axis)
          fprintf (out, "%s        | mint_outside (", indent);
        cuda_put_affine (out, k, &acc->index[acc->rank - 1 - axis]);
        fputs (", ", out);
        put_extent (out, k, acc->array, axis);
        fputc (')', out);
      }
}

/* Before the access of ST, which the device checks
   (stencil_access_checked): where its element lies outside its array's
   copy, notes the first such access in mint_guard_fault.  A flat array's
   copy is its offset's range, another's its extent along each axis.  */
static void
put_access_check (FILE *out, const struct kir_kernel *k,
                  const struct kir_stmt *st, const char *indent)
{
  const struct kir_access *acc = &st->access;

  fprintf (out, "%sif (mint_checked::value\n%s    && (", indent, indent);
  cuda_put_access_outside (out, k, acc, indent);
  fprintf (out, "))\n%s  ", indent);
  cuda_put_fault_at (out, k, acc, st->kind == KIR_STORE);
}

void
cuda_put_fault_at (FILE *out, const struct kir_kernel *k,
                   const struct kir_access *acc, bool stores)
{
  const struct kir_array *arr = &k->arrays[acc->array];
  fprintf (out, "mint_guard_fault_at (0x%llxULL, ",
           fault_code (k, acc->array, stores));
  for (int axis = 0; axis < KIR_MAX_DIMS; axis++)
    {
      fputs (axis ? ", " : "", out);
      if (arr->flat ? axis == 0 : axis < acc->rank)
        {
          if (arr->flat)
            put_offset (out, k, acc);
          else
            cuda_put_affine (out, k, &acc->index[acc->rank - 1 - axis]);
        }
      else
        fputs ("0", out);
    }
  fputs (");\n", out);
}

/* The checked accesses of a block whose subscripts keep their values
   through the body (stencil_fixed_access) are tested where the block
   starts, one test per array: grouped by subscript but for its constant
   (a flat array's: its last subscript's), each group is one comparison
   of its least constant, against the extent less the span to its
   greatest; a failed test notes the kernel and the array, with a plain
   store: it costs less time than a test per access that notes the
   element (atomically), or two comparisons per group
   (bench/results/HISTORY-codegen.md).  */
struct check_group
{
  const struct kir_access *acc;   /* the group's first */
  int axis;                       /* 0: x; -1: a flat array's offset */
  long long lo, hi;               /* the constants of its subscript */
};

/* The index in ACC of the subscript that a group along AXIS varies.  */
static int
group_subscript (const struct kir_access *acc, int axis)
{
  return acc->rank - 1 - (axis < 0 ? 0 : axis);
}

/* Whether ACC along AXIS belongs to group G.  */
static bool
in_group (const struct check_group *g, const struct kir_access *acc, int axis)
{
  int varied = group_subscript (acc, axis);
  if (g->axis != axis
      || !kir_affine_same_terms (&g->acc->index[varied], &acc->index[varied]))
    return false;
  /* A flat array's other subscripts scale by strides: equal, constants
     too.  */
  for (int i = 0; axis < 0 && i < acc->rank - 1; i++)
    if (!kir_affine_same_terms (&g->acc->index[i], &acc->index[i])
        || g->acc->index[i].constant != acc->index[i].constant)
      return false;
  return true;
}

/* Adds ACC along AXIS to the N groups of GROUPS.  */
static void
note_check (struct check_group *groups, int *n, const struct kir_access *acc,
            int axis)
{
  long long c = acc->index[group_subscript (acc, axis)].constant;
  for (int i = 0; i < *n; i++)
    if (in_group (&groups[i], acc, axis))
      {
        groups[i].lo = c < groups[i].lo ? c : groups[i].lo;
        groups[i].hi = c > groups[i].hi ? c : groups[i].hi;
        return;
      }
  groups[(*n)++] = (struct check_group) { acc, axis, c, c };
}

/* Whether group G's subscript leaves the copy at its least constant or
   its greatest: the least lies outside the extent less the span.  */
static void
put_group_test (FILE *out, const struct kir_kernel *k,
                const struct check_group *g)
{
  struct kir_access at = *g->acc;
  struct kir_affine *varied = &at.index[group_subscript (&at, g->axis)];
  varied->constant = g->lo;
  fputs ("mint_outside (", out);
  if (g->axis < 0)
    put_offset (out, k, &at);
  else
    cuda_put_affine (out, k, varied);
  fputs (g->lo < g->hi ? ", mint_less_span (" : ", ", out);
  cuda_put_copy_extent (out, k, at.array, g->axis);
  if (g->lo < g->hi)
    fprintf (out, ", %lldLL)", g->hi - g->lo);
  fputc (')', out);
}

/* How block B's statements are checked, one character each into HOW:
   CHECK_AT_START, CHECK_IN_PLACE (put_access_check), or 0.  */
#define CHECK_AT_START 's'
#define CHECK_IN_PLACE 'p'
static void
classify_checks (const struct kir_kernel *k, int b, char *how)
{
  for (int i = 0; i < k->blocks[b].nstmts; i++)
    {
      const struct kir_stmt *st = &k->blocks[b].stmts[i];
      how[i] = !stencil_access_checked (k, b, st) ? 0
               : stencil_fixed_access (k, &st->access) ? CHECK_AT_START
               : CHECK_IN_PLACE;
    }
}

/* Where HOOK checks some of block B's checked loads otherwise
   (check_bits): takes them from HOW and notes their bits where the
   block starts.  */
static void
put_check_bits (FILE *out, const struct kir_kernel *k, int b, char *how,
                const struct cuda_access_hook *hook, const char *indent)
{
  if (!hook || !hook->check_bits)
    return;
  unsigned long long bits = 0;
  for (int i = 0; i < k->blocks[b].nstmts; i++)
    {
      const struct kir_stmt *st = &k->blocks[b].stmts[i];
      unsigned long long bit = how[i] && st->kind == KIR_LOAD
                               ? hook->check_bits (k, &st->access, hook->data)
                               : 0;
      how[i] = bit ? 0 : how[i];
      bits |= bit;
    }
  if (bits)
    fprintf (out, "%s" CUDA_CHECK_BITS " |= 0x%llxULL;\n", indent, bits);
}

/* At the start of block B, the test of its checked accesses of array A
   whose subscripts keep their values (HOW: classify_checks; struct
   check_group).  */
static void
put_array_checks (FILE *out, const struct kir_kernel *k, int b, int a,
                  const char *how, const char *indent)
{
  const struct kir_block *blk = &k->blocks[b];
  struct check_group *groups
    = mint_xmalloc ((size_t) blk->nstmts * KIR_MAX_DIMS * sizeof *groups + 1);
  int n = 0;
  bool stores = true;

  for (int i = 0; i < blk->nstmts; i++)
    {
      const struct kir_access *acc = &blk->stmts[i].access;
      if (how[i] != CHECK_AT_START || acc->array != a)
        continue;
      stores &= blk->stmts[i].kind == KIR_STORE;
      if (k->arrays[a].flat)
        note_check (groups, &n, acc, -1);
      for (int axis = 0; axis < acc->rank && !k->arrays[a].flat; axis++)
        note_check (groups, &n, acc, axis);
    }
  if (n > 0)
    {
      fprintf (out, "%sif (mint_checked::value\n%s    && (", indent, indent);
      for (int g = 0; g < n; g++)
        {
          if (g)
            fprintf (out, "\n%s        | ", indent);
          put_group_test (out, k, &groups[g]);
        }
      fprintf (out, "))\n%s  " MINT_GUARD_FAULT_SYMBOL "[0] = 0x%llxULL;\n",
               indent, fault_code (k, a, stores) | MINT_FAULT_NO_ELEMENT);
    }
  free (groups);
}

void
cuda_put_load (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc,
               const struct cuda_access_hook *hook)
{
  if (hook && hook->load (out, k, acc, hook->data))
    return;
  int ldg = plan_read_only_path (&k->arrays[acc->array]);
  if (ldg)
    fputs ("__ldg (&", out);
  cuda_put_element (out, k, acc);
  if (ldg)
    fputc (')', out);
}

/* ---- statements ---------------------------------------------------------- */

static void
put_args (FILE *out, const struct kir_kernel *k, const struct kir_stmt *s)
{
  for (int i = 0; i < s->nargs; i++)
    {
      if (i)
        fputs (", ", out);
      put_operand (out, k, &s->args[i]);
    }
}

static const char *
binary_operator (enum kir_opcode op)
{
  switch (op)
    {
    case KIR_ADD: return "+";
    case KIR_SUB: return "-";
    case KIR_MUL: return "*";
    case KIR_DIV: return "/";
    case KIR_MOD: return "%";
    case KIR_AND: return "&";
    case KIR_OR: return "|";
    case KIR_XOR: return "^";
    case KIR_SHL: return "<<";
    case KIR_SHR: return ">>";
    case KIR_LAND: return "&&";
    case KIR_LOR: return "||";
    case KIR_LT: return "<";
    case KIR_LE: return "<=";
    case KIR_GT: return ">";
    case KIR_GE: return ">=";
    case KIR_EQ: return "==";
    case KIR_NE: return "!=";
    default: return NULL;
    }
}

/* abs by type; unsigned abs is the value itself.  */
static void
put_abs (FILE *out, const struct kir_kernel *k, enum kir_type t,
         const struct kir_operand *a)
{
  switch (t)
    {
    case KIR_F32: fputs ("fabsf (", out); break;
    case KIR_F64: fputs ("fabs (", out); break;
    case KIR_I64: fputs ("llabs (", out); break;
    case KIR_I8: case KIR_I16: case KIR_I32:
      fprintf (out, "(%s) abs (", kir_type_cuda (t));
      break;
    default:
      put_operand (out, k, a);
      return;
    }
  put_operand (out, k, a);
  fputc (')', out);
}

static void
put_assign_rhs (FILE *out, const struct kir_kernel *k,
                const struct kir_stmt *s)
{
  enum kir_type t = k->locals[s->dst].type;
  const struct kir_operand *a = &s->args[0];
  const char *bin = binary_operator (s->op);
  if (bin)
    {
      /* C++ promotes narrow operands to int, where a product or a left
         shift of 16-bit values can overflow; the IR's narrow arithmetic
         wraps, as unsigned arithmetic truncated to the destination
         does.  */
      if ((s->op == KIR_MUL || s->op == KIR_SHL) && t != KIR_BOOL
          && kir_type_size (t) < 4)
        fputs ("(unsigned) ", out);
      put_operand (out, k, a);
      fprintf (out, " %s ", bin);
      if (s->op == KIR_MUL && kir_type_size (t) < 4)
        fputs ("(unsigned) ", out);
      put_operand (out, k, &s->args[1]);
      return;
    }
  switch (s->op)
    {
    case KIR_MOV:
      put_operand (out, k, a);
      return;
    case KIR_CVT:
      fprintf (out, "(%s) ", kir_type_cuda (t));
      put_operand (out, k, a);
      return;
    case KIR_NEG: case KIR_NOT: case KIR_BNOT:
      fputs (s->op == KIR_NEG ? "-" : s->op == KIR_NOT ? "!" : "~", out);
      put_operand (out, k, a);
      return;
    case KIR_ABS:
      put_abs (out, k, t, a);
      return;
    case KIR_MIN: case KIR_MAX:
      fputs (s->op == KIR_MIN ? "mint_min (" : "mint_max (", out);
      put_args (out, k, s);
      fputc (')', out);
      return;
    case KIR_SELECT:
      put_operand (out, k, a);
      fputs (" ? ", out);
      put_operand (out, k, &s->args[1]);
      fputs (" : ", out);
      put_operand (out, k, &s->args[2]);
      return;
    default:
      return;
    }
}

void
cuda_put_stmt (FILE *out, const struct kir_kernel *k, const struct kir_stmt *s,
               const struct cuda_access_hook *hook, const char *indent)
{
  if (hook && hook->before)
    hook->before (out, k, s, hook->data, indent);
  fputs (indent, out);
  if (hook && hook->stmt && hook->stmt (out, k, s, hook->data))
    {
      fputs (";\n", out);
      return;
    }
  const char *outer_suffix = local_suffix;
  local_suffix = hook ? hook->local_suffix : NULL;
  if (s->dst >= 0 && s->kind != KIR_STORE && s->kind != KIR_PSTORE)
    {
      put_local (out, k, s->dst);
      fputs (" = ", out);
    }
  switch (s->kind)
    {
    case KIR_ASSIGN:
      put_assign_rhs (out, k, s);
      break;
    case KIR_LOAD:
      cuda_put_load (out, k, &s->access, hook);
      break;
    case KIR_STORE:
      if (hook && hook->store
          && hook->store (out, k, &s->access, &s->args[0], hook->data))
        break;
      cuda_put_element (out, k, &s->access);
      fputs (" = ", out);
      put_operand (out, k, &s->args[0]);
      break;
    case KIR_CALL:
      fprintf (out, "%s (", kir_math_device_name (s->callee));
      put_args (out, k, s);
      fputc (')', out);
      break;
    case KIR_PLOAD:
      put_private_element (out, k, &s->access);
      break;
    case KIR_PSTORE:
      put_private_element (out, k, &s->access);
      fputs (" = ", out);
      put_operand (out, k, &s->args[0]);
      break;
    }
  fputs (";\n", out);
  local_suffix = outer_suffix;
}

/* ---- the body's control flow --------------------------------------------- */

/* Which blocks are reached from the entry, and which are jumped to (they
   need a label).  */
struct body_flow
{
  char *reached;
  char *labelled;
};

static void
mark_reached (const struct kir_kernel *k, struct body_flow *f, int b)
{
  int *stack = mint_xmalloc ((size_t) k->nblocks * 2 * sizeof *stack + 1);
  int top = 0;
  stack[top++] = b;
  f->reached[b] = 1;
  while (top > 0)
    {
      const struct kir_block *blk = &k->blocks[stack[--top]];
      int nsucc = kir_successor_count (blk);
      for (int i = 0; i < nsucc; i++)
        {
          int s = blk->succ[i];
          f->labelled[s] = 1;
          if (!f->reached[s])
            {
              f->reached[s] = 1;
              stack[top++] = s;
            }
        }
    }
  free (stack);
}

static void
put_terminator (FILE *out, const struct kir_kernel *k,
                const struct kir_block *b,
                const struct cuda_access_hook *hook, const char *indent)
{
  switch (b->term)
    {
    case KIR_NEXT:
      if (hook && hook->next)
        hook->next (out, k, hook->data, indent);
      fprintf (out, "%scontinue;\n", indent);
      return;
    case KIR_GOTO:
      fprintf (out, "%sgoto mint_b%d;\n", indent, b->succ[0]);
      return;
    case KIR_BRANCH:
      fprintf (out, "%sif (", indent);
      put_operand (out, k, &b->cond);
      fprintf (out, ")\n%s  goto mint_b%d;\n%selse\n%s  goto mint_b%d;\n",
               indent, b->succ[0], indent, indent, b->succ[1]);
      return;
    }
}

/* ---- paired stores ------------------------------------------------------- */

/* A block's two stores to adjacent elements of an array (a
   prolongation's e[2y][2x] and e[2y][2x + 1], a complex number's two
   parts) go as one store of both where the first element's address
   allows it: single stores of a warp's threads, each 16 bytes from the
   next, move each sector twice.  The vector type of ELEM's pairs, or
   NULL.  */
static const char *
pair_type (enum kir_type elem)
{
  switch (elem)
    {
    case KIR_F64: return "double2";
    case KIR_F32: return "float2";
    case KIR_I32: return "int2";
    case KIR_U32: return "uint2";
    case KIR_I64: return "longlong2";
    case KIR_U64: return "ulonglong2";
    default: return NULL;
    }
}

/* Whether B is the element after A's along the array's last axis.  */
static bool
next_element (const struct kir_access *a, const struct kir_access *b)
{
  if (a->array != b->array)
    return false;
  for (int i = 0; i < a->rank; i++)
    if (!kir_affine_same_terms (&a->index[i], &b->index[i])
        || b->index[i].constant - a->index[i].constant != (i == a->rank - 1))
      return false;
  return true;
}

#define PAIR_NONE (-1)
#define PAIR_FIRST (-2)

/* Whether the body prints store S itself: HOOK neither prints stores of
   its array (takes_store) nor anything before a statement.  */
static bool
store_printed_plain (const struct kir_kernel *k, const struct kir_stmt *s,
                     const struct cuda_access_hook *hook)
{
  if (!hook)
    return true;
  return !hook->before
         && (!hook->store
             || (hook->takes_store
                 && !hook->takes_store (k, &s->access, hook->data)));
}

/* Whether store I of BLK is one of a pair: with HOW (classify_checks),
   neither checked in place.  */
static bool
pairable_store (const struct kir_kernel *k, const struct kir_block *blk,
                int i, const char *how, const struct cuda_access_hook *hook)
{
  const struct kir_stmt *s = &blk->stmts[i];
  return s->kind == KIR_STORE && how[i] != CHECK_IN_PLACE
         && pair_type (k->arrays[s->access.array].elem)
         && store_printed_plain (k, s, hook);
}

/* Whether A and B are accesses of one array at elements that differ by
   a constant along some axis.  */
static bool
distinct_elements (const struct kir_access *a, const struct kir_access *b)
{
  if (a->array != b->array)
    return false;
  for (int i = 0; i < a->rank; i++)
    if (kir_affine_same_terms (&a->index[i], &b->index[i])
        && a->index[i].constant != b->index[i].constant)
      return true;
  return false;
}

/* The store of BLK after store I to the element beside its own, which
   may take I's place (between them nothing accesses I's element or an
   element of its array that may be I's, or assigns what I reads), or
   -1.  PAIR: as find_store_pairs sets it up to I.  */
static int
store_partner (const struct kir_kernel *k, const struct kir_block *blk, int i,
               const char *how, const int *pair,
               const struct cuda_access_hook *hook)
{
  const struct kir_stmt *s = &blk->stmts[i];
  for (int j = i + 1; j < blk->nstmts; j++)
    {
      const struct kir_stmt *t = &blk->stmts[j];
      if (pair[j] == PAIR_NONE && pairable_store (k, blk, j, how, hook)
          && (next_element (&s->access, &t->access)
              || next_element (&t->access, &s->access)))
        return j;
      if (((t->kind == KIR_LOAD || t->kind == KIR_STORE)
           && t->access.array == s->access.array
           && !distinct_elements (&s->access, &t->access))
          || (kir_stmt_writes (t, t->dst) && kir_stmt_reads (s, t->dst)))
        return -1;
    }
  return -1;
}

/* Into PAIR, for each statement of BLK: PAIR_NONE, PAIR_FIRST (a store
   printed with its partner), or for the partner the index of the store
   it is paired with.  */
static void
find_store_pairs (const struct kir_kernel *k, const struct kir_block *blk,
                  const char *how, const struct cuda_access_hook *hook,
                  int *pair)
{
  for (int i = 0; i < blk->nstmts; i++)
    pair[i] = PAIR_NONE;
  for (int i = 0; i < blk->nstmts; i++)
    if (pair[i] == PAIR_NONE && pairable_store (k, blk, i, how, hook))
      {
        int j = store_partner (k, blk, i, how, pair, hook);
        if (j >= 0)
          pair[i] = PAIR_FIRST, pair[j] = i;
      }
}

/* Stores S and T (T after S in the body) as one where the lower
   element's address is a multiple of both's size, else as written.  */
static void
put_store_pair (FILE *out, const struct kir_kernel *k,
                const struct kir_stmt *s, const struct kir_stmt *t,
                const struct cuda_access_hook *hook, const char *indent)
{
  const char *outer_suffix = local_suffix;
  local_suffix = hook ? hook->local_suffix : NULL;
  const struct kir_stmt *lo = next_element (&s->access, &t->access) ? s : t;
  const struct kir_stmt *hi = lo == s ? t : s;
  enum kir_type elem = k->arrays[s->access.array].elem;
  const char *vt = pair_type (elem);
  fprintf (out, "%sif ((reinterpret_cast<unsigned long long> (&", indent);
  cuda_put_element (out, k, &lo->access);
  fprintf (out, ") & %uULL) == 0)\n%s  __stwb ((%s *) &",
           2 * kir_type_size (elem) - 1, indent, vt);
  cuda_put_element (out, k, &lo->access);
  fprintf (out, ", make_%s (", vt);
  put_operand (out, k, &lo->args[0]);
  fputs (", ", out);
  put_operand (out, k, &hi->args[0]);
  fprintf (out, "));\n%selse\n%s  {\n", indent, indent);
  local_suffix = outer_suffix;
  char *inner = mint_xasprintf ("%s    ", indent);
  cuda_put_stmt (out, k, s, hook, inner);
  cuda_put_stmt (out, k, t, hook, inner);
  free (inner);
  fprintf (out, "%s  }\n", indent);
}

void
cuda_put_body (FILE *out, const struct kir_kernel *k,
               const struct cuda_access_hook *hook, const char *indent)
{
  struct body_flow f;
  f.reached = mint_xcalloc ((size_t) k->nblocks, 1);
  f.labelled = mint_xcalloc ((size_t) k->nblocks, 1);
  mark_reached (k, &f, 0);
  for (int b = 0; b < k->nblocks; b++)
    {
      if (!f.reached[b])
        continue;
      const struct kir_block *blk = &k->blocks[b];
      if (f.labelled[b])
        fprintf (out, "%.*smint_b%d:\n", (int) strlen (indent) - 2, indent,
                 b);
      char *how = mint_xmalloc ((size_t) blk->nstmts + 1);
      classify_checks (k, b, how);
      put_check_bits (out, k, b, how, hook, indent);
      for (int a = 0; a < k->narrays; a++)
        put_array_checks (out, k, b, a, how, indent);
      int *pair = mint_xmalloc (((size_t) blk->nstmts + 1) * sizeof *pair);
      find_store_pairs (k, blk, how, hook, pair);
      for (int i = 0; i < blk->nstmts; i++)
        {
          if (how[i] == CHECK_IN_PLACE)
            put_access_check (out, k, &blk->stmts[i], indent);
          if (pair[i] >= 0)
            put_store_pair (out, k, &blk->stmts[pair[i]], &blk->stmts[i],
                            hook, indent);
          else if (pair[i] == PAIR_NONE)
            cuda_put_stmt (out, k, &blk->stmts[i], hook, indent);
        }
      free (pair);
      free (how);
      put_terminator (out, k, blk, hook, indent);
    }
  free (f.reached);
  free (f.labelled);
}

/* ---- kernel --------------------------------------------------------------- */

/* The representative of array A's shape class in CLASSES (the first
   array of the class), or A itself.  */
static int
class_representative (const char *classes, int a)
{
  if (!classes || classes[a] == '-')
    return a;
  int r = 0;
  while (classes[r] != classes[a])
    r++;
  return r;
}

/* A delinearized flat array (kir-core.h) computes its strides from the
   scalars (put_flat_strides).  */
static int
strides_from_scalars (const struct kir_array *a)
{
  return a->flat && a->rank > 1;
}

/* With CLASSES, the strides of arrays that are not their class's
   representative arrive as mint_given_row_A, mint_given_plane_A (unused:
   the kernel takes the representative's); so do those of a delinearized
   flat array (libmintrt's, of its one dimension).  */
static void
put_params (FILE *out, const struct kir_kernel *k, const char *classes)
{
  const char *sep = "";
  for (int d = 0; d < k->ndims; d++)
    {
      fprintf (out, "%slong long mint_lo_%c, long long mint_n_%c", sep,
               axis[d], axis[d]);
      sep = ",\n    ";
    }
  for (int i = 0; i < k->narrays; i++)
    {
      const struct kir_array *a = &k->arrays[i];
      fprintf (out, "%s%s%s *__restrict__ ", sep,
               plan_read_only_path (a) ? "const " : "",
               kir_type_cuda (a->elem));
      cuda_put_name (out, a->name);
      const char *given = class_representative (classes, i) != i
                          || strides_from_scalars (a) ? "given_" : "";
      fprintf (out, ", long long mint_%srow_", given);
      cuda_put_name (out, a->name);
      fprintf (out, ", long long mint_%splane_", given);
      cuda_put_name (out, a->name);
    }
  for (int i = 0; i < k->nscalars; i++)
    {
      fprintf (out, "%s%s ", sep, kir_type_cuda (k->scalars[i].type));
      cuda_put_name (out, k->scalars[i].name);
    }
  for (int r = 0; r < k->nreductions; r++)
    {
      const struct kir_local *l = &k->locals[k->reductions[r].local];
      fprintf (out, "%s%s *mint_red_", sep,
               kir_type_cuda (kir_reduction_type (k, r)));
      cuda_put_name (out, l->name);
    }
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  stencil_checked_arrays (k, checked);
  for (int a = 0; a < k->narrays; a++)
    for (int axis = 0; axis < KIR_MAX_DIMS && checked[a] == 'c'; axis++)
      {
        fprintf (out, "%slong long ", sep);
        put_extent (out, k, a, axis);
      }
  free (checked);
}

/* Whether local L of K is a reduction's variable.  */
static bool
reduction_local_p (const struct kir_kernel *k, int l)
{
  for (int r = 0; r < k->nreductions; r++)
    if (k->reductions[r].local == l)
      return true;
  return false;
}

/* Whether K's local I is a parallel dimension's variable.  */
static bool
dimension_local_p (const struct kir_kernel *k, int i)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == i)
      return true;
  return false;
}

/* Which of a kernel's locals a declaration takes (put_locals).  */
enum locals_taken
{
  LOCALS_DIMENSIONS = 1,        /* the parallel dimensions' variables */
  LOCALS_REDUCTIONS = 2,        /* the reductions' variables */
  LOCALS_POINT = 4              /* the others and the private arrays */
};

/* The declarations of K's locals that TAKEN says, after INDENT.  */
static void
put_locals (FILE *out, const struct kir_kernel *k, unsigned taken,
            const char *indent)
{
  for (int i = 0; i < k->nlocals; i++)
    {
      unsigned kind = dimension_local_p (k, i) ? LOCALS_DIMENSIONS
                      : reduction_local_p (k, i) ? LOCALS_REDUCTIONS
                      : LOCALS_POINT;
      if (!(taken & kind))
        continue;
      fprintf (out, "%s%s ", indent, kir_type_cuda (k->locals[i].type));
      cuda_put_name (out, k->locals[i].name);
      fputs (";\n", out);
    }
  for (int i = 0; i < k->nprivates && (taken & LOCALS_POINT); i++)
    {
      const struct kir_private *p = &k->privates[i];
      fprintf (out, "%s%s ", indent, kir_type_cuda (p->elem));
      cuda_put_name (out, p->name);
      for (int d = 0; d < p->rank; d++)
        fprintf (out, "[%d]", p->extent[d]);
      fputs (";\n", out);
    }
}

void
cuda_put_locals (FILE *out, const struct kir_kernel *k)
{
  put_locals (out, k, LOCALS_DIMENSIONS | LOCALS_REDUCTIONS | LOCALS_POINT,
              "  ");
}

void
cuda_put_walk_locals (FILE *out, const struct kir_kernel *k)
{
  put_locals (out, k, LOCALS_DIMENSIONS | LOCALS_REDUCTIONS, "  ");
}

void
cuda_put_dimension_locals (FILE *out, const struct kir_kernel *k)
{
  put_locals (out, k, LOCALS_DIMENSIONS, "  ");
}

void
cuda_put_point_locals (FILE *out, const struct kir_kernel *k,
                       const char *indent)
{
  put_locals (out, k, LOCALS_POINT, indent);
}

/* The operator's identity, in the reduction variable's type.  */
static void
put_identity (FILE *out, enum kir_reduction_op op, enum kir_type t)
{
  if (op == KIR_RED_ADD || op == KIR_RED_MUL)
    {
      int one = op == KIR_RED_MUL;
      if (kir_type_is_float (t))
        put_float_constant (out, t, one);
      else
        put_int_constant (out, t, one);
      return;
    }
  int is_min = op == KIR_RED_MIN;
  if (kir_type_is_float (t))
    put_float_constant (out, t, is_min ? INFINITY : -INFINITY);
  else
    put_int_constant (out, t, kir_type_int_bound (t, is_min));
}

/* "add" for mint_op_add and mint_atomic_add, ...  */
static const char *
reduction_name (enum kir_reduction_op op)
{
  switch (op)
    {
    case KIR_RED_ADD: return "add";
    case KIR_RED_MUL: return "mul";
    case KIR_RED_MIN: return "min";
    default: return "max";
    }
}

void
cuda_put_reduction_prologue (FILE *out, const struct kir_kernel *k)
{
  for (int r = 0; r < k->nreductions; r++)
    {
      const struct kir_local *l = &k->locals[k->reductions[r].local];
      fputs ("  ", out);
      cuda_put_name (out, l->name);
      fputs (" = ", out);
      put_identity (out, k->reductions[r].op, l->type);
      fputs (";\n", out);
    }
}

/* The block combines its threads' partial results (mint_block_combine),
   then one thread combines them into the accumulator, in the
   accumulator's type (kir_reduction_type).  A flag's block stores its
   constant where a point set it: every block that stores stores the same
   value, and the variable keeps what it held where none did.  */
void
cuda_put_reduction_epilogue (FILE *out, const struct kir_kernel *k)
{
  for (int r = 0; r < k->nreductions; r++)
    {
      const struct kir_reduction *red = &k->reductions[r];
      const struct kir_local *l = &k->locals[red->local];
      const char *op = reduction_name (red->op);
      fprintf (out, "  {\n    %s mint_partial = ",
               kir_type_cuda (kir_reduction_type (k, r)));
      cuda_put_name (out, l->name);
      fprintf (out, ";\n    if (mint_block_combine (&mint_partial, "
               "mint_op_%s ()", op);
      if (red->stores_flag)
        {
          fputs (")\n        && mint_partial != ", out);
          put_identity (out, red->op, l->type);
          fputs (")\n      *mint_red_", out);
          cuda_put_name (out, l->name);
          fputs (" = mint_partial;\n  }\n", out);
          continue;
        }
      fprintf (out, "))\n      mint_atomic_%s (mint_red_", op);
      cuda_put_name (out, l->name);
      fputs (", mint_partial);\n  }\n", out);
    }
}

/* For dimension D, from z down to x: the loop over the thread's chunk,
   the point's index t in [0, n), and the induction variable.  */
static void
open_dimension (FILE *out, const struct kir_kernel *k, int d,
                const struct staged_rows *rows, const char *indent)
{
  char c = axis[d];
  fprintf (out, "%sfor (int mint_c%c = 0; mint_c%c < %d; ++mint_c%c)\n"
           "%s  {\n", indent, c, c, k->chunk[d], c, indent);
  fprintf (out, "%s    const long long mint_t%c = (long long) %s * %d"
           " + (long long) mint_c%c * blockDim.%c + threadIdx.%c;\n",
           indent, c, cuda_block_index (k, d), k->tile[d], c, c, c);
  /* Staged rows: every lane of the warp reaches each point's ballot (a
     warp shares y and z), those outside step on with the others.  */
  if (d == 0 && rows)
    fprintf (out, "%s    const unsigned mint_lanes = mint_warp_lanes "
             "(mint_tx < mint_n_x);\n", indent);
  fprintf (out, "%s    if (mint_t%c >= mint_n_%c)\n%s      %s;\n",
           indent, c, c, indent, d == 0 && rows ? "continue" : "break");
  char point[16];
  snprintf (point, sizeof point, "mint_t%c", c);
  fprintf (out, "%s    ", indent);
  cuda_put_loop_variable (out, k, d, point);
}

void
cuda_put_loop_variable (FILE *out, const struct kir_kernel *k, int d,
                        const char *point)
{
  const struct kir_local *iv = &k->locals[k->dims[d].iv];
  cuda_put_name (out, iv->name);
  fprintf (out, " = (%s) (mint_lo_%c + %s * ", kir_type_cuda (iv->type),
           axis[d], point);
  put_int_constant (out, KIR_I64, k->dims[d].step);
  fputs (");\n", out);
}

/* The loops over the thread's points and the body; ROWS (or NULL) the
   rows staged (emit-rows.h).  */
static void
put_point_loops (FILE *out, const struct kir_kernel *k,
                 const struct staged_rows *rows)
{
  char indent[4 * KIR_MAX_DIMS + 8];
  int depth = 0;
  if (rows)
    cuda_put_rows_decls (out, k, rows);
  for (int d = k->ndims - 1; d >= 0; d--)
    {
      snprintf (indent, sizeof indent, "%*s", 2 + 4 * depth, "");
      open_dimension (out, k, d, rows, indent);
      depth++;
    }
  snprintf (indent, sizeof indent, "%*s", 2 + 4 * depth, "");
  struct cuda_access_hook hook;
  struct rows_printer *printer = NULL;
  if (rows)
    {
      cuda_put_rows_start (out, k, rows, indent);
      printer = cuda_rows_printer_new (k, rows);
      hook = cuda_rows_hook (printer);
    }
  cuda_put_body (out, k, rows ? &hook : NULL, indent);
  if (printer)
    cuda_rows_printer_free (printer);
  while (depth-- > 0)
    fprintf (out, "%*s}\n", 4 + 4 * depth, "");
}

void
cuda_emit_prelude (FILE *out)
{
  fputs (
"/* Generated by mint from #pragma mint loop nests.  */\n"
"\n"
"template <typename T>\n"
"__device__ __forceinline__ T mint_min (T a, T b) { return b < a ? b : a; }\n"
"template <typename T>\n"
"__device__ __forceinline__ T mint_max (T a, T b) { return a < b ? b : a; }\n"
"__device__ __forceinline__ float mint_min (float a, float b) { return fminf (a, b); }\n"
"__device__ __forceinline__ float mint_max (float a, float b) { return fmaxf (a, b); }\n"
"__device__ __forceinline__ double mint_min (double a, double b) { return fmin (a, b); }\n"
"__device__ __forceinline__ double mint_max (double a, double b) { return fmax (a, b); }\n"
"\n"
"/* GCC's bit builtins that CUDA lacks (ctz, undefined for 0 in C, gives\n"
"   -1 here).  */\n"
"__device__ __forceinline__ int mint_ctz (unsigned x) { return __ffs ((int) x) - 1; }\n"
"__device__ __forceinline__ int mint_ctzll (unsigned long long x) { return __ffsll ((long long) x) - 1; }\n"
"__device__ __forceinline__ int mint_parity (unsigned x) { return __popc (x) & 1; }\n"
"__device__ __forceinline__ int mint_parityll (unsigned long long x) { return __popcll (x) & 1; }\n"
"__device__ __forceinline__ unsigned short mint_bswap16 (int x)\n"
"{\n"
"  return (unsigned short) ((x >> 8 & 0xff) | (x & 0xff) << 8);\n"
"}\n"
"__device__ __forceinline__ unsigned mint_bswap32 (unsigned x)\n"
"{\n"
"  return x >> 24 | (x >> 8 & 0xff00u) | (x << 8 & 0xff0000u) | x << 24;\n"
"}\n"
"__device__ __forceinline__ unsigned long long mint_bswap64 (unsigned long long x)\n"
"{\n"
"  return (unsigned long long) mint_bswap32 ((unsigned) x) << 32\n"
"         | mint_bswap32 ((unsigned) (x >> 32));\n"
"}\n"
"/* signbit as GCC computes it on x86-64: 1 for a double, the sign bit in\n"
"   place (INT_MIN) for a float.  */\n"
"__device__ __forceinline__ int mint_signbit (double x)\n"
"{\n"
"  return (int) ((unsigned long long) __double_as_longlong (x) >> 63);\n"
"}\n"
"__device__ __forceinline__ int mint_signbitf (float x)\n"
"{\n"
"  return (int) (__float_as_uint (x) & 0x80000000u);\n"
"}\n"
"\n"
/* An enumerator, not a static data member: under NVRTC's -default-device
   (nvrtc.c) a member would become a device variable in the PTX.  */
"template <bool B> struct mint_bool { enum { value = B }; };\n"
"\n"
"/* A walk's lambdas, inlined whatever their size: called, they would reach\n"
"   the kernel's registers through the stack.  */\n"
"#define MINT_INLINE __attribute__ ((always_inline))\n"
"\n"
"/* Waits until the grids before this one in the stream have finished and\n"
"   their stores are visible.  Every kernel calls it before it touches\n"
"   memory; where that is a wait (sm_90 on), " MINT_WAITS_FOR_GRIDS_SYMBOL " is 1\n"
"   and libmintrt launches the kernels with programmatic stream\n"
"   serialization, while the one before drains (mintrt.h).  */\n"
"extern \"C\" {\n"
"__device__ int " MINT_WAITS_FOR_GRIDS_SYMBOL " =\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 900\n"
"  1;\n"
"#else\n"
"  0;\n"
"#endif\n"
"}\n"
"/* The first access a kernel checks that left its array's copy\n"
"   (stencil_access_checked): its code (the kernel's line << 32, 1 << 31\n"
"   for a store, 1 << 30 for a flat array, 1 << 29 where no element\n"
"   follows, the kernel's tag << 16, the array's index + 1), then its\n"
"   element's x, y, z (a flat array's offset).  libmintrt reads it after\n"
"   the kernels.  */\n"
"extern \"C\" {\n"
"__device__ unsigned long long " MINT_GUARD_FAULT_SYMBOL "[4];\n"
"}\n"
"__device__ __forceinline__ bool mint_outside (long long i, long long n)\n"
"{\n"
"  return (unsigned long long) i >= (unsigned long long) n;\n"
"}\n"
"__device__ __forceinline__ void\n"
"mint_guard_fault_at (unsigned long long code, long long x, long long y,\n"
"                     long long z)\n"
"{\n"
"  if (atomicCAS (&" MINT_GUARD_FAULT_SYMBOL "[0], 0ULL, code) == 0ULL)\n"
"    {\n"
"      " MINT_GUARD_FAULT_SYMBOL "[1] = (unsigned long long) x;\n"
"      " MINT_GUARD_FAULT_SYMBOL "[2] = (unsigned long long) y;\n"
"      " MINT_GUARD_FAULT_SYMBOL "[3] = (unsigned long long) z;\n"
"    }\n"
"}\n"
"/* N less SPAN, or 0: [i, i + SPAN] lies in [0, N) where i lies in\n"
"   [0, mint_less_span (N, SPAN)).  */\n"
"__device__ __forceinline__ long long\n"
"mint_less_span (long long n, long long span)\n"
"{\n"
"  return n > span ? n - span : 0;\n"
"}\n"
"__device__ __forceinline__ void mint_wait_for_grids ()\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 900\n"
"  asm volatile (\"griddepcontrol.wait;\" ::: \"memory\");\n"
"#endif\n"
"}\n"
"\n"
"/* Whether A and B are the same bits (level 4; -0.0 is not 0.0).  */\n"
"template <int N> struct mint_bits;\n"
"template <> struct mint_bits<1> { typedef unsigned char type; };\n"
"template <> struct mint_bits<2> { typedef unsigned short type; };\n"
"template <> struct mint_bits<4> { typedef unsigned type; };\n"
"template <> struct mint_bits<8> { typedef unsigned long long type; };\n"
"template <typename T>\n"
"__device__ __forceinline__ bool mint_same_bits (T a, T b)\n"
"{\n"
"  typename mint_bits<sizeof (T)>::type x, y;\n"
"  memcpy (&x, &a, sizeof x);\n"
"  memcpy (&y, &b, sizeof y);\n"
"  return x == y;\n"
"}\n"
"\n"
"/* Copies *SRC into shared memory at DST without waiting (level 4):\n"
"   cp.async where the device and the size allow it, else a plain copy.\n"
"   mint_copies_wait waits for the thread's copies.  */\n"
"template <typename T>\n"
"__device__ __forceinline__ void mint_copy_async (T *dst, const T *src)\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 800\n"
"  if constexpr (sizeof (T) == 4 || sizeof (T) == 8 || sizeof (T) == 16)\n"
"    {\n"
"      asm volatile (\"cp.async.ca.shared.global [%0], [%1], %2;\" :: \"r\" ((unsigned) __cvta_generic_to_shared (dst)), \"l\" (__cvta_generic_to_global (src)), \"n\" ((int) sizeof (T)) : \"memory\");\n"
"      return;\n"
"    }\n"
"#endif\n"
"  *dst = *src;\n"
"}\n"
"__device__ __forceinline__ void mint_copies_wait ()\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 800\n"
"  asm volatile (\"cp.async.wait_all;\" ::: \"memory\");\n"
"#endif\n"
"}\n"
"\n"
"/* Level 3's ring of planes (plan-level3.h): copies the 16 bytes at SRC\n"
"   into shared memory at DST without waiting, cp.async from sm_80 on,\n"
"   the copies since the last mint_copies_commit a group;\n"
"   mint_copies_wait_prior<N> waits for all but the last N groups.  Before\n"
"   sm_80, plain copies, which the next barrier makes visible.  */\n"
"__device__ __forceinline__ void mint_copy16_async (void *dst, const void *src)\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 800\n"
"  asm volatile (\"cp.async.cg.shared.global [%0], [%1], 16;\" :: \"r\" ((unsigned) __cvta_generic_to_shared (dst)), \"l\" (__cvta_generic_to_global (src)) : \"memory\");\n"
"#else\n"
"  memcpy (dst, src, 16);\n"
"#endif\n"
"}\n"
"__device__ __forceinline__ void mint_copies_commit ()\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 800\n"
"  asm volatile (\"cp.async.commit_group;\" ::: \"memory\");\n"
"#endif\n"
"}\n"
"template <int N>\n"
"__device__ __forceinline__ void mint_copies_wait_prior ()\n"
"{\n"
"#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 800\n"
"  asm volatile (\"cp.async.wait_group %0;\" :: \"n\" (N) : \"memory\");\n"
"#endif\n"
"}\n"
"/* The ring plane of an edge block: WIDTH x ROWS cells from SRC (rows\n"
"   ROW apart), those of columns [X0, X1) and rows below Y1 (the box the\n"
"   program reads), 0 elsewhere.  Out of line: edge blocks are few, and\n"
"   its branches inline slowed every block's steps.  */\n"
"template <typename T>\n"
"__device__ __noinline__ void\n"
"mint_ring_edge (T *slot, const T *src, long long row, int width, int rows,\n"
"                long long x0, long long x1, long long y1, int tid,\n"
"                int threads)\n"
"{\n"
"  for (int i = tid; i < width * rows; i += threads)\n"
"    {\n"
"      const int r = i / width, c = i % width;\n"
"      slot[i] = r < y1 && c >= x0 && c < x1 ? src[r * row + c] : (T) 0;\n"
"    }\n"
"}\n"
"\n"
"/* Cell I of a ring plane from P (plan-level3.h, level3_ring.vector).  On\n"
"   the fast path (V) P starts on a 16-byte boundary: said so, nvcc loads\n"
"   the cells of a 16-byte unit that the step reads in one load (a 16-byte\n"
"   load of one lane's use it would narrow to that lane).  */\n"
"template <bool V, typename T>\n"
"__device__ __forceinline__ T\n"
"mint_ring_cell (const T *p, int i)\n"
"{\n"
"  if constexpr (V)\n"
"    {\n"
"      return ((const T *) __builtin_assume_aligned (p, 16))[i];\n"
"    }\n"
"  else\n"
"    {\n"
"      return p[i];\n"
"    }\n"
"}\n"
"\n"
"/* The block's dynamic shared memory (level 4, level 3's ring), named\n"
"   NAME.  */\n"
"#ifndef MINT_DYNAMIC_SHARED\n"
"#define MINT_DYNAMIC_SHARED(name) \\\n"
"  extern __shared__ __align__ (16) unsigned char name[]\n"
"#endif\n"
"\n"
"struct mint_op_add { template <typename T> __device__ T operator() (T a, T b) const { return a + b; } };\n"
"struct mint_op_mul { template <typename T> __device__ T operator() (T a, T b) const { return a * b; } };\n"
"struct mint_op_min { template <typename T> __device__ T operator() (T a, T b) const { return mint_min (a, b); } };\n"
"struct mint_op_max { template <typename T> __device__ T operator() (T a, T b) const { return mint_max (a, b); } };\n"
"\n"
"/* Combines *V over the threads of the block into thread 0's *V, and\n"
"   says whether this thread is to update the accumulator: thread 0 when\n"
"   every warp of the block is full, else every thread.  Each warp combines\n"
"   its lanes, then the first warp the warps' results: one atomic a block,\n"
"   where one a warp made a sum over a large space wait on its accumulator.\n"
"   All threads of the block reach it, so that its barriers are met (the\n"
"   point loops end with break; at level 3 a thread outside the space\n"
"   skips the walk).  */\n"
"template <typename T, typename OP>\n"
"__device__ __forceinline__ bool mint_block_combine (T *v, OP op)\n"
"{\n"
"#ifdef __CUDA_ARCH__\n"
"  unsigned threads = blockDim.x * blockDim.y * blockDim.z;\n"
"  if (threads % 32 == 0)\n"
"    {\n"
"      __shared__ T mint_warps[32];\n"
"      const unsigned id = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n"
"      const unsigned warps = threads / 32;\n"
"      for (int offset = 16; offset > 0; offset /= 2)\n"
"        *v = op (*v, __shfl_down_sync (0xffffffffu, *v, offset));\n"
"      if (warps == 1)\n"
"        return id == 0;\n"
"      if (id % 32 == 0)\n"
"        mint_warps[id / 32] = *v;\n"
"      __syncthreads ();\n"
"      T w = id < warps ? mint_warps[id] : *v;\n"
"      __syncthreads ();\n"
"      if (id >= 32)\n"
"        return false;\n"
"      for (unsigned offset = 16; offset > 0; offset /= 2)\n"
"        {\n"
"          const T other = __shfl_down_sync (0xffffffffu, w, offset);\n"
"          if (id + offset < warps)\n"
"            w = op (w, other);\n"
"        }\n"
"      *v = w;\n"
"      return id == 0;\n"
"    }\n"
"#endif\n"
"  return true;\n"
"}\n"
"\n"
"/* *P = OP (*P, V) atomically, by compare-and-swap on the bits (BITS is\n"
"   the unsigned integer type of T's size), where CUDA has no atomic.  */\n"
"template <typename T, typename BITS, typename OP>\n"
"__device__ void mint_atomic_cas (T *p, T v, OP op)\n"
"{\n"
"  union { T value; BITS bits; } now, next;\n"
"  BITS *addr = (BITS *) p;\n"
"  now.value = *(volatile T *) p;\n"
"  for (;;)\n"
"    {\n"
"      next.value = op (now.value, v);\n"
"      if (next.bits == now.bits)\n"
"        return;\n"
"      BITS seen = atomicCAS (addr, now.bits, next.bits);\n"
"      if (seen == now.bits)\n"
"        return;\n"
"      now.bits = seen;\n"
"    }\n"
"}\n"
"\n"
"typedef unsigned long long mint_u64;\n"
"__device__ __forceinline__ void mint_atomic_add (int *p, int v) { atomicAdd (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_add (unsigned *p, unsigned v) { atomicAdd (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_add (long long *p, long long v) { atomicAdd ((mint_u64 *) p, (mint_u64) v); }\n"
"__device__ __forceinline__ void mint_atomic_add (mint_u64 *p, mint_u64 v) { atomicAdd (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_add (float *p, float v) { atomicAdd (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_add (double *p, double v) { atomicAdd (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_min (int *p, int v) { atomicMin (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_min (unsigned *p, unsigned v) { atomicMin (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_min (long long *p, long long v) { atomicMin (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_min (mint_u64 *p, mint_u64 v) { atomicMin (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_min (float *p, float v) { mint_atomic_cas<float, unsigned> (p, v, mint_op_min ()); }\n"
"__device__ __forceinline__ void mint_atomic_min (double *p, double v) { mint_atomic_cas<double, mint_u64> (p, v, mint_op_min ()); }\n"
"__device__ __forceinline__ void mint_atomic_max (int *p, int v) { atomicMax (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_max (unsigned *p, unsigned v) { atomicMax (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_max (long long *p, long long v) { atomicMax (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_max (mint_u64 *p, mint_u64 v) { atomicMax (p, v); }\n"
"__device__ __forceinline__ void mint_atomic_max (float *p, float v) { mint_atomic_cas<float, unsigned> (p, v, mint_op_max ()); }\n"
"__device__ __forceinline__ void mint_atomic_max (double *p, double v) { mint_atomic_cas<double, mint_u64> (p, v, mint_op_max ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (int *p, int v) { mint_atomic_cas<int, unsigned> (p, v, mint_op_mul ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (unsigned *p, unsigned v) { mint_atomic_cas<unsigned, unsigned> (p, v, mint_op_mul ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (long long *p, long long v) { mint_atomic_cas<long long, mint_u64> (p, v, mint_op_mul ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (mint_u64 *p, mint_u64 v) { mint_atomic_cas<mint_u64, mint_u64> (p, v, mint_op_mul ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (float *p, float v) { mint_atomic_cas<float, unsigned> (p, v, mint_op_mul ()); }\n"
"__device__ __forceinline__ void mint_atomic_mul (double *p, double v) { mint_atomic_cas<double, mint_u64> (p, v, mint_op_mul ()); }\n"
"\n", out);
  cuda_put_rows_prelude (out);
}

/* Each array that is not its class's representative takes the
   representative's strides, so nvcc shares their index arithmetic.  */
static void
put_shared_strides (FILE *out, const struct kir_kernel *k,
                    const char *classes)
{
  for (int a = 0; a < k->narrays; a++)
    {
      int r = class_representative (classes, a);
      if (r == a)
        continue;
      for (int i = 0; i < 2; i++)
        {
          const char *what = i ? "plane" : "row";
          fprintf (out, "  [[maybe_unused]] const long long mint_%s_", what);
          cuda_put_name (out, k->arrays[a].name);
          fprintf (out, " = mint_%s_", what);
          cuda_put_name (out, k->arrays[r].name);
          fputs (";\n", out);
        }
    }
}

/* S, in 64-bit signed arithmetic.  */
static void
put_sum (FILE *out, const struct kir_kernel *k, const struct kir_sum *s)
{
  fputc ('(', out);
  for (int i = 0; i < s->nproducts; i++)
    {
      const struct kir_product *p = &s->products[i];
      long long coeff = p->coeff;
      put_sign (out, i == 0, &coeff);
      if (coeff != 1 || p->nfactors == 0)
        put_int_constant (out, KIR_I64, coeff);
      for (int f = 0; f < p->nfactors; f++)
        {
          fputs (f || coeff != 1 ? " * (long long) " : "(long long) ", out);
          cuda_put_name (out, k->scalars[p->factor[f]].name);
        }
    }
  fputc (')', out);
}

/* The row and plane strides of each delinearized flat array.  */
void
cuda_put_flat_strides (FILE *out, const struct kir_kernel *k)
{
  for (int a = 0; a < k->narrays; a++)
    for (int r = 0; strides_from_scalars (&k->arrays[a]) && r < 2; r++)
      {
        const char *what = r ? "plane" : "row";
        fprintf (out, "  [[maybe_unused]] const long long mint_%s_", what);
        cuda_put_name (out, k->arrays[a].name);
        fputs (" = ", out);
        if (r < k->arrays[a].rank - 1)
          put_sum (out, k, &k->arrays[a].stride[r]);
        else
          fputs ("0", out);
        fputs (";\n", out);
      }
}

/* TEXT inside a comment of the CUDA source: a file name may hold the
   two characters that end a comment (a directory "gen*" and then a
   slash), which would end it early and make the rest of the name
   code.  */
static void
put_comment_text (FILE *out, const char *text)
{
  for (const char *c = text; *c; c++)
    {
      fputc (*c, out);
      if (*c == '*' && c[1] == '/')
        fputc (' ', out);
    }
}

void
cuda_put_kernel_head (FILE *out, const struct kir_kernel *k, int level,
                      int threads, int min_blocks, const char *note,
                      const char *classes, bool unchecked, const char *extra)
{
  fputs ("/* ", out);
  put_comment_text (out, k->file);
  fprintf (out, ":%d, %d parallel dimension%s; level %d code", k->line,
           k->ndims, k->ndims > 1 ? "s" : "", level);
  if (k->opt_level != level)
    fprintf (out, " (level %d asked for)", k->opt_level);
  if (note && *note)
    fprintf (out, ":\n   %s", note);
  if (classes)
    fprintf (out, ";\n   arrays of a shape class (%s) share strides", classes);
  fprintf (out, ".  */\nextern \"C\" __global__ void __launch_bounds__ (%d",
           threads);
  if (min_blocks > 0)
    fprintf (out, ", %d", min_blocks);
  fprintf (out, ")\n%s%s%s (", k->name, classes ? MINT_SHARED_SUFFIX : "",
           unchecked ? MINT_UNCHECKED_SUFFIX : "");
  put_params (out, k, classes);
  if (extra)
    fprintf (out, ",\n    %s", extra);
  fputs (")\n{\n  mint_wait_for_grids ();\n", out);
  if (stencil_has_checks (k))
    fprintf (out, "  using mint_checked = mint_bool<%s>;\n",
             unchecked || level == 4 ? "false" : "true");
  if (classes)
    put_shared_strides (out, k, classes);
  cuda_put_flat_strides (out, k);
}

void
cuda_put_head_locals (FILE *out, const struct kir_kernel *k, int level)
{
  if (level >= 3)
    cuda_put_walk_locals (out, k);
  else
    cuda_put_locals (out, k);
}

const char *
cuda_block_index (const struct kir_kernel *k, int d)
{
  static const char *const index[] = { "blockIdx.x", "blockIdx.y",
                                       "blockIdx.z" };
  return k->ndims == 2 && d == 1 ? "mint_block_y" : index[d];
}

void
cuda_put_block_rows (FILE *out, const struct kir_kernel *k)
{
  if (k->ndims != 2)
    return;
  fprintf (out, "  const unsigned mint_block_y = blockIdx.z * gridDim.y "
           "+ blockIdx.y;\n"
           "  if ((long long) mint_block_y * %d >= mint_n_y)\n"
           "    return;\n", k->tile[1]);
}

void
cuda_put_level0_body (FILE *out, const struct kir_kernel *k,
                      const struct level_plan *p)
{
  cuda_put_reduction_prologue (out, k);
  put_point_loops (out, k, p && p->rows.n > 0 ? &p->rows : NULL);
  cuda_put_reduction_epilogue (out, k);
}

/* ---- arrays kept on chip ---------------------------------------------- */

void
cuda_indent (FILE *out, int depth)
{
  fprintf (out, "%*s", 2 * depth, "");
}

const char *
cuda_tiled_type (const struct kir_kernel *k, const struct tiled *t)
{
  return kir_type_cuda (k->arrays[t->array].elem);
}

void
cuda_put_stride (FILE *out, const struct kir_kernel *k, const struct tiled *t,
                 int d)
{
  const struct kir_array *a = &k->arrays[t->array];
  int from_last = a->rank - 1 - t->subscript[d];
  if (from_last == 0)
    {
      fputs ("1LL", out);
      return;
    }
  fputs (from_last == 1 ? "mint_row_" : "mint_plane_", out);
  cuda_put_name (out, a->name);
}

void
cuda_put_address (FILE *out, const struct kir_kernel *k, const struct tiled *t,
                  const char *const *point)
{
  cuda_put_name (out, k->arrays[t->array].name);
  for (int d = 0; d < k->ndims; d++)
    {
      fprintf (out, " + (mint_lo_%c + %s) * ", axis[d], point[d]);
      cuda_put_stride (out, k, t, d);
    }
}

void
cuda_put_tiled_element (FILE *out, const struct kir_kernel *k,
                        const struct tiled *t, const char *const *point)
{
  fputs (plan_read_only_path (&k->arrays[t->array]) ? "__ldg (" : "*(", out);
  cuda_put_address (out, k, t, point);
  fputc (')', out);
}

void
cuda_put_read (FILE *out, const struct kir_kernel *k, const struct tiled *t,
               const char *fmt, ...)
{
  int ldg = plan_read_only_path (&k->arrays[t->array]);
  va_list ap;
  va_start (ap, fmt);
  fputs (ldg ? "__ldg (" : "*(", out);
  vfprintf (out, fmt, ap);
  fputc (')', out);
  va_end (ap);
}
