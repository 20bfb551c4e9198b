# jetgate run: the commit (GITHUB_SHA, git with a dirty tree) and the module
# identity inside a masked container (--host-facts, a mounted device tree).
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
# Commit from GITHUB_SHA, then from git (with the dirty tree recorded).
GITHUB_SHA=$SHA expect_rc 1 "$JETGATE" run --json --quiet
expect_out '"source": "GITHUB_SHA"'
mkdir repo && (cd repo && git init -q && git -c user.name=t -c user.email=t@t commit -q \
  --allow-empty -m x && echo dirt > f)
HEAD_SHA=$(git -C repo rev-parse HEAD)
(cd repo && expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev3")
expect_out "\"sha\": \"$HEAD_SHA\""
expect_out '"dirty": true'
expect_out '"source": "git"'
(cd / && expect_rc 2 "$JETGATE" run --quiet --out "$T/ev4")
expect_err "git rev-parse HEAD"

# Bound to code (issue 10): a --commit or GITHUB_SHA that differs from HEAD is
# refused before anything runs; the repository is recorded, credentials dropped.
mkdir checkout && (cd checkout && git init -q && git -c user.email=t@example.org -c user.name=t \
  commit -q --allow-empty -m x && git remote add origin https://ci-bot:PW@github.com/Example/Project.git)
HEAD_SHA=$(git -C checkout rev-parse HEAD)
cd checkout
expect_rc 2 "$JETGATE" run --commit $SHA --quiet --out "$T/ev-co"
expect_err "jetgate: run: --commit $SHA is not HEAD ($HEAD_SHA) of the tested checkout"
GITHUB_SHA=$SHA expect_rc 2 "$JETGATE" run --quiet --out "$T/ev-co"
expect_err "GITHUB_SHA $SHA is not HEAD"
[ ! -e "$T/ev-co" ] || fail "a refused commit still wrote evidence"
expect_rc 1 "$JETGATE" run --commit $HEAD_SHA --json --quiet --out "$T/ev-co"
python3 - "$T/out" "$HEAD_SHA" <<'PY' || fail "commit binding not recorded"
import json, sys
c = json.load(open(sys.argv[1]))["predicate"]["commit"]
assert c == {"sha": sys.argv[2], "source": "git", "dirty": False,
             "repository": "github.com/example/project"}, c
PY
# GITHUB_REPOSITORY must agree with the checkout's origin (issue #28 defect 8):
# a workflow that checks out another repository records no repository.
GITHUB_REPOSITORY=Example/PROJECT expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev-co"
grep -q '"repository": "github.com/example/project"' "$T/out" || fail "the agreeing repository not recorded"
GITHUB_REPOSITORY=Other/Name expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev-co"
expect_err "GITHUB_REPOSITORY names github.com/other/name but the checkout's origin is github.com/example/project"
grep -q 'other/name' "$T/out" && fail "GITHUB_REPOSITORY recorded against the checkout's origin"
grep -q 'PW' "$T/ev-co/jetson-runtime.json" && fail "remote credentials reached the evidence"
cd "$T"

# Module identity inside a masked container: --host-facts, or a mounted device tree.
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --host-facts "$DATA/facts-orin.json"
expect_out '"identified_by": "host-facts"'
expect_out '"module_part": "p3701-0005"'
mkdir dt && printf 'nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0nvidia,tegra234\0' > dt/compatible
printf 'NVIDIA Jetson AGX Orin Developer Kit\0' > dt/model
printf 'SERIALCANARY1424621812345\0' > dt/serial-number
JETGATE_DEVICE_TREE="$T/dt" expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet
expect_out '"identified_by": "mounted-device-tree"'
expect_out '"soc": "tegra234"'
grep -q SERIALCANARY "$T/out" && fail "device-tree serial reached --json output"
finish
