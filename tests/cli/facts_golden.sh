# Golden tests: each fixture sysroot under tests/fixtures/roots/<case>/ gives
# exactly tests/golden/facts/<case>.json (byte for byte).
# After an intended change: scripts/regen-goldens.sh, then review its diff.
. "$(dirname "$0")/lib.sh.inc"
G="$JG_SOURCE_DIR/tests/golden/facts"
n=0
for root in "$JG_FIXTURES"/roots/*/; do
  case=$(basename "$root")
  expect_rc 0 "$JETGATE" facts --root "$root" --json
  check_golden "$G/$case.json" "$T/out"
  n=$((n + 1))
done
[ "$n" -ge 12 ] || fail "only $n fixture roots found"
# Every golden has its fixture (a removed fixture must take its golden along).
for g in "$G"/*.json; do
  [ -d "$JG_FIXTURES/roots/$(basename "$g" .json)" ] || fail "golden $g has no fixture"
done
finish
