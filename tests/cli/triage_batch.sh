# jetgate triage --batch: many reports (each ended by a NUL byte) in one process,
# each one's result the same as `triage --json` gives it alone; an unreadable
# report prints null and exit 2, the others still answered.
. "$(dirname "$0")/lib.sh.inc"
C="$JG_SOURCE_DIR/tests/data/corpus"
set -- $(ls "$C"/*.txt | head -n 5)
for r in "$@"; do sed '1,/^----$/d' "$r"; printf '\0'; done >"$T/batch.in"
expect_rc 0 "$JETGATE" triage --batch "$T/batch.in"
cp "$T/out" "$T/batch.out"
[ "$(wc -l <"$T/batch.out")" = 5 ] || fail "--batch gave $(wc -l <"$T/batch.out") lines for 5 reports"
i=0
for r in "$@"; do
  i=$((i + 1))
  sed '1,/^----$/d' "$r" >"$T/one.txt"
  "$JETGATE" triage --json "$T/one.txt" >"$T/one.json" || [ $? = 1 ] || fail "triage --json $r"
  sed -n "${i}p" "$T/batch.out" >"$T/line.json"
  python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(a!=b)' \
    "$T/one.json" "$T/line.json" || fail "report $i ($r): --batch differs from --json alone"
done
# standard input, an empty report in the middle, no NUL after the last one
printf 'No devices were found\n\0\0Failed to initialize NVML: Driver/library version mismatch\n' |
  expect_rc 2 "$JETGATE" triage --batch -
[ "$(sed -n 2p "$T/out")" = null ] || fail "an empty report does not print null"
expect_out '"id":"kernel-driver.no-devices-found"'
expect_out '"id":"kernel-driver.module-library-mismatch"'
expect_err "triage: <stdin>, report 2: empty input"
expect_usage "jetgate: triage: --batch prints JSON lines: it excludes --json and --reply (try 'jetgate triage --help')" \
  "$JETGATE" triage --batch --json -
expect_rc 2 "$JETGATE" triage --batch "$T/none.in"
expect_err "none.in"
finish
