/* -fplugin-arg-mint-nvcc-group-size takes a size in KiB.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-nvcc-group-size=256k" } */
/* { dg-error "bad value .256k. for .-fplugin-arg-mint-nvcc-group-size.: expected a size in KiB .0: one group." "" { target *-*-* } 0 } */

int x;
