# Bad policies, through every command that reads one: exit 2, file and place
# named, nothing on stdout; unknown fields are warned, not fatal.
. "$(dirname "$0")/lib.sh.inc"
DEF="$JG_SOURCE_DIR/src/policy/default-policy.json"
edit() { # edit OUT PYTHON-STATEMENT-ON-p
  python3 - "$DEF" "$1" "$2" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); exec(sys.argv[3]); json.dump(p, open(sys.argv[2], "w"), indent=1)
PY
}
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
bad() { # bad FILE STDERR-PATTERN
  for cmd in "matrix" "claim --tier target --commit $SHA $GOOD" "report --support-doc $GOOD"; do
    # shellcheck disable=SC2086
    expect_rc 2 "$JETGATE" $cmd --policy "$1"
    expect_err "$2"
    [ ! -s "$T/out" ] || fail "$cmd wrote stdout for a bad policy"
  done
}
edit "$T/soc.json" 'p["tiers"][0]["hardware"]["soc"] = 234'
bad "$T/soc.json" "soc.json: tiers\[0\].hardware.soc: expected a string"
edit "$T/major.json" 'p["schema_version"] = 2'
bad "$T/major.json" "major.json: schema_version: unsupported major 2"
edit "$T/latest.json" 'p["tiers"][0]["pytorch"]["pin"] = "nvcr.io/nvidia/pytorch:latest"'
bad "$T/latest.json" "tiers\[0\].pytorch.pin: .* is not an exact pin"
printf '{"schema_version": 1, "schema_version": 1}' > "$T/dup.json"
bad "$T/dup.json" "dup.json:1:[0-9]*: duplicate object key"
head -c 300 "$DEF" > "$T/trunc.json"
bad "$T/trunc.json" "trunc.json:[0-9]*:[0-9]*:"
# Unknown fields: a warning naming file and path; the command still works.
edit "$T/extra.json" 'p["tiers"][1]["colour"] = "green"; p["owner"] = "x"'
expect_rc 0 "$JETGATE" matrix --policy "$T/extra.json"
expect_err "warning: .*extra.json: tiers\[1\].colour: unknown field, ignored"
expect_err "warning: .*extra.json: policy.owner: unknown field, ignored"
# A --policy or $JETGATE_POLICY name longer than PATH_MAX is refused, never read cut short.
long=$T/$(head -c 5000 /dev/zero | tr '\0' x).json
expect_rc 2 "$JETGATE" matrix --policy "$long"
expect_err "policy file name longer than 4095 bytes"
expect_rc 2 env JETGATE_POLICY="$long" "$JETGATE" matrix
expect_err "policy file name longer than 4095 bytes"
# The embedded default and its source file are the same policy.
expect_rc 0 "$JETGATE" matrix --json --policy "$DEF"
grep -v '"policy":' "$T/out" > "$T/file.json"
expect_rc 0 "$JETGATE" matrix --json
grep -v '"policy":' "$T/out" | cmp -s - "$T/file.json" || fail "embedded default differs from $DEF"
finish
