# Golden tests: each fixture sysroot under tests/fixtures/roots/<case>/ gives
# exactly tests/golden/facts/<case>.json (byte for byte).
# Regenerate after an intended change, then review the diff:
#   JG_UPDATE_GOLDEN=1 ctest -R cli/facts_golden   (from the build directory)
. "$(dirname "$0")/lib.sh.inc"
G="$JG_SOURCE_DIR/tests/golden/facts"
n=0
for root in "$JG_FIXTURES"/roots/*/; do
  case=$(basename "$root")
  expect_rc 0 "$JETGATE" facts --root "$root" --json
  if [ "${JG_UPDATE_GOLDEN:-}" = 1 ]; then
    cp "$T/out" "$G/$case.json"
  elif [ ! -f "$G/$case.json" ]; then
    fail "$case: no golden file $G/$case.json (run with JG_UPDATE_GOLDEN=1)"
  elif ! cmp -s "$T/out" "$G/$case.json"; then
    fail "$case: output differs from its golden"
    diff -u "$G/$case.json" "$T/out" | head -40 >&2 || true
  fi
  n=$((n + 1))
done
[ "$n" -ge 12 ] || fail "only $n fixture roots found"
# Every golden has its fixture (a removed fixture must take its golden along).
for g in "$G"/*.json; do
  [ -d "$JG_FIXTURES/roots/$(basename "$g" .json)" ] || fail "golden $g has no fixture"
done
finish
