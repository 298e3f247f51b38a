/* member.h -- structure members as objects of a Mint program: arrays named
   by a member (`copy(g->u, ...)', `g->u[z][y][x]') and scalars read from
   one (`p->dt', `s.c[2]').

   A member reference here is an expression without SSA names: the front
   end's GENERIC of a copy directive (INDIRECT_REF, COMPONENT_REF,
   ARRAY_REF), or what reference.cc rebuilds from the loop body's GIMPLE
   (MEM_REF with a constant offset, COMPONENT_REF, ARRAY_REF).  Both forms
   of one object have the same path: the variable it starts from, and the
   constant byte offsets between the pointer loads that lead to it.

   Include after gcc-compat.h.  */

#ifndef MINT_MEMBER_H
#define MINT_MEMBER_H

#define MINT_PATH_MAX_LEVELS 8

struct mint_path
{
  tree base;                    /* VAR_DECL or PARM_DECL */
  int nlevels;                  /* 1 + pointer loads on the way */
  /* Level 0 is BASE's own storage; the pointer stored at OFFSET[i] of
     level i leads to level i + 1; the object is at OFFSET[nlevels - 1]
     of the last.  */
  HOST_WIDE_INT offset[MINT_PATH_MAX_LEVELS];
  tree type;                    /* the object's, main variant */
  bool member;                  /* a structure member on the way */
};

/* The path of REF, a reference with constant offsets only (no variable
   subscript, no bit-field, no SSA name), or false.  */
bool mint_object_path (tree ref, struct mint_path *path);

/* Whether REF refers through a structure member, with constant offsets.  */
bool mint_member_ref_p (tree ref);

/* Whether A and B (variables or member references) are one object, or
   references without constant offsets that are the same expression.  */
bool mint_same_object (tree a, tree b);

/* Whether the program might reach the object REF through a pointer
   stored elsewhere: a global or static variable, one whose address is
   taken, or storage reached through a pointer.  */
bool mint_object_reachable_p (tree ref);

/* REF in C syntax ("g->u", "s.c[2]", "params[1].alpha"), for messages
   and names; the caller frees it.  */
char *mint_object_text (tree ref);

#endif /* MINT_MEMBER_H */
