/* -fplugin-arg-mint-autotune takes on or off.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-autotune=maybe" } */
/* { dg-error "bad value .maybe. for .-fplugin-arg-mint-autotune.: expected .on. or .off." "" { target *-*-* } 0 } */

int x;
