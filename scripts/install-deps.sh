#!/bin/sh
# Build and test dependencies, all from Debian/Ubuntu packages.
# Runs apt-get as root (through sudo when not root). Safe to run twice.
set -eu
pkgs="build-essential cmake pkg-config libjansson-dev libexpat1-dev libyaml-dev
      libcmocka-dev clang libclang-rt-dev valgrind python3 git"
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
fi
