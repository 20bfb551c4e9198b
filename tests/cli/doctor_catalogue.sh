# The doctor's catalogue of table rules (every row's id, layer, severity,
# confidence, texts, second reading and phrases, sorted) equals the reviewed
# tests/golden/doctor/catalogue.txt: moving knowledge between files (C tables,
# src/doctor/knowledge/*.rules) must not change what the doctor says.
# `jetgate triage --list-rules` and `--explain ID` print the same rows.
. "$(dirname "$0")/lib.sh.inc"
G="$JG_SOURCE_DIR/tests/golden/doctor/catalogue.txt"

expect_rc 0 "$JETGATE" __generate doctor-catalogue "$T/catalogue.txt"
check_golden "$G" "$T/catalogue.txt"
expect_rc 0 "$JETGATE" __generate doctor-catalogue -
cmp -s "$T/out" "$T/catalogue.txt" || fail "catalogue on stdout differs from the file"

# docs/doctor-rows.md is the rows' table as the binary prints it (regenerate with
# `jetgate __generate doctor-rules-md docs/doctor-rows.md` after a change to the rules)
expect_rc 0 "$JETGATE" __generate doctor-rules-md "$T/rows.md"
cmp -s "$T/rows.md" "$JG_SOURCE_DIR/docs/doctor-rows.md" ||
  fail "docs/doctor-rows.md is stale: jetgate __generate doctor-rules-md docs/doctor-rows.md"
[ "$(grep -c '^| `' "$T/rows.md")" = "$(grep -c '^id: ' "$T/catalogue.txt")" ] ||
  fail "docs/doctor-rows.md does not have one line per row"

# --list-rules: one line per row, the same ids as the catalogue's first readings
expect_rc 0 "$JETGATE" triage --list-rules
expect_out "^kernel-driver.module-library-mismatch  *error  *medium  *nvml_mismatch$"
expect_out "^cuda-driver.libcuda-missing  *C rule: rules/cuda-driver.c$"
rows=$(grep -vc ' C rule: ' "$T/out")
ids=$(grep -c '^id: ' "$T/catalogue.txt")
[ "$rows" = "$ids" ] || fail "--list-rules gives $rows table rules, the catalogue $ids ids"
code=$(grep -c ' C rule: ' "$T/out")
[ "$code" -ge 100 ] || fail "--list-rules names $code ids of C rules, wanted at least 100"
grep -v ' C rule: ' "$T/out" | awk '{print $1}' | LC_ALL=C sort -c 2>/dev/null || fail "--list-rules is not sorted by id"

# --explain: the row in full, found by its first or its second reading's id
expect_rc 0 "$JETGATE" triage --explain kernel-driver.module-library-mismatch
expect_out "^signal: nvml_mismatch$"
expect_out "^phrase: driver/library version mismatch$"
expect_out "^second-id: cuda-driver.driver-libraries-in-container$"
expect_rc 0 "$JETGATE" triage --explain cuda-driver.driver-libraries-in-container
expect_out "^id: kernel-driver.module-library-mismatch$"
expect_rc 0 "$JETGATE" triage --explain cuda-driver.libcuda-missing
expect_out "^given by: a C rule in rules/cuda-driver.c (src/doctor/)"
expect_usage "jetgate: triage: no rule gives 'no.such-id' (--list-rules lists them) (try 'jetgate triage --help')" \
  "$JETGATE" triage --explain no.such-id
expect_usage "jetgate: triage: --list-rules takes no FILE (try 'jetgate triage --help')" \
  "$JETGATE" triage --list-rules report.txt
expect_usage "jetgate: triage: --list-rules and --explain exclude --json, --reply, --batch and each other (try 'jetgate triage --help')" \
  "$JETGATE" triage --json --explain kernel-driver.module-library-mismatch
expect_rc 0 "$JETGATE" triage --help
expect_out " --list-rules"
expect_out " --explain ID"
finish
