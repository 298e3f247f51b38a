/* mint-plugin.cc -- plugin_init: version check, arguments, callbacks.  */

#include "gcc-compat.h"
#include "options.h"
#include "pragma.h"
#include "pass.h"
#include "helper.h"
#include "parameter-moves.h"
#include "local-tables.h"
#include "unreferenced-functions.h"
#include "device-code.h"

int plugin_is_GPL_compatible;

static struct plugin_info mint_plugin_info = {
  PACKAGE_VERSION,
  mint_options_help
};

/* plugin_default_version_check compares the release and the
   configuration; say which one differs.  */

static void
report_version_mismatch (const struct plugin_gcc_version *running)
{
  const struct plugin_gcc_version *built = mint_built_for_gcc ();
  if (strcmp (built->basever, running->basever) != 0)
    error ("mint: mint.so was built for GCC %s, this is GCC %s; "
           "rebuild mint for this compiler", built->basever,
           running->basever);
  else
    error ("mint: mint.so was built for a differently configured GCC %s "
           "(%s %s); rebuild mint for this compiler", built->basever,
           built->datestamp, built->devphase);
}

/* mint translates C only, for the data model that libmintrt and the
   kernels' descriptors were built with (the layout of mintrt.h's structs,
   the width of pointers and sizes the runtime is given).  In a unit of
   another language of the C family (C++, Objective-C), or for another
   target (-m32, -mx32), each #pragma mint is an error at its line; a unit
   without one compiles as it would without the plugin, so that
   -fplugin=mint may stand in flags that every source of a mixed build
   gets (CMake's add_compile_options, a Makefile's CPPFLAGS).  */

static bool
foreign_data_model_p (void)
{
  return POINTER_SIZE != sizeof (void *) * CHAR_BIT
         || LONG_TYPE_SIZE != sizeof (long) * CHAR_BIT
         || INT_TYPE_SIZE != sizeof (int) * CHAR_BIT
         || BYTES_BIG_ENDIAN;
}

static void
reject_pragma_mint (cpp_reader *)
{
  tree token;
  location_t loc = input_location;
  pragma_lex (&token, &loc);
  if (mint_c_front_end_p ())
    error_at (loc, "mint: %<#pragma mint%> needs the data model mint was "
              "built for (%d-bit pointers, %d-bit %<long%>); the target of "
              "this compile has %d-bit pointers and a %d-bit %<long%>",
              (int) (sizeof (void *) * CHAR_BIT),
              (int) (sizeof (long) * CHAR_BIT), (int) POINTER_SIZE,
              (int) LONG_TYPE_SIZE);
  else
    error_at (loc, "mint: %<#pragma mint%> is supported in C only, not in "
              "%s; put this code in a C source", lang_hooks.name);
}

static void
register_reject_pragma_mint (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "mint", reject_pragma_mint);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, mint_built_for_gcc ()))
    {
      report_version_mismatch (version);
      return 1;
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &mint_plugin_info);

  /* With -flto on the link line the driver loads the plugin into lto1 as
     well: the kernels were outlined when the units were compiled, so there
     is nothing to do.  The compilers of languages without pragmas (lto1
     among them) have no c_register_pragma_with_expansion.  */
  if (!mint_c_front_end_p ())
    {
      if (c_register_pragma_with_expansion && pragma_lex)
        register_callback (info->base_name, PLUGIN_PRAGMAS,
                           register_reject_pragma_mint, NULL);
      return 0;
    }
  if (!mint_options_parse (info->argc, info->argv))
    return 0;   /* the errors end the compilation */
  if (foreign_data_model_p ())
    {
      register_callback (info->base_name, PLUGIN_PRAGMAS,
                         register_reject_pragma_mint, NULL);
      return 0;
    }

  mint_directives_register (info->base_name);
  mint_pass_register (info->base_name);
  mint_helpers_register (info->base_name);
  mint_parameter_moves_register (info->base_name);
  mint_local_tables_register (info->base_name);
  mint_unreferenced_functions_register (info->base_name);
  mint_device_register_callbacks (info->base_name);
  return 0;
}
