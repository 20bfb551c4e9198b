# How to get jetgate, in one line with one home (src/util/get_jetgate.h):
# README.md carries it verbatim, every `triage --reply` (the diagnosed one,
# and one with nothing diagnosed) and the support document print it, and the
# artefacts it names are the ones scripts/release.sh makes.
. "$(dirname "$0")/lib.sh.inc"
H=$JG_SOURCE_DIR/src/util/get_jetgate.h
# The C string literals of JG_GET_JETGATE, joined.
line=$(sed -n '/#define JG_GET_JETGATE/,/^$/p' "$H" | grep -o '"[^"]*"' | sed 's/^"//; s/"$//' | tr -d '\n')
case $line in "Get jetgate (no build):"*) ;; *) fail "could not read JG_GET_JETGATE from $H: '$line'" ;; esac
grep -qF -- "$line" "$JG_SOURCE_DIR/README.md" || fail "README.md lacks the line: $line"
expect_rc 1 "$JETGATE" triage --reply "$JG_SOURCE_DIR/tests/data/examples-reports/16-amd64-image-on-xavier.txt"
grep -qxF -- "$line" "$T/out" || fail "triage --reply (a diagnosis) lacks the line"
printf 'hello\n' >"$T/plain.txt"
set +e; "$JETGATE" triage --reply "$T/plain.txt" >"$T/out" 2>"$T/err"; set -e
grep -qxF -- "$line" "$T/out" || fail "triage --reply (nothing diagnosed) lacks the line"
expect_rc 0 "$JETGATE" report --support-doc
grep -qF -- "# $line" "$T/out" || fail "the support document lacks the line"
# Each artefact named is one scripts/release.sh writes (VERSION, ARCH as there).
for a in 'jetgate-VERSION-py3-none-manylinux_2_27_aarch64.whl' 'jetgate-VERSION-linux-aarch64' 'jetgate_VERSION_arm64.deb'; do
  case $line in *"$a"*) ;; *) fail "the line does not name $a" ;; esac
done
grep -q 'OUT/jetgate-VERSION-py3-none-manylinux_2_27_{x86_64,aarch64}.whl' "$JG_SOURCE_DIR/scripts/release.sh" ||
  fail "scripts/release.sh no longer makes the wheel the line names"
grep -q 'OUT/jetgate-VERSION-linux-aarch64  OUT/jetgate_VERSION_arm64.deb' "$JG_SOURCE_DIR/scripts/release.sh" ||
  fail "scripts/release.sh no longer makes the binary and .deb the line names"
finish
