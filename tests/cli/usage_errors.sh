# The one usage-error form, for every command: exit 2 and exactly one line
#   jetgate: <command>: <what is wrong> (try 'jetgate <command> --help')
# on stderr (never getopt's own line), before any work is done.
. "$(dirname "$0")/lib.sh.inc"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
hint() { echo "(try 'jetgate $1 --help')"; }
for c in facts doctor triage run claim matrix report constraints lint probe; do
  expect_usage "jetgate: $c: unknown option '--frobnicate' $(hint $c)" "$JETGATE" $c --frobnicate
  expect_usage "jetgate: $c: unknown option '-Z' $(hint $c)" "$JETGATE" $c -Z
  expect_rc 0 "$JETGATE" $c --help
  expect_out "^usage: jetgate $c "
  expect_out "^  -h, --help "
  [ -s "$T/err" ] && fail "$c --help wrote to stderr"
done
# Abbreviations are not accepted: a new option never changes an old command line.
expect_usage "jetgate: matrix: unknown option '--pol' $(hint matrix)" "$JETGATE" matrix --pol x
# Missing values, values given to flags, extra operands.
expect_usage "jetgate: facts: --root needs a value $(hint facts)" "$JETGATE" facts --root
expect_usage "jetgate: facts: --json takes no value $(hint facts)" "$JETGATE" facts --json=yes
expect_usage "jetgate: facts: unexpected argument 'extra' $(hint facts)" "$JETGATE" facts extra
expect_usage "jetgate: facts: --root needs a directory $(hint facts)" "$JETGATE" facts --root=
expect_usage "jetgate: doctor: --python needs a value $(hint doctor)" "$JETGATE" doctor --python
expect_usage "jetgate: doctor: unexpected argument 'x' $(hint doctor)" "$JETGATE" doctor x
expect_usage "jetgate: doctor: --root and --facts exclude each other $(hint doctor)" \
  "$JETGATE" doctor --root / --facts f.json
expect_usage "jetgate: doctor: unknown option '-x' $(hint doctor)" "$JETGATE" doctor -vx
expect_usage "jetgate: triage: expected one FILE (or - for standard input) $(hint triage)" \
  "$JETGATE" triage
expect_usage "jetgate: triage: unexpected argument 'b' $(hint triage)" "$JETGATE" triage a b
expect_usage "jetgate: run: --timeout: 'soon' is not a number from 0.001 to 86400 $(hint run)" \
  "$JETGATE" run --timeout soon
expect_usage "jetgate: run: --select: unknown value 'all' (known: model-download) $(hint run)" \
  "$JETGATE" run --select=all
expect_usage "jetgate: run: unexpected argument 'b' $(hint run)" "$JETGATE" run a b
expect_usage "jetgate: run: 'Bad Gate' is not a gate id $(hint run)" "$JETGATE" run 'Bad Gate'
expect_usage "jetgate: run: --out needs a value $(hint run)" "$JETGATE" run --out
expect_usage "jetgate: claim: --tier ID is required $(hint claim)" "$JETGATE" claim --commit $SHA e.json
expect_usage "jetgate: claim: --commit SHA is required $(hint claim)" "$JETGATE" claim --tier target e.json
expect_usage "jetgate: claim: expected at least one EVIDENCE file $(hint claim)" \
  "$JETGATE" claim --tier target --commit $SHA
expect_usage "jetgate: claim: --commit: 'abc' is not 40 lowercase hex digits $(hint claim)" \
  "$JETGATE" claim --tier target --commit abc e.json
expect_usage "jetgate: matrix: unexpected argument 'x' $(hint matrix)" "$JETGATE" matrix x
expect_usage "jetgate: report: give exactly one of --support-doc, --release-notes, --issue-body $(hint report)" \
  "$JETGATE" report --support-doc --issue-body
expect_usage "jetgate: report: --issue-body needs at least one EVIDENCE file $(hint report)" \
  "$JETGATE" report --issue-body
expect_usage "jetgate: constraints: unexpected argument 'x' $(hint constraints)" "$JETGATE" constraints x
expect_usage "jetgate: constraints: --check needs a value $(hint constraints)" "$JETGATE" constraints --check
expect_usage "jetgate: lint: --policy needs a value $(hint lint)" "$JETGATE" lint --policy
expect_usage "jetgate: probe: --buffers: '9' is not a whole number from 2 to 8 $(hint probe)" \
  "$JETGATE" probe --buffers 9
expect_usage "jetgate: probe: --timeout: '0' is not a number from 0.1 to 3600 $(hint probe)" \
  "$JETGATE" probe --timeout 0
expect_usage "jetgate: probe: unknown probe 'warp' (driver, tensor_op, surgery, nf4) $(hint probe)" \
  "$JETGATE" probe warp
# "--" ends the options: what follows is an operand even when it looks like one.
expect_usage "jetgate: matrix: unexpected argument '--json' $(hint matrix)" "$JETGATE" matrix -- --json
finish
