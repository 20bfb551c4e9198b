# The embedded Python (src/python/*.py) runs on every JetPack's interpreter:
# Python 3.6 (JetPack 4) to 3.12 (JetPack 7) and newer. Each file must parse
# as Python 3.6 (ast's feature_version; interpreters whose floor is 3.7 check
# at 3.7 and say so), and may use a module or call newer than 3.6 only inside
# a try whose handler catches ImportError / AttributeError.
. "$(dirname "$0")/lib.sh.inc"
cat >"$T/check.py" <<'PY'
import ast, sys
# Modules and names added after Python 3.6, with the version that added them.
NEWER = {"importlib.metadata": "3.8", "dataclasses": "3.7", "contextvars": "3.7",
         "zoneinfo": "3.9", "graphlib": "3.9", "tomllib": "3.11", "removeprefix": "3.9",
         "removesuffix": "3.9", "capture_output": "3.7", "time_ns": "3.7", "prod": "3.8",
         "cached_property": "3.8", "nullcontext": "3.7", "isascii": "3.7"}
GUARDS = {"ImportError", "ModuleNotFoundError", "AttributeError", "Exception"}

def parse(path):
    src = open(path, encoding="utf-8").read()
    try:
        return ast.parse(src, path, feature_version=(3, 6)), "3.6"
    except ValueError:  # this interpreter's feature_version floor is above 3.6
        return ast.parse(src, path, feature_version=(3, 7)), "3.7"

def guarded(node, parents):
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                names = [h.type] if not isinstance(h.type, ast.Tuple) else h.type.elts
                if any(isinstance(n, ast.Name) and n.id in GUARDS for n in names):
                    return True
    return False

def uses(node):
    if isinstance(node, ast.ImportFrom):
        mod = node.module or ""
        return [mod + "." + a.name for a in node.names] + [mod]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.keyword):
        return [node.arg]
    return []

def walk(node, parents, path, bad):
    for name in uses(node):
        if name in NEWER and not guarded(node, parents):
            bad.append("%s:%d: %s needs Python %s; guard it" % (path, node.lineno if hasattr(node, "lineno") else 0, name, NEWER[name]))
    for child in ast.iter_child_nodes(node):
        walk(child, parents + [node], path, bad)

bad = []
for path in sys.argv[1:]:
    try:
        tree, level = parse(path)
    except SyntaxError as e:
        bad.append("%s:%s: not Python 3.6 syntax: %s" % (path, e.lineno, e.msg))
        continue
    walk(tree, [], path, bad)
    print("ok: %s parses as Python %s" % (path, level))
print("\n".join(bad), file=sys.stderr)
sys.exit(1 if bad else 0)
PY
set -- "$JG_SOURCE_DIR"/src/python/*.py
[ "$#" -ge 2 ] || fail "expected the probe and the constraints probe, found: $*"
expect_rc 0 python3 "$T/check.py" "$@"
cat "$T/out"
# The checks can fail: newer syntax, and an unguarded newer module. ast's
# version checks are best-effort and differ between interpreters (3.9 takes :=
# under 3.6, 3.13 takes a 3.8 f-string "="); a match statement is refused by
# every one (unknown before 3.10, version-checked since).
printf 'match 1:\n    case 1:\n        pass\n' >"$T/match.py"
expect_rc 1 python3 "$T/check.py" "$T/match.py"
expect_err "not Python 3.6 syntax"
printf 'from importlib import metadata\n' >"$T/meta.py"
expect_rc 1 python3 "$T/check.py" "$T/meta.py"
expect_err "importlib.metadata needs Python 3.8"
printf 'try:\n    from importlib import metadata\nexcept ImportError:\n    metadata = None\n' >"$T/guarded.py"
expect_rc 0 python3 "$T/check.py" "$T/guarded.py"
printf 's = "ab".removeprefix("a")\n' >"$T/rp.py"
expect_rc 1 python3 "$T/check.py" "$T/rp.py"
finish
