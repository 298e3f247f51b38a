#!/bin/sh
# device-cache.sh -- the device-code cache (doc/mint.texi, node
# "The device-code cache"), tried with the nvcc stub counting its runs
# and a cache of the test's own ($XDG_CACHE_HOME in the work directory):
#   - a second compile of a unit starts no nvcc and makes the same
#     object; -fplugin-arg-mint-keep writes the CUDA source and the
#     fatbin on a hit too; the entry's checksum is the SHA-256 that
#     sha256sum computes;
#   - a change of host code only is a hit, a change of a kernel a miss;
#   - other architectures (given, or the default list), another nvcc (a
#     copy elsewhere, a touched one), NVCC_APPEND_FLAGS and
#     -ffp-contract=off are misses; a hit with the default architectures
#     does not run nvcc --list-gpu-code either;
#   - an entry with a flipped byte, a truncated one, one whose fatbin is
#     not one (its checksum right) and one of another key are ignored:
#     nvcc runs, the object is right and the entry is rewritten;
#   - compiles of one unit at once (make -j) all succeed and leave one
#     sound entry and no temporary file;
#   - a cache that cannot be written (its directory a regular file, a
#     file size limit below the entry's, a read-only directory): the
#     compile succeeds and leaves nothing;
#   - -fplugin-arg-mint-device-cache=off and MINT_DEVICE_CACHE=off: nvcc
#     runs every time and nothing is written; bad values are errors;
#   - a group-writable cache directory, one of another user's (where the
#     test runs as root) and a symbolic link as the entry are not used;
#   - MINT_DEVICE_CACHE_SIZE: the least recently used entries go, and
#     temporary files that killed compiles left;
#   - with the real nvcc (where configure found one): a hit.
#
# Environment (make check sets them):
#   MINT_CC          the GCC that loads the plugin (gcc)
#   MINT_PLUGIN      the plugin, mint.so
#   MINT_TOP_SRCDIR  the source tree (for testsuite/fuzz/nvcc-stub)
#   MINT_NVCC        the real nvcc; empty: that part is skipped
# Work directory device-cache-work, removed when all pass.
# Exit status: 0 all passed, 1 a failure, 77 (skipped) no plugin.

here=$(cd "$(dirname "$0")" && pwd)
cc=${MINT_CC:-gcc}
plugin=${MINT_PLUGIN:-}
top=${MINT_TOP_SRCDIR:-$here/../..}
work=$(pwd)/device-cache-work

if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "device-cache: no plugin (set MINT_PLUGIN to mint.so): skipped"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/bin" "$work/other" "$work/home" || exit 1

unset MINT_DEVICE_CACHE MINT_DEVICE_CACHE_SIZE NVCC_PREPEND_FLAGS \
  NVCC_APPEND_FLAGS NVCC_CCBIN
LC_ALL=C
export LC_ALL
XDG_CACHE_HOME=$work/xdg HOME=$work/home NVCC_STUB_RUNS=$work/runs
export XDG_CACHE_HOME HOME NVCC_STUB_RUNS
cache=$work/xdg/mint/device
cp "$top/testsuite/fuzz/nvcc-stub" "$work/bin/nvcc"

. "$here/harness.sh"

cat > "$work/unit.c" <<'EOF'
void
scale (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] *= 2.0;
  }
#pragma mint copy(a, fromDevice, n)
}
EOF
# The same kernel, other host code; another kernel.  (The CUDA source
# names the file and the kernel's line: they stay.)
cp "$work/unit.c" "$work/unit.orig"
{ cat "$work/unit.c"; echo 'int host_only (int x) { return x + 1; }'; } \
  > "$work/host.c"
sed 's/2\.0/3.0/' "$work/unit.c" > "$work/kernel.c"

# edited FILE COMMAND...: COMMAND with FILE as unit.c.
edited ()
{
  cp "$work/$1" "$work/unit.c"
  shift
  "$@"
  edited_status=$?
  cp "$work/unit.orig" "$work/unit.c"
  return $edited_status
}

# Compiles go through these; `arch' empty: the default architectures.
nvcc=$work/bin/nvcc
arch=sm_90

# compile SOURCE NAME [OPTIONS...]: compiles SOURCE into NAME.o with the
# plugin verbose, its messages in NAME.log.
compile ()
{
  source=$1 name=$2
  shift 2
  (cd "$work" && timeout 60 $cc -O2 -fdiagnostics-plain-output \
     -fplugin="$plugin" ${arch:+-fplugin-arg-mint-arch=$arch} \
     -fplugin-arg-mint-nvcc="$nvcc" -fplugin-arg-mint-verbose "$@" \
     -c "$source" -o "$name.o") > "$work/$name.log" 2>&1
}

nvcc_runs () { if [ -f "$work/runs" ]; then wc -l < "$work/runs"; else echo 0; fi; }

# runs N COMMAND...: COMMAND succeeds and starts nvcc N times.
runs ()
{
  expected=$1
  shift
  before=$(nvcc_runs)
  "$@" || return 1
  [ $(($(nvcc_runs) - before)) -eq "$expected" ]
}

log_has () { grep -q -e "$2" "$work/$1.log"; }
entries () { ls -A "$cache" 2> /dev/null | grep -c '^[0-9a-f]\{64\}$'; }
# The file of the entry that NAME.log names.
entry_of ()
{
  key=$(sed -n 's/.*device code \(cached\|from the cache\) (\([0-9a-f]*\)).*/\2/p' \
          "$work/$1.log")
  [ -n "$key" ] && ls "$cache/$key"* 2> /dev/null
}
fresh () { rm -rf "$work/xdg" "$work/runs"; }
same_object () { cmp -s "$work/$1.o" "$work/$2.o"; }

# ---- Hits and misses ----------------------------------------------------

fresh
check "first compile: nvcc runs, the fatbin is cached" \
  runs 1 compile unit.c first
check "... in a private directory and a private entry" \
  test "$(stat -c %a "$work/xdg/mint" "$cache" "$(entry_of first)")" \
       = "$(printf '700\n700\n600')"
hit ()
{
  runs 0 compile unit.c second && same_object first second \
    && log_has second "device code from the cache ([0-9a-f]\{16\}) for 1 kernel (archs sm_90)"
}
check "second compile: no nvcc, the same object" hit
kept_on_hit ()
{
  NVCC_STUB_RUNS= "$nvcc" -o "$work/expected.fatbin" \
    && runs 0 compile unit.c keep -fplugin-arg-mint-keep \
    && [ -s "$work/keep.mint.cu" ] \
    && cmp -s "$work/keep.mint.fatbin" "$work/expected.fatbin"
}
check "-fplugin-arg-mint-keep writes the .cu and the fatbin on a hit" \
  kept_on_hit

# The checksum in the header (bytes 56-87) against sha256sum of the rest.
checksum_right ()
{
  [ "$(od -An -tx1 -j56 -N32 "$1" | tr -d ' \n')" \
      = "$(tail -c +89 "$1" | sha256sum | cut -c1-64)" ]
}
if command -v sha256sum > /dev/null; then
  check "the entry's checksum is the SHA-256 of its content" \
    checksum_right "$(entry_of first)"
fi

check "a change of host code only: a hit" \
  runs 0 edited host.c compile unit.c host
check "a change of a kernel: a miss" \
  runs 1 edited kernel.c compile unit.c kernel

arch=sm_80
check "another architecture: a miss" runs 1 compile unit.c sm80
check "... and then a hit" runs 0 compile unit.c sm80-again
arch=sm_80,sm_90
check "two architectures: a miss, an nvcc run each" runs 2 compile unit.c two-archs
arch=
default_archs ()
{
  runs 3 compile unit.c default && runs 0 compile unit.c default-again \
    && log_has default-again "from the cache .* (archs sm_80,sm_90)"
}
check "the default architectures: nvcc --list-gpu-code once, nvcc once each" \
  default_archs
arch=sm_90

cp "$nvcc" "$work/other/nvcc"
nvcc=$work/other/nvcc
check "another nvcc: a miss" runs 1 compile unit.c other-nvcc
touch -d '2001-02-03 04:05:06' "$nvcc"
check "a touched nvcc: a miss" runs 1 compile unit.c touched-nvcc
nvcc=$work/bin/nvcc
NVCC_APPEND_FLAGS=-lineinfo
export NVCC_APPEND_FLAGS
check "NVCC_APPEND_FLAGS: a miss" runs 1 compile unit.c append-flags
unset NVCC_APPEND_FLAGS
check "-ffp-contract=off (-fmad=false): a miss" \
  runs 1 compile unit.c no-fma -ffp-contract=off
check "nothing changed: still a hit" runs 0 compile unit.c again

# ---- Entries that fail a check ----------------------------------------

# damaged HOW WHY: after HOW (a function of the entry's file) the next
# compile runs nvcc, says WHY, makes the object of a clean compile and
# rewrites the entry (the compile after is a hit).
damaged ()
{
  fresh
  compile unit.c clean || return 1
  entry=$(entry_of clean)
  $1 "$entry" || return 1
  runs 1 compile unit.c damaged && same_object clean damaged \
    && log_has damaged "replacing an entry that was ignored: $2" \
    && runs 0 compile unit.c repaired
}
# put_bytes FILE OFFSET HEX: writes the bytes HEX at OFFSET of FILE.
put_bytes ()
{
  for byte in $(echo "$3" | sed 's/../& /g'); do
    printf "\\$(printf %03o "0x$byte")"
  done | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}
flip_last_byte ()
{
  last=$(tail -c 1 "$1" | od -An -tu1 | tr -d ' ')
  put_bytes "$1" $(($(wc -c < "$1") - 1)) "$(printf %02x $((last ^ 1)))"
}
truncate_entry () { truncate -s -10 "$1"; }
# The fatbin's magic number (after the 88-byte header and "sm_90") spoilt,
# the checksum made right.
not_a_fatbin ()
{
  put_bytes "$1" 93 51 \
    && put_bytes "$1" 56 "$(tail -c +89 "$1" | sha256sum | cut -c1-64)"
}
other_key () { cp "$work/kernel.entry" "$1"; }

check "an entry with a flipped byte: ignored, rewritten" \
  damaged flip_last_byte "its checksum does not match its content"
check "a truncated entry: ignored, rewritten" \
  damaged truncate_entry "its length is not the one its header gives"
if command -v sha256sum > /dev/null; then
  check "an entry whose fatbin is none: ignored, rewritten" \
    damaged not_a_fatbin "its fatbin is not valid: it does not start with a fatbin header"
fi
fresh
edited kernel.c compile unit.c kernel-entry && cp "$(entry_of kernel-entry)" "$work/kernel.entry"
check "an entry of another key: ignored, rewritten" \
  damaged other_key "its header holds another key"

# ---- Compiles at once -----------------------------------------------------

parallel ()
{
  fresh
  pids=
  for i in 1 2 3 4 5 6; do
    compile unit.c "parallel-$i" &
    pids="$pids $!"
  done
  status=0
  for pid in $pids; do
    wait "$pid" || status=1
  done
  [ $status -eq 0 ] && [ "$(entries)" -eq 1 ] \
    && [ "$(ls -A "$cache" | wc -l)" -eq 1 ] \
    && same_object parallel-1 parallel-6 && runs 0 compile unit.c after
}
check "6 compiles at once: all succeed, one entry, no temporary file" parallel

# ---- A cache that cannot be written ---------------------------------------

: > "$work/a-file"
not_a_directory ()
{
  (XDG_CACHE_HOME=$work/a-file && runs 1 compile unit.c enotdir) \
    && log_has enotdir "device code not cached: cannot open .*a-file: Not a directory" \
    && [ -f "$work/a-file" ] && [ ! -s "$work/a-file" ]
}
check "the cache directory a regular file: compiles, nothing left" \
  not_a_directory

# A fatbin of 128 KiB under a file size limit of 32 or 64 KiB (blocks of
# 512 or 1024 bytes, as the shell counts them): the CUDA source nvcc
# reads (17 KiB, most of it the prelude) fits, the entry does not.  The fake nvcc lifts the limit for its
# own fatbin; the assembly goes to a pipe, which has no limit.
cat > "$work/bin/unlimited" <<EOF
#!/bin/sh
ulimit -S -f unlimited
exec "$work/bin/nvcc" "\$@"
EOF
chmod +x "$work/bin/unlimited"

# full_disk [WRAPPER]: the compile under the limit, with SIGXFSZ ignored,
# or as WRAPPER (env --default-signal=XFSZ) sets it.
full_disk ()
{
  fresh
  mkdir -p "$cache" && chmod 700 "$work/xdg/mint" || return 1
  (cd "$work" && trap '' XFSZ && ulimit -S -f 64 \
     && NVCC_STUB_PTX_BYTES=131072 $1 $cc -O2 -fdiagnostics-plain-output \
          -fplugin="$plugin" -fplugin-arg-mint-arch=sm_90 \
          -fplugin-arg-mint-nvcc="$work/bin/unlimited" \
          -fplugin-arg-mint-verbose -S -o - unit.c 2>&1
   echo "exit $?") | cat > "$work/full.log"
  grep -q '^exit 0$' "$work/full.log" \
    && grep -q '__mint_fatbin' "$work/full.log" \
    && grep -q 'device code not cached: cannot write an entry: File too large' \
         "$work/full.log" \
    && [ -z "$(ls -A "$cache")" ]
}
check "a file size limit below the entry's (SIGXFSZ ignored): compiles, nothing left" \
  full_disk
if env --default-signal=XFSZ true 2> /dev/null; then
  check "... SIGXFSZ at its default action: compiles, nothing left" \
    full_disk "env --default-signal=XFSZ"
fi

if [ "$(id -u)" != 0 ]; then
  read_only ()
  {
    fresh
    mkdir -p "$cache" && chmod 500 "$cache" \
      && runs 1 compile unit.c read-only \
      && log_has read-only "device code not cached: cannot create a file in the cache: Permission denied" \
      && [ -z "$(ls -A "$cache")" ]
  }
  check "a read-only cache directory: compiles, nothing left" read_only
  chmod 700 "$cache"
fi

# ---- Off ------------------------------------------------------------------

off_twice ()
{
  fresh
  runs 1 compile unit.c off-1 "$@" && runs 1 compile unit.c off-2 "$@" \
    && [ ! -e "$work/xdg" ] && ! log_has off-2 "cache"
}
check "-fplugin-arg-mint-device-cache=off: nvcc every time, nothing written" \
  off_twice -fplugin-arg-mint-device-cache=off
MINT_DEVICE_CACHE=off
export MINT_DEVICE_CACHE
check "MINT_DEVICE_CACHE=off: nvcc every time, nothing written" off_twice
check "MINT_DEVICE_CACHE=off wins over -fplugin-arg-mint-device-cache=on" \
  off_twice -fplugin-arg-mint-device-cache=on
unset MINT_DEVICE_CACHE
on_explicitly ()
{
  runs 1 compile unit.c on-1 -fplugin-arg-mint-device-cache=on \
    && runs 0 compile unit.c on-2 -fplugin-arg-mint-device-cache=off \
         -fplugin-arg-mint-device-cache=on
}
check "-fplugin-arg-mint-device-cache=on (the last one counts): the cache" \
  on_explicitly
bad_value ()
{
  ! compile unit.c bad "$@" && log_has bad "$expected_error"
}
expected_error="bad value 'maybe' for '-fplugin-arg-mint-device-cache': expected 'on' or 'off'"
check "-fplugin-arg-mint-device-cache=maybe: an error" \
  bad_value -fplugin-arg-mint-device-cache=maybe
expected_error="bad value 'maybe' for 'MINT_DEVICE_CACHE': expected 'on' or 'off'"
MINT_DEVICE_CACHE=maybe
export MINT_DEVICE_CACHE
check "MINT_DEVICE_CACHE=maybe: an error" bad_value
unset MINT_DEVICE_CACHE
for size in 12X 0 -1 1.5G 99999999999999999999G; do
  expected_error="bad value '$size' for 'MINT_DEVICE_CACHE_SIZE'"
  MINT_DEVICE_CACHE_SIZE=$size
  export MINT_DEVICE_CACHE_SIZE
  check "MINT_DEVICE_CACHE_SIZE=$size: an error" bad_value
done
unset MINT_DEVICE_CACHE_SIZE

# ---- Directories and entries not to trust --------------------------------

not_private ()
{
  fresh
  compile unit.c private || return 1
  chmod g+w "$1"
  runs 1 compile unit.c group-writable \
    && log_has group-writable "device code not cached: .* is not private" \
    && [ "$(entries)" -eq 1 ]
  status=$?
  chmod g-w "$1"
  return $status
}
check "a group-writable cache directory: not used" not_private "$cache"
check "a group-writable mint directory: not used" not_private "$work/xdg/mint"
other_owner ()
{
  fresh
  compile unit.c owned || return 1
  chown nobody "$cache" || return 1
  runs 1 compile unit.c not-owned \
    && log_has not-owned "device code not cached: .* is not private"
  status=$?
  chown "$(id -u)" "$cache"
  return $status
}
if [ "$(id -u)" = 0 ] && id nobody > /dev/null 2>&1; then
  check "a cache directory of another user's: not used" other_owner
fi

symbolic_link ()
{
  fresh
  compile unit.c linked || return 1
  entry=$(entry_of linked)
  mv "$entry" "$work/target" && cp "$work/target" "$work/target.copy" \
    && ln -s "$work/target" "$entry" \
    && runs 1 compile unit.c through-link \
    && log_has through-link "replacing an entry that was ignored: it is a symbolic link" \
    && [ -f "$entry" ] && [ ! -h "$entry" ] \
    && cmp -s "$work/target" "$work/target.copy"
}
check "a symbolic link as the entry: not used, replaced" symbolic_link

# ---- The size bound -------------------------------------------------------

# Units of other kernels (entries of 181 bytes: 5 fit in 1 KiB).
for i in 1 2 3 4 5 6 7; do
  sed "s/2\\.0/$i.5/" "$work/unit.c" > "$work/size-$i.c"
done
bounded ()
{
  fresh
  for i in 1 2 3 4 5; do
    compile "size-$i.c" "size-$i" || return 1
  done
  mkdir -p "$cache"
  : > "$cache/.tmp-0123456789abcdef"
  touch -d '2 hours ago' "$cache/.tmp-0123456789abcdef"
  : > "$cache/.tmp-fedcba9876543210"
  # 1 is used again: 2 is the least recently used now.
  runs 0 compile size-1.c size-1-again \
    && runs 1 compile size-6.c size-6 \
    && [ "$(entries)" -eq 5 ] && [ -f "$(entry_of size-1)" ] \
    && [ -z "$(entry_of size-2)" ] \
    && [ ! -e "$cache/.tmp-0123456789abcdef" ] \
    && [ -e "$cache/.tmp-fedcba9876543210" ] \
    && [ "$(cat "$cache"/[0-9a-f]* | wc -c)" -le 1024 ]
}
MINT_DEVICE_CACHE_SIZE=1K
export MINT_DEVICE_CACHE_SIZE
check "MINT_DEVICE_CACHE_SIZE=1K: the least recently used entries go" bounded
too_large ()
{
  (MINT_DEVICE_CACHE_SIZE=100 && runs 1 compile size-7.c size-7) \
    && log_has size-7 "device code not cached: its 181 bytes exceed the cache's size (100 bytes"
}
check "an entry larger than the cache: not cached" too_large
unset MINT_DEVICE_CACHE_SIZE

# ---- The real nvcc ----------------------------------------------------------

if [ -n "$MINT_NVCC" ] && [ -x "$MINT_NVCC" ]; then
  real_hit ()
  {
    fresh
    nvcc=$MINT_NVCC
    compile unit.c real && log_has real "device code cached" \
      && compile unit.c real-again && same_object real real-again \
      && log_has real-again "device code from the cache"
    status=$?
    nvcc=$work/bin/nvcc
    return $status
  }
  check "the real nvcc: a hit the second time" real_hit
else
  echo "SKIP: the real nvcc (configure found none)"
fi

finish device-cache
