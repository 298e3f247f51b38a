/* The plugin defines __MINT__ to 1, so a program can call libmintrt's own
   functions (mint_offload_status) only in a build with the plugin;
   plain-macro.c is the build without it.  */
/* { dg-do compile } */

#include <mint/mintrt.h>

#ifndef __MINT__
#error "the plugin does not define __MINT__"
#elif __MINT__ != 1
#error "__MINT__ is not 1"
#endif

int
where (char *buf, size_t size)
{
  return mint_offload_status (buf, size);
}
