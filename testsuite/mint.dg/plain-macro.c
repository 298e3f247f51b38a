/* Without the plugin __MINT__ is not defined (fe-macro.c: with it).  */
/* { dg-do compile } */

#ifdef __MINT__
#error "__MINT__ is defined without the plugin"
#endif

int plain;
