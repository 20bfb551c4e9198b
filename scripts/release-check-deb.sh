#!/bin/sh
# Install the amd64 .deb from OUT (default build/release) on this machine,
# run the installed jetgate, and remove the package again. Needs root;
# refuses when a jetgate package is already installed (it would be replaced).
#   scripts/release-check-deb.sh [OUT]
set -eu
cd "$(dirname "$0")/.."
out=${1:-build/release}
[ "$(id -u)" = 0 ] || { echo "release-check-deb: needs root (dpkg -i)" >&2; exit 2; }
deb=$(ls "$out"/jetgate_*_amd64.deb)
if dpkg-query -W -f='${Status}' jetgate 2>/dev/null | grep -q "ok installed"; then
  echo "release-check-deb: a jetgate package is already installed; not replacing it" >&2; exit 2
fi
fails=0
dpkg -i "$deb" >/dev/null
trap 'dpkg -r jetgate >/dev/null' EXIT
v=$(/usr/bin/jetgate --version)
want=$(dpkg-deb -f "$deb" Version)
[ "$v" = "jetgate $want" ] || { echo "FAIL: jetgate --version says '$v', the package is $want"; fails=1; }
if /usr/bin/jetgate facts --files-only >/tmp/jetgate-deb-facts.$$ 2>&1; then
  grep -q '^Platform:' /tmp/jetgate-deb-facts.$$ || { echo "FAIL: facts --files-only printed no Platform section"; fails=1; }
else
  echo "FAIL: jetgate facts --files-only exited $?"; cat /tmp/jetgate-deb-facts.$$; fails=1
fi
rm -f /tmp/jetgate-deb-facts.$$
dpkg -r jetgate >/dev/null
trap - EXIT
[ ! -e /usr/bin/jetgate ] || { echo "FAIL: /usr/bin/jetgate is still there after dpkg -r"; fails=1; }
[ "$fails" = 0 ] || exit 1
echo "ok: $(basename "$deb") installs, '$v' and facts --files-only run, and it removes cleanly"
