# The corpus of real reports (tests/data/corpus/, 120 public threads with the
# layer each established): triage accuracy on the development and the
# validation set must not drop below the recorded numbers, no high-confidence
# finding may name the wrong layer, and MANIFEST.tsv must match the files.
# Numbers and the split rule: docs/doctor-rules.md, bench/doctor-corpus.py.
. "$(dirname "$0")/lib.sh.inc"
DEV_MIN=53.5
VAL_MIN=51.1
expect_rc 0 python3 "$JG_SOURCE_DIR/bench/doctor-corpus.py" "$JETGATE" --check "$DEV_MIN" "$VAL_MIN"
expect_out "confident wrong blames: 0"
# every report has a header and pasted lines; a broken one fails the script (exit 1 above)
n=$(ls "$JG_SOURCE_DIR/tests/data/corpus/"*.txt | wc -l)
[ "$n" -ge 120 ] || fail "corpus has $n reports, wanted at least 120"
finish
