# Every table row's examples (the example: keys of src/doctor/knowledge/<layer>.rules,
# printed by `jetgate __generate doctor-examples`) and every line of
# tests/data/doctor/phrases.tsv (the C rules' lines) give the finding they name
# first (an info row's: among the findings), all in one `jetgate triage --batch`
# process; a miss names the line and what came first instead.
. "$(dirname "$0")/lib.sh.inc"
expect_rc 0 "$JETGATE" __generate doctor-examples "$T/examples.tsv"
n=$(wc -l <"$T/examples.tsv")
[ "$n" -ge 577 ] || fail "the rows give $n examples, wanted at least 577"
expect_rc 0 python3 "$JG_SOURCE_DIR/bench/triage-phrases.py" "$JETGATE" "$T/examples.tsv" \
  "$JG_SOURCE_DIR/tests/data/doctor/phrases.tsv"
sed 's/^/  /' "$T/out" | grep -v ' give the expected' >&2 || true
expect_out "phrases give the expected finding first"
# the checker itself fails on a wrong expectation, and on an info row's id that is absent
printf 'project.out-of-memory\tAssertionError: Torch not compiled with CUDA enabled\n' >"$T/wrong.tsv"
printf 'kernel-driver.module-taint-harmless\tNo devices were found\n' >>"$T/wrong.tsv"
expect_rc 1 python3 "$JG_SOURCE_DIR/bench/triage-phrases.py" "$JETGATE" "$T/wrong.tsv"
expect_out "WRONG project.out-of-memory: got pytorch-build.cpu-only-wheel"
expect_out "WRONG kernel-driver.module-taint-harmless: got kernel-driver.no-devices-found"
expect_out "0/2 phrases"
finish
