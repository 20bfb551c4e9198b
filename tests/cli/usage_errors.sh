# The one usage-error form, for every command: exit 2 and exactly one line
#   jetgate: <command>: <what is wrong> (try 'jetgate <command> --help')
# on stderr (never getopt's own line), before any work is done.
. "$(dirname "$0")/lib.sh.inc"
# Under JG_VALGRIND=1 the per-command loop runs under valgrind (every command's
# parser and help); the long list of single-option cases below runs the plain
# binary, keeping this test short under valgrind (scripts/test.sh's memcheck of
# every command is tests/memcheck/).
J=${real:-$JETGATE}
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
hint() { echo "(try 'jetgate $1 --help')"; }
# Every command `jetgate --help` lists (a new command is covered without an edit).
"$JETGATE" --help >"$T/top"
cmds=$(sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' "$T/top")
for c in facts doctor triage run claim matrix report constraints setup lint init policy probe; do
  printf '%s\n' $cmds | grep -qx "$c" || fail "jetgate --help does not list $c"
done
for c in $cmds; do
  expect_usage "jetgate: $c: unknown option '--frobnicate' $(hint $c)" "$JETGATE" $c --frobnicate
  expect_usage "jetgate: $c: unknown option '-Z' $(hint $c)" "$JETGATE" $c -Z
  expect_rc 0 "$JETGATE" $c --help
  expect_out "^usage: jetgate $c "
  expect_out "^  -h, --help "
  [ -s "$T/err" ] && fail "$c --help wrote to stderr"
done
# Abbreviations are not accepted: a new option never changes an old command line.
expect_usage "jetgate: matrix: unknown option '--pol' $(hint matrix)" "$J" matrix --pol x
# Missing values, values given to flags, extra operands.
expect_usage "jetgate: facts: --root needs a value $(hint facts)" "$J" facts --root
expect_usage "jetgate: facts: --json takes no value $(hint facts)" "$J" facts --json=yes
expect_usage "jetgate: facts: unexpected argument 'extra' $(hint facts)" "$J" facts extra
expect_usage "jetgate: facts: --root needs a directory $(hint facts)" "$J" facts --root=
expect_usage "jetgate: doctor: --python needs a value $(hint doctor)" "$J" doctor --python
expect_usage "jetgate: doctor: unexpected argument 'x' $(hint doctor)" "$J" doctor x
expect_usage "jetgate: doctor: --root and --facts exclude each other $(hint doctor)" \
  "$J" doctor --root / --facts f.json
expect_usage "jetgate: doctor: unknown option '-x' $(hint doctor)" "$J" doctor -vx
expect_usage "jetgate: triage: expected one FILE (or - for standard input) $(hint triage)" \
  "$J" triage
expect_usage "jetgate: triage: unexpected argument 'b' $(hint triage)" "$J" triage a b
expect_usage "jetgate: run: --timeout: 'soon' is not a number from 0.001 to 86400 $(hint run)" \
  "$J" run --timeout soon
expect_usage "jetgate: run: --select: unknown value 'all' (known: model-download) $(hint run)" \
  "$J" run --select=all
expect_usage "jetgate: run: unexpected argument 'b' $(hint run)" "$J" run a b
expect_usage "jetgate: run: 'Bad Gate' is not a gate id $(hint run)" "$J" run 'Bad Gate'
expect_usage "jetgate: run: --out needs a value $(hint run)" "$J" run --out
expect_usage "jetgate: claim: --tier ID is required $(hint claim)" "$J" claim --commit $SHA e.json
expect_usage "jetgate: claim: --commit SHA is required $(hint claim)" "$J" claim --tier target e.json
expect_usage "jetgate: claim: expected at least one EVIDENCE file $(hint claim)" \
  "$J" claim --tier target --commit $SHA
expect_usage "jetgate: claim: --commit: 'abc' is not 40 lowercase hex digits $(hint claim)" \
  "$J" claim --tier target --commit abc e.json
expect_usage "jetgate: matrix: unexpected argument 'x' $(hint matrix)" "$J" matrix x
expect_usage "jetgate: report: give exactly one of --support-doc, --release-notes, --issue-body $(hint report)" \
  "$J" report --support-doc --issue-body
expect_usage "jetgate: report: --issue-body needs at least one EVIDENCE file $(hint report)" \
  "$J" report --issue-body
expect_usage "jetgate: constraints: unexpected argument 'x' $(hint constraints)" "$J" constraints x
expect_usage "jetgate: constraints: --check needs a value $(hint constraints)" "$J" constraints --check
expect_usage "jetgate: lint: --policy needs a value $(hint lint)" "$J" lint --policy
expect_usage "jetgate: probe: --buffers: '9' is not a whole number from 2 to 8 $(hint probe)" \
  "$J" probe --buffers 9
expect_usage "jetgate: probe: --timeout: '0' is not a number from 0.1 to 3600 $(hint probe)" \
  "$J" probe --timeout 0
expect_usage "jetgate: probe: unknown probe 'warp' (driver, tensor_op, surgery, nf4) $(hint probe)" \
  "$J" probe warp
# "--" ends the options: what follows is an operand even when it looks like one.
expect_usage "jetgate: matrix: unexpected argument '--json' $(hint matrix)" "$J" matrix -- --json
finish
