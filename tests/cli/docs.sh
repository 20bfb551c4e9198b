# jetgate.1 and the bash completion: generated at build time from the option
# tables, complete (every option --help lists is documented and completed),
# valid roff, and installed by `cmake --install`.
. "$(dirname "$0")/lib.sh.inc"
MAN="$JG_BINARY_DIR/src/jetgate.1"
COMP="$JG_BINARY_DIR/src/jetgate.bash"
[ -s "$MAN" ] || fail "no generated man page at $MAN"
[ -s "$COMP" ] || fail "no generated completion at $COMP"
cmds="facts doctor triage run claim matrix report constraints setup lint init policy probe"
for c in $cmds; do
  grep -q "^\.SS $c\$" "$MAN" || fail "jetgate.1 has no section for $c"
  "$JETGATE" $c --help >"$T/help"
  # every option row of the help (its left column: "  -x, --opt" or "      --opt";
  # a description line wrapped before "--dry-run" is indented further) is
  # completed and documented
  rows=$(sed -n 's/^  \(-., \|    \)--\([a-z][a-z0-9-]*\).*/\2/p' "$T/help")
  [ -n "$rows" ] || fail "$c --help lists no option"
  for o in $rows; do
    grep -q -- "$c) opts=.*--$o[ \"]" "$COMP" || fail "completion lacks $c --$o"
    esc=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
    grep -q "^\\\\fB\\\\-\\\\-$esc\\\\fR\|\\\\fB\\\\-\\\\-$esc\\\\fR" "$MAN" || fail "jetgate.1 lacks $c --$o"
  done
done
# The roff is clean (groff warns about bad requests and escapes).
if command -v groff >/dev/null; then
  groff -man -ww -z "$MAN" 2>"$T/groff" || fail "groff failed on jetgate.1"
  [ -s "$T/groff" ] && { fail "groff warnings:"; head "$T/groff" >&2; }
else
  echo "note: groff not installed: roff validity NOT checked" >&2
fi
# The completion behaves: commands, options, values.
complete_at() { # words... -> the COMPREPLY for the last word
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _jetgate; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$COMP" "$@"
}
complete_at jetgate '' >"$T/c1"
for c in $cmds; do grep -qx "$c" "$T/c1" || fail "completion of 'jetgate ' lacks $c"; done
[ "$(complete_at jetgate run --sel)" = "--select" ] || fail "jetgate run --sel does not complete to --select"
[ "$(complete_at jetgate run --select '')" = "model-download" ] || fail "--select values not completed"
mkdir -p "$T/d/sub"
(cd "$T/d" && complete_at jetgate facts --root '') | grep -qx sub || fail "--root DIR does not complete directories"
# cmake --install puts both where man and bash-completion look.
cmake --install "$JG_BINARY_DIR" --prefix "$T/p" >/dev/null || fail "cmake --install failed"
[ -x "$T/p/bin/jetgate" ] || fail "install lacks bin/jetgate"
cmp -s "$MAN" "$T/p/share/man/man1/jetgate.1" || fail "install lacks share/man/man1/jetgate.1"
cmp -s "$COMP" "$T/p/share/bash-completion/completions/jetgate" || fail "install lacks the completion"
finish
