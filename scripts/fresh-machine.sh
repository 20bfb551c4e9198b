#!/bin/sh
# The README's two commands on fresh machines: each distribution is a
# debootstrap --variant=minbase chroot (nothing but apt and the essential
# packages), a copy of this checkout goes into it, and the README's commands,
# read from README.md itself, run there as root, in order:
#   1. scripts/install-deps.sh && cmake ... && cmake --build ... && build/src/jetgate doctor
#      (with only the build packages: every step before doctor must exit 0;
#      doctor must print its verdict and exit 0, or 1 = CUDA not shown to
#      work, which is its answer on a host without a GPU)
#   2. scripts/install-deps.sh --tests && scripts/test.sh   (must exit 0)
# Each command's wall time is printed; skipped tests are listed with why.
#
#   scripts/fresh-machine.sh [--first-only] [DIST...]
#     DIST  bookworm (Debian 12), bullseye (Debian 11), noble (Ubuntu 24.04).
#           Default: bookworm and noble when archive.ubuntu.com answers,
#           else bookworm and bullseye.
#     --first-only  run the first command only
# JG_FRESH_DIR (default /var/tmp/jetgate-fresh) holds a pristine chroot per
# distribution (DIST.base, made once, reused) and the one each run uses
# (DIST.run, a fresh copy, removed at the start of the next run; its logs are
# DIST.run/root/*.log). JG_DEBIAN_MIRROR, JG_UBUNTU_MIRROR. Needs root,
# debootstrap, network access to the archives and about 3 GB per distribution.
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)
work=${JG_FRESH_DIR:-/var/tmp/jetgate-fresh}
debian=${JG_DEBIAN_MIRROR:-http://deb.debian.org/debian}
ubuntu=${JG_UBUNTU_MIRROR:-http://archive.ubuntu.com/ubuntu}
# Ubuntu Archive Automatic Signing Key (2018): the only key trusted for noble.
ubuntu_key=F6ECB3762474EDA9D21B7022871920D1991BC93C
ubuntu_keyring_deb=pool/main/u/ubuntu-keyring/ubuntu-keyring_2023.11.28.1_all.deb
first_only=""
[ "${1:-}" = --first-only ] && { first_only=1; shift; }
usage() { echo "usage: scripts/fresh-machine.sh [--first-only] [bookworm|bullseye|noble]..." >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "fresh-machine: needs root (debootstrap, mount, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh-machine: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
case $work in "$src"/*) echo "fresh-machine: JG_FRESH_DIR must be outside the checkout" >&2; exit 2 ;; esac
for d in "$@"; do case $d in bookworm | bullseye | noble) ;; *) usage ;; esac; done
if [ $# = 0 ]; then
  if curl -fsI --max-time 20 "$ubuntu/dists/noble/Release" >/dev/null 2>&1; then
    set -- bookworm noble
  else
    echo "fresh-machine: $ubuntu does not answer; Debian 11 instead of Ubuntu 24.04"
    set -- bookworm bullseye
  fi
fi
# The README's commands, as written there (the indented lines that follow
# the two sentences introducing them).
readme_cmd() { awk -v key="$1" 'index($0, key) == 1 { on = 1; next } on && /^    [^ ]/ { sub(/^    /, ""); print; exit }' README.md; }
first=$(readme_cmd 'Build and run the main job')
second=$(readme_cmd 'Run every test')
[ -n "$first" ] && [ -n "$second" ] || { echo "fresh-machine: README.md's two commands not found" >&2; exit 1; }
mkdir -p "$work"

ubuntu_keyring() { # a keyring holding only $ubuntu_key, for debootstrap --keyring
  kr=$work/ubuntu-2018.gpg
  [ -s "$kr" ] && { echo "$kr"; return; }
  tmp=$(mktemp -d)
  curl -fsS --max-time 120 -o "$tmp/k.deb" "$ubuntu/$ubuntu_keyring_deb"
  dpkg-deb -x "$tmp/k.deb" "$tmp/x"
  GNUPGHOME=$tmp gpg -q --no-default-keyring --keyring "$tmp/x/usr/share/keyrings/ubuntu-archive-keyring.gpg" \
    --export "$ubuntu_key" >"$kr.tmp"
  GNUPGHOME=$tmp gpg --show-keys --with-colons "$kr.tmp" | grep -q "^fpr:*$ubuntu_key:" ||
    { echo "fresh-machine: the Ubuntu keyring lacks key $ubuntu_key" >&2; rm -rf "$tmp" "$kr.tmp"; exit 1; }
  mv "$kr.tmp" "$kr"; rm -rf "$tmp"; echo "$kr"
}
make_base() { # DIST: debootstrap a minbase chroot once
  base=$work/$1.base
  # (a noble base without universe lacks libcmocka-dev: made again)
  [ -f "$base/etc/os-release" ] && { [ "$1" != noble ] || grep -q universe "$base/etc/apt/sources.list"; } && return
  rm -rf "$base"
  echo "== $1: debootstrap --variant=minbase"
  case $1 in
    # universe: libcmocka-dev, clang (enabled on every Ubuntu install by default)
    noble) debootstrap --variant=minbase --components=main,universe --keyring="$(ubuntu_keyring)" \
             noble "$base" "$ubuntu" /usr/share/debootstrap/scripts/gutsy ;;
    *) debootstrap --variant=minbase "$1" "$base" "$debian" ;;
  esac >"$work/$1.debootstrap.log" 2>&1 || { tail -20 "$work/$1.debootstrap.log" >&2; exit 1; }
}

mounted=""
cleanup() { for m in $mounted; do umount -R "$m" 2>/dev/null || umount -l "$m" || true; done; mounted=""; }
trap cleanup EXIT INT TERM

run_dist() { # DIST
  dist=$1 run=$work/$1.run
  make_base "$dist"
  echo "== $dist: fresh copy of the minbase chroot"
  cleanup; rm -rf "$run"; cp -a "$work/$dist.base" "$run"
  mount -t proc proc "$run/proc" && mounted="$run/proc $mounted"
  mount --rbind /dev "$run/dev" && mount --make-rslave "$run/dev" && mounted="$run/dev $mounted"
  cp /etc/resolv.conf "$run/etc/resolv.conf"
  # The checkout as it stands: tracked and untracked files git does not ignore.
  mkdir -p "$run/root/jetgate"
  git ls-files -z -c -o --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$run/root/jetgate"
  name=$(. "$run/etc/os-release"; echo "$PRETTY_NAME")
  in_chroot() { chroot "$run" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 TERM=dumb sh -c "cd /root/jetgate && $1"; }
  echo "== $dist ($name): 1. $first"
  # Split at ' && ': every step but the last (doctor) must succeed.
  steps=$(printf '%s\n' "$first" | sed 's/ && /\n/g')
  last=$(printf '%s\n' "$steps" | tail -1)
  t0=$(date +%s) ok=1
  printf '%s\n' "$steps" | sed '$d' >"$run/root/steps"
  while IFS= read -r step; do
    set +e; in_chroot "$step" >>"$run/root/first.log" 2>&1; rc=$?; set -e
    [ "$rc" = 0 ] || { echo "FAIL: '$step' exited $rc"; tail -30 "$run/root/first.log"; ok=""; break; }
  done <"$run/root/steps"
  if [ -n "$ok" ]; then
    set +e; in_chroot "$last" >"$run/root/doctor.log" 2>&1; rc=$?; set -e
    cat "$run/root/doctor.log" >>"$run/root/first.log"
    if [ "$rc" -gt 1 ] || ! grep -Eq '^(CUDA is blocked|Blocked, but not|No blocking problem|No NVIDIA GPU here)' "$run/root/doctor.log"; then
      echo "FAIL: '$last' exited $rc without a verdict"; tail -30 "$run/root/doctor.log"; ok=""
    else
      echo "   doctor: exit $rc, $(grep -E '^(CUDA is blocked|Blocked, but not|No blocking problem|No NVIDIA GPU here)' "$run/root/doctor.log" | cut -c1-100)"
    fi
  fi
  echo "   first command: $([ -n "$ok" ] && echo ok || echo FAILED), $(($(date +%s) - t0)) s wall"
  grep -q 'tests off: cmocka not found' "$run/root/first.log" && echo "   (configure said: tests off: cmocka not found)"
  [ -n "$ok" ] || failed="$failed $dist"
  [ -n "$ok" ] && [ -z "$first_only" ] || return 0
  echo "== $dist ($name): 2. $second"
  t0=$(date +%s)
  set +e; in_chroot "$second" >"$run/root/second.log" 2>&1; rc=$?; set -e
  second_s=$(($(date +%s) - t0))
  grep -E '^(==|--) |tests passed|tests failed|^skipped' "$run/root/second.log" | sed 's/^/   /'
  if [ "$rc" = 0 ]; then echo "   second command: ok, ${second_s} s wall"
  else echo "   second command: FAILED (exit $rc), ${second_s} s wall; $run/root/second.log"
    tail -40 "$run/root/second.log"; failed="$failed $dist"; fi
}

failed=""
for dist in "$@"; do run_dist "$dist"; done
cleanup
[ -z "$failed" ] || { echo "fresh-machine: failed on:$failed"; exit 1; }
if [ -n "$first_only" ]; then echo "fresh-machine: the README's first command passes on: $*"
else echo "fresh-machine: both README commands pass on: $*"; fi
