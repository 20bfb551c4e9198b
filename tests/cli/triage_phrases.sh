# Every tool message in tests/data/doctor/phrases.tsv gives the finding it
# names first (the recognisers of report_match_*.c and the rule that reads
# each signal); a miss names the line and what came first instead.
. "$(dirname "$0")/lib.sh.inc"
expect_rc 0 python3 "$JG_SOURCE_DIR/bench/triage-phrases.py" "$JETGATE" "$JG_SOURCE_DIR/tests/data/doctor/phrases.tsv"
sed 's/^/  /' "$T/out" | grep -v ' give the expected' >&2 || true
expect_out "phrases give the expected finding first"
# the checker itself fails on a wrong expectation
printf 'project.out-of-memory\tAssertionError: Torch not compiled with CUDA enabled\n' >"$T/wrong.tsv"
expect_rc 1 python3 "$JG_SOURCE_DIR/bench/triage-phrases.py" "$JETGATE" "$T/wrong.tsv"
expect_out "WRONG project.out-of-memory: got pytorch-build.cpu-only-wheel"
finish
