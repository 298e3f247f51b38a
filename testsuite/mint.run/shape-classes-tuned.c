/* Autotuned level 3 with shape classes (shape-classes.c without its
   clauses, each nest run 8 times so that the tuner goes through its
   variants): the variants other than the first exist only as their twin
   for equal strides.  The first nest reads c, whose strides differ from
   u's and v's (variant 0 for any strides runs, untimed), the second only
   arrays of u's shape (every variant's twin is timed).  */
/* { dg-do run } */
#define SHAPE_CLASSES_TUNED
#include "shape-classes.c"
