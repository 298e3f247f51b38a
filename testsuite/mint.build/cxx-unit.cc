/* A C++ unit of a mixed project whose every source gets -fplugin=mint:
   without a directive it compiles as it would without the plugin, which
   translates C only (build.exp links it into a Mint program).  */

#ifdef __MINT__
#error "__MINT__ is defined in a C++ unit, which mint does not translate"
#endif

template <typename T>
static T
twice (T x)
{
  return x + x;
}

extern "C" int
mint_cxx_unit_twice (int x)
{
  return twice (x);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic pop
