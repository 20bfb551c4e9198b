#!/bin/bash
# artefacts.sh OUT [GLIBC_MAX]: what scripts/release.sh wrote into OUT is
# complete and each copy of jetgate in it keeps the glibc ceiling (default
# 2.27, JetPack 4.6): for every architecture present, the download
# jetgate-VERSION-linux-ARCH, the binary inside jetgate_VERSION_DEBARCH.deb
# and the one inside the wheel jetgate-VERSION-py3-none-manylinux_2_27_ARCH.whl
# each pass portable_binary.sh; the wheel's binary is the download byte for
# byte and its tag names the same ceiling; the .deb depends on libc6 (>= MAX)
# and nothing else; SHA256SUMS lists every artefact and verifies.
set -euo pipefail
out=$1 max=${2:-2.27}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tag=manylinux_${max%%.*}_${max#*.}
arches=$(cd "$out" && ls jetgate-*-linux-* 2>/dev/null | sed 's/^jetgate-.*-linux-//')
[ -n "$arches" ] || fail "no jetgate-VERSION-linux-ARCH in $out"
for arch in $arches; do
  bin=$(ls "$out"/jetgate-*-linux-"$arch")
  version=$(basename "$bin" | sed "s/^jetgate-//; s/-linux-$arch\$//")
  deb_arch=$(echo "$arch" | sed 's/^x86_64$/amd64/; s/^aarch64$/arm64/')
  bash "$here/portable_binary.sh" "$bin" "$max" | tail -1 | sed "s|^|$arch download: |" || fail "$arch download"
  deb=$out/jetgate_${version}_$deb_arch.deb
  if [ -f "$deb" ]; then
    dpkg-deb -x "$deb" "$tmp/deb-$arch"
    bash "$here/portable_binary.sh" "$tmp/deb-$arch/usr/bin/jetgate" "$max" | tail -1 | sed "s|^|$arch .deb: |" ||
      fail "$arch .deb's binary"
    [ "$(dpkg-deb -f "$deb" Architecture)" = "$deb_arch" ] || fail "$deb: Architecture is not $deb_arch"
    [ "$(dpkg-deb -f "$deb" Depends)" = "libc6 (>= $max)" ] || fail "$deb: Depends is '$(dpkg-deb -f "$deb" Depends)'"
  else
    fail "no $deb"
  fi
  whl=$out/jetgate-$version-py3-none-${tag}_$arch.whl
  if [ -f "$whl" ]; then
    python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("jetgate/bin/jetgate"))' \
      "$whl" >"$tmp/whl-$arch"
    cmp -s "$bin" "$tmp/whl-$arch" || fail "$whl: its jetgate is not the download $bin"
    echo "$arch wheel: $(basename "$whl") carries the download byte for byte"
  else
    fail "no $whl"
  fi
done
if [ -f "$out/SHA256SUMS" ]; then
  (cd "$out" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not verify"
  for f in "$out"/jetgate-* "$out"/jetgate_*.deb; do
    grep -q "  ${f##*/}\$" "$out/SHA256SUMS" || fail "SHA256SUMS lacks ${f##*/}"
  done
else
  fail "no $out/SHA256SUMS"
fi
[ "$fails" = 0 ] || exit 1
echo "ok: $(echo $arches): download, .deb and wheel each need at most GLIBC_$max; SHA256SUMS verifies"
