#!/bin/sh
# The oldest toolchain jetgate promises to build with, built from source:
# CMake 3.16.3 and the library versions of Ubuntu 20.04 / JetPack 5
# (jansson 2.12, expat 2.2.9, libyaml 0.2.2, cmocka 1.1.5), plus expat 2.2.5
# (JetPack 4). Each comes from its public git repository at its release tag,
# is installed into a private prefix, and jetgate is configured, built with
# -Werror and tested against it with nothing from the system's copies.
#
#   scripts/compat-lane.sh [WORKDIR]      (default build/compat)
#
# CMake links the system's curl, libarchive, jsoncpp, libuv, rhash, zlib,
# bzip2, lzma and zstd (bootstrap --system-libs, as Debian and Ubuntu build
# it; the bundled copies would add hundreds of files to compile): on Debian/Ubuntu
#   apt-get install g++ make autoconf automake libtool libbz2-dev \
#     libcurl4-openssl-dev libjsoncpp-dev libarchive-dev liblzma-dev \
#     librhash-dev libuv1-dev zlib1g-dev libzstd-dev
# JG_COMPAT_MIRROR=DIR takes each repository from DIR/OWNER+NAME/repo (a
# local bare mirror, read with git archive) instead of cloning
# https://github.com/OWNER/NAME.git.
# JG_COMPAT_CMAKE=/path/to/cmake: skip CMake 3.16.3 and test only the
# library versions with that CMake (the summary names it).
# JG_COMPAT_JOBS=N parallel jobs (default 2). Fetched sources stay under
# WORKDIR/src; nothing is copied into the tree. CMake takes most of the
# lane's time; it is kept and reused on later runs.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
work=${1:-build/compat}
mkdir -p "$work"
work=$(cd "$work" && pwd)
jobs=${JG_COMPAT_JOBS:-2}
src=$work/src
deps=$work/deps
log=$work/logs
mkdir -p "$src" "$log"

say() { printf '== %s\n' "$*"; }
# run LOGNAME CMD...: keep the noise in a log, show its tail when it fails.
run() {
  step=$1; shift
  if ! "$@" >"$log/$step.log" 2>&1; then
    echo "compat-lane: $step failed; last lines of $log/$step.log:" >&2
    tail -30 "$log/$step.log" >&2
    exit 1
  fi
}
# checkout OWNER/NAME TAG [SUBDIR]: the tag's tree (or its SUBDIR) under
# $src, by a shallow clone, or from a local mirror with git archive (mirrors
# may lack large files the build never reads, such as expat's testdata).
checkout() {
  dir=$src/$(basename "$1")-$2
  if [ ! -d "$dir" ]; then
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    if [ -n "${JG_COMPAT_MIRROR:-}" ]; then
      git --git-dir="$JG_COMPAT_MIRROR/$(echo "$1" | tr / +)/repo" archive "$2" ${3:+"$3"} |
        tar -x -C "$dir.tmp" && [ -n "$(ls "$dir.tmp")" ]
    else
      rmdir "$dir.tmp" &&
        git -c advice.detachedHead=false clone -q --depth 1 --branch "$2" "https://github.com/$1.git" "$dir.tmp"
    fi || { rm -rf "$dir.tmp"; echo "compat-lane: cannot get $1 at $2" >&2; exit 1; }
    mv "$dir.tmp" "$dir"
  fi
  echo "$dir${3:+/$3}"
}

# Only cmake and ctest are built, unoptimised (-O0: the lane tests what CMake
# 3.16.3 accepts, not how fast it runs), and used from their build tree.
cmake_bin=$work/cmake-build/bin/cmake
ctest_bin=$work/cmake-build/bin/ctest
cmake_version=3.16.3
if [ -n "${JG_COMPAT_CMAKE:-}" ]; then
  # The library half of the lane alone, with another CMake (say so loudly).
  cmake_bin=$JG_COMPAT_CMAKE
  ctest_bin=$(dirname "$cmake_bin")/ctest
  cmake_version=$("$cmake_bin" --version | sed -n 's/^cmake version //p')
  say "JG_COMPAT_CMAKE: CMake $cmake_version, not 3.16.3"
elif ! "$ctest_bin" --version 2>/dev/null | grep -q "version $cmake_version\$"; then
  say "CMake $cmake_version (bootstrap; slow)"
  d=$(checkout Kitware/CMake "v$cmake_version")
  if [ -f "$work/cmake-build/Makefile" ]; then # an interrupted build resumes
    (cd "$work/cmake-build" && run cmake-make-resumed make -j "$jobs" cmake ctest)
  else
    rm -rf "$work/cmake-build" && mkdir -p "$work/cmake-build"
    (cd "$work/cmake-build" &&
      run cmake-bootstrap env CFLAGS=-O0 CXXFLAGS=-O0 "$d/bootstrap" --parallel="$jobs" \
        --system-libs --no-qt-gui -- -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE= &&
      run cmake-make make -j "$jobs" cmake ctest)
  fi
fi
"$cmake_bin" --version | head -1

# cmake_lib NAME SRCDIR PREFIX ARGS...: one library's CMake build, installed.
cmake_lib() {
  name=$1 dir=$2 prefix=$3; shift 3
  b=$work/build-$name
  rm -rf "$b"
  run "$name-configure" "$cmake_bin" "-H$dir" "-B$b" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=Release "$@"
  run "$name-build" "$cmake_bin" --build "$b" -- -j "$jobs"
  run "$name-install" "$cmake_bin" --build "$b" --target install
}
# autotools_lib NAME SRCDIR PREFIX ARGS...: the distributions' own build.
autotools_lib() {
  name=$1 dir=$2 prefix=$3; shift 3
  (cd "$dir" && run "$name-autoreconf" autoreconf -fi &&
    run "$name-configure" ./configure --prefix="$prefix" --libdir="$prefix/lib" "$@" &&
    run "$name-build" make -j "$jobs" &&
    run "$name-install" make install)
}

common=$deps/common
if [ ! -f "$common/.done" ]; then
  say "jansson 2.12, libyaml 0.2.2, cmocka 1.1.5"
  d=$(checkout akheron/jansson v2.12)
  cmake_lib jansson "$d" "$common" \
    -DJANSSON_BUILD_SHARED_LIBS=ON -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON
  d=$(checkout yaml/libyaml 0.2.2)
  autotools_lib libyaml "$d" "$common" --disable-static
  d=$(checkout coreboot/cmocka cmocka-1.1.5)
  cmake_lib cmocka "$d" "$common" \
    -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF
  touch "$common/.done"
fi

summary=""
for expat_tag in R_2_2_9 R_2_2_5; do
  v=$(echo "$expat_tag" | sed 's/^R_//; s/_/./g')
  prefix=$deps/expat-$v
  if [ ! -f "$prefix/.done" ]; then
    say "expat $v"
    d=$(checkout libexpat/libexpat "$expat_tag" expat)
    autotools_lib "expat-$v" "$d" "$prefix" \
      --disable-static --without-xmlwf --without-docbook
    touch "$prefix/.done"
  fi
  say "jetgate with CMake $cmake_version, jansson 2.12, expat $v, libyaml 0.2.2, cmocka 1.1.5"
  b=$work/jetgate-expat-$v
  rm -rf "$b"
  # Only the prefix's .pc files are visible: a system copy cannot stand in.
  export PKG_CONFIG_LIBDIR="$common/lib/pkgconfig:$prefix/lib/pkgconfig"
  export LD_LIBRARY_PATH="$common/lib:$prefix/lib"
  run "jetgate-$v-configure" "$cmake_bin" "-H$root" "-B$b" -DJETGATE_WERROR=ON
  run "jetgate-$v-build" "$cmake_bin" --build "$b" -- -j "$jobs"
  # The binary must really be linked with the versions built here.
  for lib in libjansson libexpat libyaml; do
    ldd "$b/src/jetgate" | grep "$lib" | grep -q "$deps/" ||
      { echo "compat-lane: $b/src/jetgate is not linked with $deps' $lib" >&2; ldd "$b/src/jetgate" >&2; exit 1; }
  done
  (cd "$b" && "$ctest_bin" --output-on-failure -j "$jobs" >"$log/jetgate-$v-ctest.log" 2>&1) ||
    { tail -40 "$log/jetgate-$v-ctest.log" >&2; exit 1; }
  line=$(grep -E 'tests passed' "$log/jetgate-$v-ctest.log")
  summary="$summary
expat $v: $line"
done
say "summary (CMake $cmake_version, $(cc --version | head -1))$summary"
