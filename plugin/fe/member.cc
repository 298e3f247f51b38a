/* member.cc -- paths, identity and names of member references (member.h).  */

#include "gcc-compat.h"
#include "member.h"

static bool path_of (tree ref, struct mint_path *p);

/* Sign-extended value of the integer constant T into *VALUE.  */
static bool
constant_offset (tree t, HOST_WIDE_INT *value)
{
  if (TREE_CODE (t) != INTEGER_CST)
    return false;
  *value = int_cst_value (t);
  return true;
}

/* PTR without conversions and constant additions, which go to *OFF.  */
static tree
strip_constant_offsets (tree ptr, HOST_WIDE_INT *off)
{
  HOST_WIDE_INT more;
  STRIP_NOPS (ptr);
  while (TREE_CODE (ptr) == POINTER_PLUS_EXPR
         && constant_offset (TREE_OPERAND (ptr, 1), &more))
    {
      *off += more;
      ptr = TREE_OPERAND (ptr, 0);
      STRIP_NOPS (ptr);
    }
  return ptr;
}

/* P := the path of the object that the pointer value PTR points at, plus
   OFF bytes.  */
static bool
deref_path (tree ptr, HOST_WIDE_INT off, struct mint_path *p)
{
  ptr = strip_constant_offsets (ptr, &off);
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      if (!path_of (TREE_OPERAND (ptr, 0), p))
        return false;
      p->offset[p->nlevels - 1] += off;
      return true;
    }
  if (!POINTER_TYPE_P (TREE_TYPE (ptr)) || !path_of (ptr, p)
      || p->nlevels == MINT_PATH_MAX_LEVELS)
    return false;
  p->offset[p->nlevels++] = off;
  p->member = false;
  return true;
}

/* Whether REF starts with COMPONENT_REFs (no bit-field) and ARRAY_REFs
   with constant subscripts only; whether one of them is a member.  */
static bool
component_chain (tree ref, bool *member)
{
  *member = false;
  for (; handled_component_p (ref); ref = TREE_OPERAND (ref, 0))
    {
      if (TREE_CODE (ref) == COMPONENT_REF)
        {
          if (DECL_BIT_FIELD (TREE_OPERAND (ref, 1)))
            return false;
          *member = true;
        }
      else if (TREE_CODE (ref) != ARRAY_REF
               || TREE_CODE (TREE_OPERAND (ref, 1)) != INTEGER_CST)
        return false;
    }
  return true;
}

static bool
path_of (tree ref, struct mint_path *p)
{
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (ref));
  bool member;
  HOST_WIDE_INT off = 0;
  if (VAR_P (ref) || TREE_CODE (ref) == PARM_DECL)
    {
      p->base = ref;
      p->nlevels = 1;
      p->offset[0] = 0;
      p->member = false;
    }
  else if (TREE_CODE (ref) == INDIRECT_REF)
    {
      if (!deref_path (TREE_OPERAND (ref, 0), 0, p))
        return false;
    }
  else if (TREE_CODE (ref) == MEM_REF)
    {
      if (!constant_offset (TREE_OPERAND (ref, 1), &off)
          || !deref_path (TREE_OPERAND (ref, 0), off, p))
        return false;
    }
  else if (handled_component_p (ref) && component_chain (ref, &member))
    {
      poly_int64 bitsize, bitpos;
      tree offset;
      machine_mode mode;
      int unsignedp, reversep, volatilep;
      tree base = get_inner_reference (ref, &bitsize, &bitpos, &offset,
                                       &mode, &unsignedp, &reversep,
                                       &volatilep);
      HOST_WIDE_INT bits;
      /* BASE is where the chain ends, or the variable v of a
         MEM[&v + off] there, whose offset BITPOS then counts.  */
      if (offset || !bitpos.is_constant (&bits) || bits % BITS_PER_UNIT
          || !path_of (base, p))
        return false;
      p->offset[p->nlevels - 1] += bits / BITS_PER_UNIT;
      p->member |= member;
    }
  else
    return false;
  p->type = type;
  return true;
}

bool
mint_object_path (tree ref, struct mint_path *path)
{
  memset (path, 0, sizeof *path);
  return path_of (ref, path);
}

bool
mint_member_ref_p (tree ref)
{
  struct mint_path p;
  return mint_object_path (ref, &p) && p.member;
}

bool
mint_same_object (tree a, tree b)
{
  if (a == b)
    return true;
  struct mint_path pa, pb;
  /* Without constant offsets (off[l] of a level l the same at every
     point of a nest), the same reference.  */
  if (!mint_object_path (a, &pa) || !mint_object_path (b, &pb))
    return operand_equal_p (a, b, 0);
  if (pa.base != pb.base || pa.nlevels != pb.nlevels || pa.type != pb.type)
    return false;
  for (int i = 0; i < pa.nlevels; i++)
    if (pa.offset[i] != pb.offset[i])
      return false;
  return true;
}

bool
mint_object_reachable_p (tree ref)
{
  struct mint_path p;
  if (!mint_object_path (ref, &p))
    return true;
  if (VAR_P (p.base) && DECL_HARD_REGISTER (p.base))
    return p.nlevels > 1;       /* a register variable has no address */
  return p.nlevels > 1 || is_global_var (p.base) || TREE_ADDRESSABLE (p.base);
}

/* ---- names ------------------------------------------------------------ */

static char *text_of (tree t);

/* A pointer PTR plus BYTES, dereferenced: "*p", "p[3]".  */
static char *
deref_text (tree ptr, HOST_WIDE_INT bytes, tree pointee)
{
  HOST_WIDE_INT size = int_size_in_bytes (pointee);
  ptr = strip_constant_offsets (ptr, &bytes);
  if (TREE_CODE (ptr) == ADDR_EXPR && bytes == 0)
    return text_of (TREE_OPERAND (ptr, 0));
  char *p = text_of (ptr);
  char *s;
  if (bytes == 0)
    s = concat ("*", p, NULL);
  else if (size > 0 && bytes % size == 0)
    s = xasprintf ("%s[" HOST_WIDE_INT_PRINT_DEC "]", p, bytes / size);
  else
    s = xasprintf ("(%s + " HOST_WIDE_INT_PRINT_DEC " bytes)", p, bytes);
  free (p);
  return s;
}

/* The dereference REF (INDIRECT_REF or MEM_REF): its pointer and offset.  */
static bool
deref_parts (tree ref, tree *ptr, HOST_WIDE_INT *bytes)
{
  *bytes = 0;
  if (TREE_CODE (ref) == INDIRECT_REF)
    *ptr = TREE_OPERAND (ref, 0);
  else if (TREE_CODE (ref) != MEM_REF
           || !constant_offset (TREE_OPERAND (ref, 1), bytes))
    return false;
  else
    *ptr = TREE_OPERAND (ref, 0);
  return true;
}

static char *
text_of (tree t)
{
  tree ptr;
  HOST_WIDE_INT bytes;
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
      return xstrdup (DECL_NAME (t) ? IDENTIFIER_POINTER (DECL_NAME (t))
                                    : "<anonymous>");
    case COMPONENT_REF:
      {
        tree field = TREE_OPERAND (t, 1);
        tree base = TREE_OPERAND (t, 0);
        /* A member of an anonymous structure or union reads as if it
           were the enclosing one's.  */
        while (TREE_CODE (base) == COMPONENT_REF
               && !DECL_NAME (TREE_OPERAND (base, 1)))
          base = TREE_OPERAND (base, 0);
        if (!DECL_NAME (field))
          return text_of (base);
        const char *f = IDENTIFIER_POINTER (DECL_NAME (field));
        char *b;
        const char *sep = ".";
        if (deref_parts (base, &ptr, &bytes) && bytes == 0
            && TREE_CODE (ptr) != ADDR_EXPR)
          {
            b = text_of (ptr);
            sep = "->";
          }
        else
          b = text_of (base);
        char *s = concat (b, sep, f, NULL);
        free (b);
        return s;
      }
    case ARRAY_REF:
      {
        char *b = text_of (TREE_OPERAND (t, 0));
        tree index = TREE_OPERAND (t, 1);
        char *s = TREE_CODE (index) == INTEGER_CST
                  ? xasprintf ("%s[" HOST_WIDE_INT_PRINT_DEC "]", b,
                               int_cst_value (index))
                  : concat (b, "[...]", NULL);
        free (b);
        return s;
      }
    case INDIRECT_REF:
    case MEM_REF:
      /* p[l], a subscript that is no constant: *(p + l * size).  */
      if (TREE_CODE (TREE_OPERAND (t, 0)) == POINTER_PLUS_EXPR
          && TREE_CODE (TREE_OPERAND (TREE_OPERAND (t, 0), 1)) != INTEGER_CST)
        {
          char *b = text_of (TREE_OPERAND (TREE_OPERAND (t, 0), 0));
          char *s = concat (b, "[...]", NULL);
          free (b);
          return s;
        }
      if (deref_parts (t, &ptr, &bytes))
        return deref_text (ptr, bytes, TREE_TYPE (t));
      break;
    default:
      break;
    }
  return xstrdup ("<expression>");
}

char *
mint_object_text (tree ref)
{
  return text_of (ref);
}
