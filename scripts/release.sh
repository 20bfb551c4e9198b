#!/bin/sh
# Release artefacts for people who should not build: for each architecture
# a binary with jansson, expat and libyaml linked in (glibc stays dynamic so
# dlopen of libcuda works), its .deb, a Python wheel carrying the same binary
# (scripts/make-wheel.py: `pip install` it, then `jetgate` or
# `python -m jetgate`), and SHA256SUMS:
#   OUT/jetgate-VERSION-linux-x86_64   OUT/jetgate_VERSION_amd64.deb
#   OUT/jetgate-VERSION-linux-aarch64  OUT/jetgate_VERSION_arm64.deb
#   OUT/jetgate-VERSION-py3-none-manylinux_2_27_{x86_64,aarch64}.whl
#   OUT/SHA256SUMS
# Each build passes the whole test suite first (aarch64: cross-compiled with
# Debian multiarch and tested under qemu-user) plus release/portable_binary:
# no glibc symbol newer than 2.27 (JetPack 4.6) and no shared library but
# glibc's. Run it where glibc is old enough (Debian 11:
# scripts/release-chroot.sh); on a newer glibc the portable_binary test fails.
# At the end tests/release/artefacts.sh checks OUT: every copy of jetgate
# (download, .deb, wheel) within the ceiling, SHA256SUMS complete.
#
#   scripts/release.sh [OUT]       (default build/release)
# JG_RELEASE_ARCHES (default "x86_64 aarch64"), JG_RELEASE_JOBS (default nproc),
# JG_TIMEOUT_SCALE: every test time limit times this (default 4 natively, 12
# for the emulated suite; the unit and CLI probe tests then allow 8 s for a
# hung call's child to start, as under qemu).
# SHA256SUMS covers every artefact in OUT, so arches built one at a time
# into the same OUT end with one complete SHA256SUMS.
set -eu
cd "$(dirname "$0")/.."
out=${1:-build/release}
arches=${JG_RELEASE_ARCHES:-x86_64 aarch64}
jobs=${JG_RELEASE_JOBS:-$(nproc 2>/dev/null || echo 2)}
glibc_max=2.27
host=$(uname -m)
release_start=$(date +%s)
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/SHA256SUMS"

for arch in $arches; do
  dir=build/release-$arch
  deb_arch=$(echo "$arch" | sed 's/^x86_64$/amd64/; s/^aarch64$/arm64/')
  # Only this architecture's artefacts are replaced: arches can be built apart.
  rm -f "$out"/jetgate-*-linux-"$arch" "$out"/jetgate_*_"$deb_arch".deb
  set -- -DCMAKE_BUILD_TYPE=Release -DJETGATE_WERROR=ON -DJETGATE_STATIC_DEPS=ON \
    -DJETGATE_GLIBC_MAX=$glibc_max
  [ "$arch" = "$host" ] || set -- "$@" -DCMAKE_TOOLCHAIN_FILE="$(pwd)/cmake/$arch-linux-gnu.cmake"
  # A release proves correctness, not speed (CI's lanes judge the time limits):
  # the limits are stretched for a shared or loaded machine, more under qemu.
  if [ "$arch" = "$host" ]; then scale=${JG_TIMEOUT_SCALE:-4}; else scale=${JG_TIMEOUT_SCALE:-12}; fi
  set -- "$@" -DJG_TIMEOUT_SCALE="$scale"
  echo "== $arch: build (static jansson, expat, libyaml)"
  rm -rf "$dir"
  cmake -H. -B"$dir" "$@" >/dev/null
  cmake --build "$dir" -- -j "$jobs" >/dev/null
  echo "== $arch: tests"
  start=$(date +%s)
  if ! (cd "$dir" && ctest --output-on-failure -j "$jobs") >"$dir/ctest.log" 2>&1; then
    tail -60 "$dir/ctest.log" >&2
    echo "release: $arch tests failed (all of $dir/ctest.log)" >&2
    exit 1
  fi
  grep 'tests passed' "$dir/ctest.log"
  echo "$arch tests: $(($(date +%s) - start)) s"
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$dir/CMakeCache.txt")
  strip=$(sed -n 's/^CMAKE_STRIP:FILEPATH=//p' "$dir/CMakeCache.txt")
  "$strip" -o "$out/jetgate-$version-linux-$arch" "$dir/src/jetgate"
  bash tests/release/portable_binary.sh "$out/jetgate-$version-linux-$arch" "$glibc_max" | tail -1
  (cd "$dir" && cpack -G DEB >/dev/null && mv jetgate_*.deb "$out/")
  rm -f "$out"/jetgate-*-py3-none-*_"$arch".whl
  python3 scripts/make-wheel.py "$out/jetgate-$version-linux-$arch" "$version" "$arch" "$out" "$glibc_max"
done
(cd "$out" && sha256sum jetgate-* jetgate_*.deb >SHA256SUMS && cat SHA256SUMS)
bash tests/release/artefacts.sh "$out" "$glibc_max"
ls -l "$out"
echo "release: $(($(date +%s) - release_start)) s wall"
