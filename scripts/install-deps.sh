#!/bin/sh
# jetgate's dependencies, all Debian/Ubuntu packages; every name exists on
# Debian 11 and 12 and Ubuntu 20.04, 22.04 and 24.04 (docs/portability.md
# records the evidence), except the optional ones, which are skipped where
# the distribution lacks them.
#   scripts/install-deps.sh           what building jetgate needs
#   scripts/install-deps.sh --tests   that, plus the test suite's packages and,
#                                     where available, the extra lanes' tools
#   scripts/install-deps.sh --cross-arm64   (with or without --tests) the arm64
#                                     cross compiler and libraries (Debian
#                                     multiarch) and qemu-user to test them
# Runs apt-get as root (through sudo when not root). Safe to run twice.
set -eu
build="build-essential cmake pkg-config libjansson-dev libexpat1-dev libyaml-dev"
tests="libcmocka-dev python3 python3-venv python3-pip git time"
# valgrind: scripts/test.sh's memcheck tests (tests/memcheck/); clang + libclang-rt-dev: the fuzz
# lane (libclang-rt-dev is Debian 12 / Ubuntu 24.04 and later; older releases
# ship libFuzzer with clang itself).
optional="valgrind clang libclang-rt-dev"
cross="gcc-aarch64-linux-gnu libc6-dev:arm64 libjansson-dev:arm64 libexpat1-dev:arm64
       libyaml-dev:arm64 qemu-user"
want=$build with_optional="" with_cross=""
for arg in "$@"; do
  case $arg in
    --tests) want="$want $tests" with_optional=1 ;;
    --cross-arm64) with_cross=1 ;;
    *) echo "usage: scripts/install-deps.sh [--tests] [--cross-arm64]" >&2; exit 2 ;;
  esac
done
[ -n "$with_optional" ] || optional=""
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if [ -n "$with_cross" ]; then
  want="$want $cross"
  case " $want " in *" libcmocka-dev "*) want="$want libcmocka-dev:arm64" ;; esac
  dpkg --print-foreign-architectures | grep -qx arm64 || as_root dpkg --add-architecture arm64
fi
apt() { as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
missing=""
for p in $want $optional; do installed "$p" || missing="$missing $p"; done
[ -n "$missing" ] || exit 0
apt update -q
required="" extra=""
for p in $missing; do
  case " $optional " in
    *" $p "*)
      # apt-cache policy names a candidate only for packages the archive has.
      if apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [^(]'; then
        extra="$extra $p"
      else
        echo "install-deps: optional $p is not in this distribution's archive; skipped" >&2
      fi ;;
    *) required="$required $p" ;;
  esac
done
# shellcheck disable=SC2086
[ -z "$required" ] || apt install -y -q --no-install-recommends $required
# shellcheck disable=SC2086
[ -z "$extra" ] || apt install -y -q --no-install-recommends $extra ||
  echo "install-deps: optional packages ($extra ) failed to install; their lanes will say so" >&2
