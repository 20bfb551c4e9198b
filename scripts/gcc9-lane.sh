#!/bin/sh
# JetPack 5's compiler is gcc 9 (Ubuntu 20.04: 9.4); jetgate promises it
# builds clean with -Werror. gcc's -Wformat-truncation and -Wstringop-*
# findings depend on the optimisation level, so the whole tree (jetgate and
# the tests) is built in each build type with gcc-9 and -Werror.
#   scripts/gcc9-lane.sh [DIR]      where gcc-9 is installed (Debian 11 or
#                                   Ubuntu 20.04: apt-get install gcc-9),
#                                   with the --tests packages; DIR default build/gcc9
#   sudo scripts/gcc9-lane.sh --chroot [CHROOT]
#                                   the same in scripts/release-chroot.sh's
#                                   Debian 11 chroot (made when absent), gcc-9
#                                   (9.3) installed there first
# JG_GCC9_TYPES (default "Release RelWithDebInfo Debug").
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = --chroot ]; then
  shift
  exec scripts/release-chroot.sh --run \
    "apt-get install -y -q --no-install-recommends gcc-9 >/dev/null && scripts/gcc9-lane.sh" "$@"
fi
dir=${1:-build/gcc9}
cc=${JG_GCC9:-gcc-9}
command -v "$cc" >/dev/null || { echo "gcc9-lane: no $cc here (Debian 11, Ubuntu 20.04: apt-get install gcc-9; or --chroot)" >&2; exit 2; }
"$cc" -dumpfullversion 2>/dev/null | grep -q '^9\.' || { echo "gcc9-lane: $cc is not gcc 9" >&2; exit 2; }
echo "== $("$cc" --version | head -1)"
for type in ${JG_GCC9_TYPES:-Release RelWithDebInfo Debug}; do
  b=$dir/$type
  cmake -S . -B "$b" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" -DJETGATE_WERROR=ON \
    -DJETGATE_TESTS=ON >/dev/null
  if cmake --build "$b" -j "$(nproc 2>/dev/null || echo 2)" >"$b/build.log" 2>&1; then
    echo "ok: $type: -Werror build clean ($(grep -c 'Building C object' "$b/build.log") objects)"
  else
    grep -E 'error|warning' "$b/build.log" | head -30 >&2
    echo "gcc9-lane: $type: the -Werror build failed ($b/build.log)" >&2
    exit 1
  fi
done
