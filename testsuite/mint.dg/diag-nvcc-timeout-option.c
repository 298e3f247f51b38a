/* -fplugin-arg-mint-nvcc-timeout takes a number of seconds.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-nvcc-timeout=10s" } */
/* { dg-error "bad value .10s. for .-fplugin-arg-mint-nvcc-timeout.: expected a number of seconds .0: no limit." "" { target *-*-* } 0 } */

int x;
