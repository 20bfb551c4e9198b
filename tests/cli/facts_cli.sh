# jetgate facts: options, errors, human output, and what must never be printed.
. "$(dirname "$0")/lib.sh.inc"
R="$JG_FIXTURES/roots"

expect_rc 0 "$JETGATE" facts --help
for o in --root --python --files-only --json --help; do expect_out " $o"; done
expect_rc 2 "$JETGATE" facts --root "$T/does-not-exist"
expect_err "jetgate: facts: --root $T/does-not-exist: No such file or directory"
expect_rc 2 "$JETGATE" facts --root "$R/agx-orin-64gb-jp62/etc/nv_tegra_release"
expect_err "Not a directory"
expect_rc 2 "$JETGATE" facts --root
expect_err "needs a value"
expect_rc 2 "$JETGATE" facts --frobnicate
expect_err "unknown option '--frobnicate'"

# Human output, grouped like jetson_release.
expect_rc 0 "$JETGATE" facts --root "$R/agx-orin-64gb-jp62"
expect_out '^Model: NVIDIA Jetson AGX Orin Developer Kit - JetPack 6.2 \[L4T 36.4.3\]$'
for s in Hardware: Platform: Libraries: Container: GPU:; do expect_out "^$s$"; done
expect_out '^ - Module: Jetson AGX Orin 64GB$'
expect_out '^ - Compute capability: 8.7$'
expect_out '^CUDA driver: not probed (--root: live probes are not run)$'
expect_rc 0 "$JETGATE" facts --root "$R/bare-bsp-no-jetpack"
expect_out '^ - CUDA: not installed$'
expect_out '^ - nvidia-jetpack: not installed$'
expect_rc 0 "$JETGATE" facts --root "$R/unknown-l4t"
expect_out '^Model: .* - JetPack unknown \[L4T 36.9.9\]$'
expect_out 'JetPack (from L4T): unknown (L4T 36.9.9: L4T release not in the JetPack table)'
expect_rc 0 "$JETGATE" facts --root "$R/x86_64-dgpu"
expect_out '^Jetson: no (architecture x86_64 is not aarch64)$'

# The serial number in the fixture's device tree never appears, in any form.
for fmt in "" --json; do
  expect_rc 0 "$JETGATE" facts --root "$R/agx-orin-64gb-jp62" $fmt
  grep -q CANARY "$T/out" "$T/err" && fail "serial-number canary printed ($fmt)"
done

# Live, files only: canonical JSON in live mode, no host identity in it.
expect_rc 0 "$JETGATE" facts --files-only --json
expect_out '"mode": "live"'
expect_out '"reason": "the driver probe was not asked for (--files-only)"\|JG_HAVE_LIVE_PROBES is off'
h=$(hostname 2>/dev/null || true)
if [ "${#h}" -ge 6 ] && grep -qF -- "$h" "$T/out"; then fail "hostname printed"; fi
if [ -n "${HOME:-}" ] && [ "$HOME" != / ] && grep -qF -- "\"$HOME" "$T/out"; then fail "home path printed"; fi
tail -c1 "$T/out" | od -c | grep -q '\\n' || fail "JSON output lacks a trailing newline"
finish
