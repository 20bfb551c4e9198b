#!/bin/bash
# portable_binary.sh BINARY MAX: BINARY must need no glibc symbol version
# newer than GLIBC_MAX and no shared library but glibc's own (jansson, expat
# and libyaml linked in). Lists what it needs, so a failure names the symbols.
# readelf reads any architecture's ELF (the cross-built aarch64 binary too).
set -eu
bin=$1 max=$2
newer() { [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -1)" = "$1" ]; }
syms=$(readelf -W --dyn-syms "$bin" | grep -oE '[A-Za-z0-9_.]+@GLIBC_[0-9.]+' | sort -u)
[ -n "$syms" ] || { echo "FAIL: $bin has no versioned GLIBC_ symbols (not a dynamic glibc binary?)"; exit 1; }
echo "versioned glibc symbols of $bin, by version:"
printf '%s\n' "$syms" | sed 's/.*@GLIBC_//' | sort -V | uniq -c
fails=0
while IFS=@ read -r sym ver; do
  ver=${ver#GLIBC_}
  if newer "$ver" "$max"; then echo "FAIL: $sym needs GLIBC_$ver, newer than $max"; fails=$((fails + 1)); fi
done <<<"$syms"
# The same comparison must refuse something: every glibc binary needs more than 2.0.
newest=$(printf '%s\n' "$syms" | sed 's/.*@GLIBC_//' | sort -V | tail -1)
newer "$newest" 2.0 || { echo "FAIL: the version comparison accepts $newest as <= 2.0"; fails=$((fails + 1)); }
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $(echo $needed)"
for lib in $needed; do
  case $lib in
    libc.so.6 | libm.so.6 | libdl.so.2 | libpthread.so.0 | ld-linux*.so.*) ;;
    *) echo "FAIL: needs $lib (only glibc's libraries may be dynamic)"; fails=$((fails + 1)) ;;
  esac
done
[ "$fails" = 0 ] || exit 1
echo "ok: needs at most GLIBC_$newest (<= $max) and only glibc's libraries"
