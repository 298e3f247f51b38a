/* kir-core.h -- the Kernel IR's data structures and their construction
   (kir-core.c): one offloaded loop nest, in plain C.

   A kernel computes, for every point of its parallel iteration space, the
   body: a small control-flow graph of typed three-address statements over
   locals.  The parallel induction variables are locals that the kernel
   prologue sets (iv = lo + t * step, t in [0, n)); loops below the parallel
   depth are ordinary back edges of the body CFG.

   Conventions:
   - dims[0] is x: the innermost parallel loop; dims[1] is y, dims[2] is z.
   - an access's index[0] is the array's first (slowest) subscript;
     index[rank-1] is the x subscript.
   - block 0 is the body's entry; a KIR_NEXT terminator ends the point.  */

#ifndef MINT_KIR_CORE_H
#define MINT_KIR_CORE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KIR_MAX_DIMS 3
#define KIR_MAX_ARGS 3
#define KIR_MAX_TERMS 8

enum kir_type
{
  KIR_VOID, KIR_BOOL,
  KIR_I8, KIR_U8, KIR_I16, KIR_U16, KIR_I32, KIR_U32, KIR_I64, KIR_U64,
  KIR_F32, KIR_F64
};

enum kir_operand_kind
{
  KIR_OPND_NONE,
  KIR_OPND_LOCAL,               /* index into locals */
  KIR_OPND_SCALAR,              /* index into scalars (kernel parameter) */
  KIR_OPND_INT,                 /* integer constant (ival, bit pattern) */
  KIR_OPND_FLOAT                /* floating constant (fval) */
};

struct kir_operand
{
  enum kir_operand_kind kind;
  enum kir_type type;
  int index;
  long long ival;
  double fval;
};

enum kir_opcode
{
  KIR_MOV,                      /* dst = a */
  KIR_CVT,                      /* dst = (type of dst) a */
  KIR_NEG, KIR_NOT, KIR_BNOT, KIR_ABS,                 /* unary: - ! ~ abs */
  KIR_ADD, KIR_SUB, KIR_MUL, KIR_DIV, KIR_MOD,          /* binary, C semantics */
  KIR_MIN, KIR_MAX,
  KIR_AND, KIR_OR, KIR_XOR, KIR_SHL, KIR_SHR,           /* bitwise */
  KIR_LAND, KIR_LOR,                                    /* logical && || */
  KIR_LT, KIR_LE, KIR_GT, KIR_GE, KIR_EQ, KIR_NE,       /* dst is KIR_BOOL */
  KIR_SELECT                    /* dst = a ? b : c */
};

/* index = constant + sum coeff * var, var a local or a scalar.  */
struct kir_term
{
  struct kir_operand var;
  long long coeff;
};

struct kir_affine
{
  long long constant;
  int nterms;
  struct kir_term terms[KIR_MAX_TERMS];
};

struct kir_access
{
  int array;
  int rank;                     /* = the array's rank */
  struct kir_affine index[KIR_MAX_DIMS];
};

enum kir_stmt_kind
{
  KIR_ASSIGN,                   /* dst = op (args) */
  KIR_LOAD,                     /* dst = array[access] */
  KIR_STORE,                    /* array[access] = args[0] */
  KIR_CALL,                     /* dst = callee (args); dst may be -1 */
  /* The same on a private array (access.array indexes privates): an
     array declared in the body, one per point.  */
  KIR_PLOAD,                    /* dst = private[access] */
  KIR_PSTORE                    /* private[access] = args[0] */
};

struct kir_stmt
{
  enum kir_stmt_kind kind;
  enum kir_opcode op;
  int dst;                      /* local index, or -1 */
  int nargs;
  struct kir_operand args[KIR_MAX_ARGS];
  struct kir_access access;
  const char *callee;           /* CUDA device function name (static string) */
  int line;                     /* source line, 0 if unknown */
  /* The front end's location of the statement (a GCC location_t), for
     its diagnostics; 0 if unknown.  */
  unsigned long long loc;
};

enum kir_terminator
{
  KIR_NEXT,                     /* done with this point */
  KIR_GOTO,                     /* to succ[0] */
  KIR_BRANCH                    /* cond != 0 ? succ[0] : succ[1] */
};

struct kir_block
{
  int nstmts, cap;
  struct kir_stmt *stmts;
  enum kir_terminator term;
  struct kir_operand cond;
  int succ[2];
};

struct kir_local
{
  char *name;                   /* unique valid C identifier */
  char *source;                 /* the program's name for it ("x" of a
                                   second x, "x_1") if it differs, else
                                   NULL */
  enum kir_type type;
  /* Where MODULUS > 1: the local's value is RESIDUE (in [0, MODULUS))
     modulo MODULUS wherever it is read, such as the first cell of a
     segment of a line sweep (recompute.c).  */
  int modulus, residue;
};

/* A sum of products of the kernel's integer scalars, such as
   nx*ny + 2*nx + 2*ny + 4: a stride of a flat array.  */
#define KIR_MAX_PRODUCTS 16
#define KIR_MAX_FACTORS 4
struct kir_product
{
  long long coeff;
  int nfactors;
  int factor[KIR_MAX_FACTORS];  /* indices into scalars */
};

struct kir_sum
{
  int nproducts;
  struct kir_product products[KIR_MAX_PRODUCTS];
};

struct kir_scalar
{
  char *name;                   /* unique valid C identifier */
  char *source;                 /* the program's name for it ("g->nx") if
                                   it differs, else NULL */
  enum kir_type type;           /* I32, U32, I64, U64, F32 or F64 */
  /* Where HAS_LEAST: its value at every launch is at least LEAST (the
     variable of a loop around the nest, such as a red-black sweep's
     colour).  */
  int has_least;
  long long least;
  /* Where HAS_VALUE: its value at every launch is VALUE, a sum of
     products of the kernel's other scalars (int nxy = nx * ny before the
     nest), through which the analyses read its subscripts (poly.h).  */
  int has_value;
  struct kir_sum value;
};


struct kir_array
{
  char *name;
  char *source;                 /* the program's name for it ("g->u") if
                                   other than NAME, else NULL */
  enum kir_type elem;
  int rank;                     /* 1..3 */
  /* Over a contiguous (unpadded) copy: rank 1 as the program indexes it,
     or, delinearized (delinearize.h), rank 2 or 3 with the strides of its
     subscripts but the last (stride[0]: the row's, stride[1]: the
     plane's) over the scalars, in place of libmintrt's pitches.  */
  int flat;
  struct kir_sum stride[KIR_MAX_DIMS - 1];
  int read, written;            /* filled by kir_finish */
  /* Its letter in mint_kernel's alias_classes (mintrt.h), '-' for none:
     filled by dependence_note_alias_classes.  */
  char alias_class;
  /* Every launch of the kernel in a call of its function passes the same
     array here: an array variable, or a local pointer set once, outside
     loops, to new memory; two such arrays are never swapped between
     launches (no level-4 pair).  */
  bool fixed;
  /* Arrays of one kernel whose pointers the program swaps with each other
     (in the function of the kernel) have the same SWAP_GROUP, from 1; 0:
     none.  */
  int swap_group;
  /* A plane of the program's array that a first subscript the host
     computes selects (mint_kernel's planes, mintrt.h).  */
  bool plane;
};

/* An array declared in the body: each point has its own, of EXTENT
   elements per subscript (the first subscript's first).  */
struct kir_private
{
  char *name;                   /* unique valid C identifier */
  enum kir_type elem;
  int rank;                     /* 1..3 */
  int extent[KIR_MAX_DIMS];
};

enum kir_reduction_op { KIR_RED_ADD, KIR_RED_MUL, KIR_RED_MIN, KIR_RED_MAX };

/* The local holds this thread's partial result: the prologue sets it to
   the operator's identity, the body updates it, and the epilogue combines
   it into the accumulator parameter.  Where STORES_FLAG (a min or max
   that the body only sets to one constant, reduction.h), the epilogue
   stores the partial result where it is not the identity.  */
struct kir_reduction
{
  int local;
  enum kir_reduction_op op;
  bool stores_flag;
};

struct kir_dim
{
  int iv;                       /* local index of the induction variable */
  long long step;               /* > 0 */
  long long count;              /* iterations where the bounds are
                                   constants, else 0 */
  /* Where HAS_SPAN: the values of the loop's variable lie within SPAN
     (a sum over the scalars, such as nx + 1 for 0 <= i < nx + 1)
     consecutive integers, so two points are at most SPAN - 1 steps
     apart; the dependence analysis bounds distances with it where the
     bounds are symbolic (dependence.h).  */
  int has_span;
  struct kir_sum span;
  /* Where HAS_OTHER_SPAN too: another such sum, from the other operand
     of a MIN or MAX end (i < MIN (nx, hi): nx and hi); the values lie
     within each.  */
  int has_other_span;
  struct kir_sum other_span;
  /* Where HAS_START: the loop's first value, its least (a sum over the
     scalars, such as 1 for 1 <= i <= n).  */
  int has_start;
  struct kir_sum start;
};

/* Who chooses the launch shape (tile and chunk).  */
enum kir_shape_choice
{
  KIR_SHAPE_GIVEN,              /* the clauses, the defaults */
  KIR_SHAPE_CHOSEN,             /* mint at compile time: plan-tune.h's
                                   first */
  KIR_SHAPE_TUNED               /* the runtime among plan-tune.h's
                                   variants */
};

struct kir_kernel
{
  char *name;
  /* mint_fault_tag (mintrt.h) of the name it was built with, which its
     copies and variants keep: the runtime's descriptor's.  */
  unsigned long long fault_tag;
  char *file;
  int line;
  int opt_level;
  /* Emit opt_level's own strategy wherever it applies, even where the cost
     model predicts it does not pay (-fplugin-arg-mint-exact-level).  */
  int exact_level;
  int ndims;
  struct kir_dim dims[KIR_MAX_DIMS];
  int tile[KIR_MAX_DIMS];       /* x, y, z; 1 beyond ndims */
  /* Points per thread.  At level 3, chunks below the walked dimension are
     a register block: the thread computes that many adjacent columns
     (plan_register_block chooses them where a thread would compute one).  */
  int chunk[KIR_MAX_DIMS];
  enum kir_shape_choice shape_choice;
  /* The runtime may time variants of the kernel and keep the fastest
     (autotuning is on): a shape the clauses give may come as two
     variants, one that loads into the copies' margins and one that does
     not (plan.h).  */
  int runtime_choice;
  /* Level 3: registers ptxas may give a thread, as __launch_bounds__ with
     a minimum of resident blocks; 0: the cost model's limit
     (MINT_LEVEL3_REGISTERS), negative: no limit.  At most
     LEVEL3_ROLLED_REGISTERS (plan-level.h), the walk stays rolled and the
     cost model's register block is one column.  */
  int max_registers;
  /* Level 3 in 3-D: the thread reads the rows above and below its own
     through a clamp of the row index that never bites (emit-level3.c),
     as the hand CUDA does; ptxas schedules some walks better so
     (plan-tune.c).  */
  int clamp_rows;
  /* Level 3: the fast path unrolls a full tile's walk within a larger
     code budget (plan-level3.c), as the box walk of plan-tune.c runs
     fastest where its body is short: its window of cells moves a plane
     on each step.  */
  int unroll_whole;
  /* Level 3 in 3-D: the block copies each plane of its tile and halo of
     the array read at the widest star once into a ring of shared planes,
     ahead of the walk, and its threads read their in-plane neighbours
     there (plan-level3.h, level3_ring), where the plan allows it.  */
  int stage_planes;
  /* Level 3: an array read under a condition beyond the cells it reads at
     every point may be walked, its loads reaching into the margins of
     the copies (mintrt.h, MINT_VARIANT_MARGIN); only in a variant beside
     one without (plan-tune.h).  */
  int margin_reads;
  /* Some parallel loop starts where an outer loop's variable says (a
     red-black sweep's rows), and every point first tests that it is a
     whole number of steps past its row's start (translate.cc).  */
  int start_tested;
  int nowait;
  int independent;              /* the `independent' clause */
  /* Arrays (bit A for array A < 64) whose stored values a sequential loop
     of the body carries to its next iteration in a register (carry.h).  */
  unsigned long long carried;
  /* Arrays (bit A for array A < 64) whose line sweeps store the forward
     pass's checkpoints only, the backward pass computing the rest again
     (recompute.h).  */
  unsigned long long recomputed;
  /* Of those, the arrays swept along their rows, the value before each
     segment kept in a private array (recompute.h).  */
  unsigned long long recomputed_rows;
  /* Arrays whose line sweeps would be such, but whose forward pass reads
     too many arrays to be computed again (recompute.h).  */
  unsigned long long stored_whole;

  int nlocals, locals_cap;
  struct kir_local *locals;
  int nscalars, scalars_cap;
  struct kir_scalar *scalars;
  int narrays, arrays_cap;
  struct kir_array *arrays;
  int nreductions, reductions_cap;
  struct kir_reduction *reductions;
  int nprivates, privates_cap;
  struct kir_private *privates;
  int nblocks, blocks_cap;
  struct kir_block *blocks;
};

/* Construction.  Every add returns the new element's index.  A failed
   allocation ends cc1 with a message (xalloc.h).  */
struct kir_kernel *kir_kernel_new (const char *name, const char *file, int line);
void kir_kernel_free (struct kir_kernel *k);
/* A copy of K that shares nothing with it.  */
struct kir_kernel *kir_kernel_clone (const struct kir_kernel *k);
int kir_add_local (struct kir_kernel *k, const char *name, enum kir_type type);
int kir_add_scalar (struct kir_kernel *k, const char *name, enum kir_type type);
int kir_add_array (struct kir_kernel *k, const char *name, enum kir_type elem,
                   int rank, int flat);
/* Takes SOURCE (malloc'ed) as array A's source name.  */
void kir_set_array_source (struct kir_kernel *k, int a, char *source);
/* Array A of K as the program names it ("g->u"), for messages.  */
const char *kir_array_text (const struct kir_kernel *k, int a);

/* The program's name for scalar S.  */
const char *kir_scalar_text (const struct kir_kernel *k, int s);
int kir_add_reduction (struct kir_kernel *k, int local, enum kir_reduction_op op);
int kir_add_private (struct kir_kernel *k, const char *name,
                     enum kir_type elem, int rank, const int *extent);
int kir_add_block (struct kir_kernel *k);
/* Whether F and G are the same terms (coefficients and variables), their
   constants aside.  */
int kir_affine_same_terms (const struct kir_affine *f,
                           const struct kir_affine *g);
/* Whether F has a term of LOCAL.  */
int kir_affine_reads_local (const struct kir_affine *f, int local);
/* Whether F moves by one when LOCAL does: a term of LOCAL with
   coefficient 1 or -1.  */
int kir_affine_steps_by_one (const struct kir_affine *f, int local);
/* How many of B's succ[] its terminator uses: 2, 1 or 0.  */
int kir_successor_count (const struct kir_block *b);
/* Whether B's terminator goes to block TO.  */
int kir_goes_to (const struct kir_block *b, int to);
/* The blocks of K that go to block B, the first two of them into PRED;
   how many there are.  */
int kir_predecessors (const struct kir_kernel *k, int b, int pred[2]);
/* Whether O is LOCAL.  */
int kir_names_local (const struct kir_operand *o, int local);
/* The comparison OP with its operands swapped (a < b as b > a), and its
   negation (a < b as !(a >= b)); other opcodes as they are.  */
enum kir_opcode kir_swapped_comparison (enum kir_opcode op);
enum kir_opcode kir_negated_comparison (enum kir_opcode op);
/* Whether statement S reads LOCAL: an operand or a subscript's
   variable.  */
int kir_stmt_reads (const struct kir_stmt *s, int local);
/* Whether block B reads LOCAL: a statement or its branch's condition.  */
int kir_block_reads (const struct kir_block *b, int local);
/* Whether statement S assigns LOCAL.  */
int kir_stmt_writes (const struct kir_stmt *s, int local);
/* How many statements of B assign LOCAL.  */
int kir_block_assignments (const struct kir_block *b, int local);
/* The parallel dimension whose induction variable is LOCAL, or -1.  */
int kir_dim_of_iv (const struct kir_kernel *k, int local);
/* Whether parallel dimension D of K has a constant count (kir_dim.count)
   under N.  */
int kir_dim_shorter (const struct kir_kernel *k, int d, long long n);
struct kir_stmt *kir_append (struct kir_kernel *k, int block,
                             enum kir_stmt_kind kind);
void kir_set_dim (struct kir_kernel *k, int d, int iv, long long step);
void kir_set_next (struct kir_kernel *k, int block);
void kir_set_goto (struct kir_kernel *k, int block, int to);
void kir_set_branch (struct kir_kernel *k, int block, struct kir_operand cond,
                     int if_true, int if_false);

/* Takes SOURCE (malloc'ed) as scalar S's source name.  */
void kir_set_scalar_source (struct kir_kernel *k, int s, char *source);
/* Takes SOURCE (malloc'ed) as local L's source name.  */
void kir_set_local_source (struct kir_kernel *k, int l, char *source);
/* The program's name for local L.  */
const char *kir_local_text (const struct kir_kernel *k, int l);

struct kir_operand kir_local (const struct kir_kernel *k, int local);
struct kir_operand kir_scalar (const struct kir_kernel *k, int scalar);
struct kir_operand kir_int (enum kir_type type, long long value);
struct kir_operand kir_float (enum kir_type type, double value);

/* Whether K names a local, scalar, array or private array NAME (they
   share one scope in the emitted kernel).  */
int kir_name_taken (const struct kir_kernel *k, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_CORE_H */
