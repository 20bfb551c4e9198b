# The embedded Python probe must parse as Python 3.8 (JetPack 5's interpreter):
# no syntax newer than 3.8 may slip in. ast's feature_version checks that here.
. "$(dirname "$0")/lib.sh.inc"
PROBE="$JG_SOURCE_DIR/src/python/probe.py"
expect_rc 0 python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), feature_version=(3, 8))' "$PROBE"
# And the check itself can fail: a 3.10 match statement is refused.
printf 'match 1:\n    case 1:\n        pass\n' > "$T/new.py"
expect_rc 1 python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), feature_version=(3, 8))' "$T/new.py"
finish
