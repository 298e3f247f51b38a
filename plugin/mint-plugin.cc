/* mint-plugin.cc -- plugin_init: version check, arguments, callbacks.  */

#include "gcc-compat.h"
#include "options.h"
#include "directive.h"
#include "pass.h"
#include "helper.h"
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
     is nothing to do.  */
  if (strcmp (lang_hooks.name, "GNU GIMPLE") == 0)
    return 0;
  if (!mint_c_front_end_p ())
    {
      error ("mint: %<#pragma mint%> is supported in C only, not in %s; "
             "compile this source without %<-fplugin=mint%>",
             lang_hooks.name);
      return 1;
    }
  if (!mint_options_parse (info->argc, info->argv))
    return 0;   /* the errors end the compilation */

  mint_directives_register (info->base_name);
  mint_pass_register (info->base_name);
  mint_helpers_register (info->base_name);
  mint_device_register_callbacks (info->base_name);
  return 0;
}
