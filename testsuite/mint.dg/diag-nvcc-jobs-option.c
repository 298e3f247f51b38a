/* -fplugin-arg-mint-nvcc-jobs takes a number of runs, 1 or more, or auto.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-nvcc-jobs=0" } */
/* { dg-error "bad value .0. for .-fplugin-arg-mint-nvcc-jobs.: expected a number of nvcc runs at once .1 or more. or .auto." "" { target *-*-* } 0 } */

int x;
