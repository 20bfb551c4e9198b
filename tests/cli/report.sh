# jetgate report: golden markdown for each kind, and bad input.
# After an intended change: scripts/regen-goldens.sh, then review its diff.
. "$(dirname "$0")/lib.sh.inc"
D="$JG_SOURCE_DIR/tests/data/claims"
G="$JG_SOURCE_DIR/tests/golden/report"
NOW=2026-12-02T12:00:00Z
golden() { # golden NAME ARGS...
  name=$1; shift
  expect_rc 0 "$JETGATE" report "$@"
  check_golden "$G/$name" "$T/out"
}
golden support-doc.md --support-doc --now $NOW "$D/good-orin.json" "$D/failed-orin.json"
golden release-notes.md --release-notes --now $NOW --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 "$D/good-orin.json"
golden issue-body.md --issue-body "$D/failed-orin.json"

# Claimed only where the claim logic accepts: a failed record or another
# commit never turns into "claimed".
expect_rc 0 "$JETGATE" report --release-notes --now $NOW "$D/failed-orin.json"
if grep -q 'support: claimed' "$T/out"; then fail "failed evidence reported as claimed"; fi
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no accepted evidence (gate status is failed'
expect_rc 0 "$JETGATE" report --release-notes --now $NOW --commit 9a8b7c6d5e4f30211203948576afbecd01234567 "$D/good-orin.json"
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no accepted evidence (evidence is for commit 3f2c'
expect_rc 0 "$JETGATE" report --release-notes
expect_out '^- Generic ARM64: imports and CPU tests'
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no jetson-runtime evidence given'

# Sanitized: no home path, address, MAC, UUID or e-mail survives.
expect_rc 0 "$JETGATE" report --issue-body "$D/failed-orin.json"
for canary in /home/alice alice@example.org 192.168.1.20 00:1b:44:11:3a:b7 123e4567-e89b; do
  if grep -q -- "$canary" "$T/out"; then fail "issue body leaks $canary"; fi
done

# Usage and bad input: exit 2, nothing on stdout.
expect_rc 0 "$JETGATE" report --help
for o in --support-doc --release-notes --issue-body --policy --commit --now; do expect_out -- "$o"; done
expect_rc 2 "$JETGATE" report "$D/good-orin.json"
expect_err 'exactly one of'
expect_rc 2 "$JETGATE" report --support-doc --issue-body
expect_rc 2 "$JETGATE" report --issue-body
expect_err 'needs at least one EVIDENCE'
expect_rc 2 "$JETGATE" report --release-notes --commit HEAD
head -c 200 "$D/good-orin.json" > "$T/cut.json"
expect_rc 2 "$JETGATE" report --support-doc "$D/good-orin.json" "$T/cut.json"
expect_err 'cut.json:[0-9]*:[0-9]*:'
[ ! -s "$T/out" ] || fail "stdout not empty on bad evidence"
finish
