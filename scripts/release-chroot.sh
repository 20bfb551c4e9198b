#!/bin/sh
# Build the release (scripts/release.sh) inside a Debian 11 (bullseye) chroot:
# glibc 2.31 there, and the binaries built against it need at most
# GLIBC_2.27 (JetPack 4.6's glibc), which a Debian 12 build does not. The
# chroot also cross-compiles for arm64 with Debian multiarch and runs the
# aarch64 suite under qemu-user, then installs the amd64 .deb in it and runs
# it (scripts/release-check-deb.sh).
#
#   sudo scripts/release-chroot.sh [CHROOT] [OUT]
#     CHROOT  default /var/tmp/jetgate-bullseye (made with debootstrap when absent)
#     OUT     default build/release (inside this checkout)
#   sudo scripts/release-chroot.sh --run CMD [CHROOT]
#     runs CMD (sh -c, in the checkout) in the same chroot instead, with the
#     --tests packages installed (scripts/gcc9-lane.sh --chroot uses it)
# JG_DEBIAN_MIRROR (default http://deb.debian.org/debian). Needs root,
# debootstrap and about 1.5 GB. The checkout is bind-mounted at its own path.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
run_cmd=""
if [ "${1:-}" = --run ]; then
  [ $# -ge 2 ] || { echo "usage: scripts/release-chroot.sh --run CMD [CHROOT]" >&2; exit 2; }
  run_cmd=$2; shift 2
fi
chroot_dir=${1:-/var/tmp/jetgate-bullseye}
out=${2:-build/release}
mirror=${JG_DEBIAN_MIRROR:-http://deb.debian.org/debian}
[ "$(id -u)" = 0 ] || { echo "release-chroot: needs root (debootstrap, mount, chroot)" >&2; exit 2; }
if [ ! -f "$chroot_dir/etc/debian_version" ]; then
  echo "== debootstrap bullseye into $chroot_dir"
  debootstrap --variant=minbase bullseye "$chroot_dir" "$mirror"
fi
mounted=""
cleanup() { for m in $mounted; do umount "$m" || true; done; }
trap cleanup EXIT INT TERM
bind() { # bind SRC DEST-inside-chroot
  mkdir -p "$chroot_dir$2"
  mountpoint -q "$chroot_dir$2" || { mount --bind "$1" "$chroot_dir$2"; mounted="$chroot_dir$2 $mounted"; }
}
mountpoint -q "$chroot_dir/proc" || { mount -t proc proc "$chroot_dir/proc"; mounted="$chroot_dir/proc $mounted"; }
bind /dev /dev
bind "$root" "$root"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
in_chroot() { chroot "$chroot_dir" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"; }
if [ -n "$run_cmd" ]; then
  echo "== packages: build and tests (scripts/install-deps.sh --tests)"
  in_chroot sh -c "cd '$root' && scripts/install-deps.sh --tests" >/dev/null
  in_chroot sh -c "cd '$root' && $run_cmd"
  exit
fi
echo "== packages: build, tests, arm64 cross and qemu (scripts/install-deps.sh)"
in_chroot sh -c "cd '$root' && scripts/install-deps.sh --tests --cross-arm64" >/dev/null
echo "== $(in_chroot sh -c '. /etc/os-release; echo $PRETTY_NAME'), $(in_chroot ldd --version | head -1)"
in_chroot JG_RELEASE_ARCHES="${JG_RELEASE_ARCHES:-x86_64 aarch64}" JG_TIMEOUT_SCALE="${JG_TIMEOUT_SCALE:-}" sh -c "cd '$root' && scripts/release.sh '$out'"
in_chroot sh -c "cd '$root' && scripts/release-check-deb.sh '$out'"
