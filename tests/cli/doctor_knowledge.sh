# tools/doctor-knowledge/, the build step that turns src/doctor/knowledge/*.rules
# into C tables: it accepts the committed files, and refuses each kind of bad
# stanza with the file, the line and what was expected, writing nothing then.
. "$(dirname "$0")/lib.sh.inc"
: "${JG_KNOWLEDGE_GEN:?run through ctest}"
gen() { if [ -n "${JG_EMULATOR:-}" ]; then $JG_EMULATOR "$JG_KNOWLEDGE_GEN" "$@"; else "$JG_KNOWLEDGE_GEN" "$@"; fi; }
K="$JG_SOURCE_DIR/src/doctor/knowledge"
mkdir "$T/gen" "$T/k" "$T/rules"

# the committed files pass and give the three outputs
expect_rc 0 gen "$T/gen" "$K"/*.rules
for f in doctor_knowledge.c doctor_signals.h doctor_ids.h; do
  [ -s "$T/gen/$f" ] || fail "no $f written"
done
grep -q 'JG_FID_kernel_driver_module_library_mismatch,' "$T/gen/doctor_ids.h" || fail "id enum lacks a row's id"
grep -q 'X(nvml_mismatch)' "$T/gen/doctor_signals.h" || fail "signal list lacks nvml_mismatch"

# A good stanza to break one key at a time (the file's name is the layer).
good() {
  cat <<'R'
id:         hardware.test-row
signal:     test_signal
label:      test
severity:   error
confidence: low
summary:    a summary that continues
            on the next line
fix:        a fix
phrase:     "a phrase "
example:    A PHRASE here
R
}
good >"$T/k/hardware.rules"
expect_rc 0 gen "$T/gen" "$T/k/hardware.rules"
grep -q '"a summary that continues on the next line"' "$T/gen/doctor_knowledge.c" ||
  fail "a continuation line is not joined with one space"
grep -q '{"a phrase ", 9, JG_SIG_test_signal}' "$T/gen/doctor_knowledge.c" ||
  fail "a quoted phrase does not keep its trailing space"

# refused: each case is a sed on the good stanza (or a second file) and the message
refuse() { # name sed-expression expected-message
  good | sed "$2" >"$T/k/hardware.rules"
  rm -f "$T/gen2"/* 2>/dev/null || true
  mkdir -p "$T/gen2"
  expect_rc 1 gen "$T/gen2" "$T/k/hardware.rules" "$T/rules/"*.rules
  expect_err "$3"
  expect_err "nothing written"
  [ -z "$(ls "$T/gen2")" ] || fail "$1: files written despite the error"
}
touch "$T/rules/empty.rules"
refuse "unknown key" 's/^label:/lable:/' "hardware.rules:3: unknown key 'lable'"
refuse "bad severity" 's/^severity:   error/severity:   fatal/' "'severity: fatal' is none of the allowed values"
refuse "missing fix" '/^fix:/d' "hardware.rules:1: 'fix' is required"
refuse "wrong layer" 's/^id:         hardware./id:         project./' "'project.test-row' belongs in project.rules"
refuse "no example" '/^example:/d' "'hardware.test-row' has no example"
refuse "upper-case phrase" 's/^phrase:     "a phrase "/phrase:     Capital/' "a phrase is lower case, at least 2 characters"
refuse "key twice" 's/^confidence: low/confidence: low\nconfidence: high/' "'confidence' given twice in one stanza"
refuse "second reading half given" 's/^fix:        a fix/fix:        a fix\nsecond-when: torch-seen/' "'second-id' is required with second-when"
refuse "stray line" 's/^fix:        a fix/fix:        a fix\nnot a key line/' "hardware.rules:9: expected 'key: value'"
printf 'signal:     test_signal\nphrase:     "a phrase "\n' >"$T/rules/dup.rules"
refuse "duplicate phrase" 's/x/x/' "phrase 'a phrase ' also at"
printf 'signal:     lonely_signal\n' >"$T/rules/dup.rules"
refuse "unset signal" 's/x/x/' "signal 'lonely_signal' has no phrase and no 'set-by: code'"
printf 'id:         hardware.test-row\nby:         rules/hardware.c\n' >"$T/rules/dup.rules"
refuse "duplicate id" 's/x/x/' "id 'hardware.test-row' also at"
rm "$T/rules/dup.rules"
finish
