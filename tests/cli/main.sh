# The subcommand table: --version, --help, unknown commands.
. "$(dirname "$0")/lib.sh.inc"
expect_rc 0 "$JETGATE" --version
expect_out '^jetgate [0-9]*\.[0-9]*\.[0-9]*$'
expect_rc 0 "$JETGATE" --help
for c in facts doctor triage run claim matrix report constraints lint; do expect_out "  $c "; done
expect_rc 2 "$JETGATE"
expect_rc 2 "$JETGATE" frobnicate
expect_err "jetgate: unknown command 'frobnicate'"
finish
