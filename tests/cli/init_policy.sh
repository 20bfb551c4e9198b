# jetgate init and policy discovery: init writes .jetgate/policy.json at the
# git root (never over an existing one without --force, always valid), and
# every command that takes a policy picks the same one: --policy, else
# $JETGATE_POLICY, else the project policy at the git root, else the embedded
# default; each human output names the policy it used.
. "$(dirname "$0")/lib.sh.inc"
unset JETGATE_POLICY GITHUB_SHA RUNNER_LABELS || true
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
EVID="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
SHA=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["subject"][0]["digest"]["gitCommit"])' "$EVID")
P="$T/proj"
mkdir -p "$P/src/pkg" "$T/nogit"
git -C "$P" init -q

expect_rc 0 "$JETGATE" init --help
for o in --device-auto --tests --junit --python --tier --force --print; do expect_out -- "$o"; done
expect_rc 0 "$JETGATE" policy --help
expect_out -- '--where'

# Outside any checkout: init refuses, discovery falls back to the embedded default.
cd "$T/nogit"
expect_rc 2 "$JETGATE" init
expect_err 'in no git checkout'
expect_rc 0 "$JETGATE" policy --where
expect_out '^embedded default policy$'

cd "$P"
expect_rc 0 "$JETGATE" policy
expect_out '^policy: embedded default policy (no .jetgate/policy.json at the git root'
expect_rc 2 "$JETGATE" init --tier nope
expect_err "no tier 'nope' in the default policy (known: target, evaluate, legacy)"
expect_rc 2 "$JETGATE" init --junit x.xml
expect_err -- '--junit needs --tests'
[ ! -e .jetgate ] || fail "a refused init wrote something"

# init writes a valid, described policy with the hooks filled in.
expect_rc 0 "$JETGATE" init --tier target --python python3.10 \
  --device-auto 'python -c "import pkg; print(pkg.device())"' \
  --tests 'python -m pytest -m jetson --junitxml="$JETGATE_JUNIT"'
expect_out "^wrote $P/.jetgate/policy.json"
expect_out "tier-labels: '\[\"orin\",\"jetpack-6\"\]'"   # what the caller workflow passes
F="$P/.jetgate/policy.json"
python3 - "$F" <<'PY' || fail "the written policy lacks what init was given"
import json, sys
d = json.load(open(sys.argv[1]))
g = [g for g in d["gates"] if g["id"] == "jetson-runtime"][0]
assert d["project"] == {"$comment": d["project"]["$comment"], "python": "python3.10", "tier": "target"}, d["project"]
assert g["hooks"]["device_auto"] == {"command": 'python -c "import pkg; print(pkg.device())"'}
assert g["hooks"]["tests"]["command"].startswith("python -m pytest -m jetson")
assert g["hooks"]["tests"]["junit"] == "conditional-evidence/jetgate/project-tests.junit.xml"
assert any("device_auto.command" in c for c in g["hooks"]["$comment"])
assert any("project.python" in c or "python:" in c for c in d["project"]["$comment"])
assert len(d["tiers"]) == 3 and d["schema_version"] == 1
PY
expect_rc 0 "$JETGATE" lint --policy "$F"
[ ! -s "$T/err" ] || fail "the loader warned on init's own file: $(cat "$T/err")"
ls "$P/.jetgate" | grep -q tmp && fail "init left a temporary file"

# Never over an existing policy without --force; --print writes nothing.
cp "$F" "$T/before.json"
expect_rc 2 "$JETGATE" init --tier evaluate
expect_err "policy.json exists; pass --force"
cmp -s "$F" "$T/before.json" || fail "a refused init changed the policy"
expect_rc 0 "$JETGATE" init --print --tier legacy
grep -q '"tier": "legacy"' "$T/out" || fail "--print did not print the policy"
cmp -s "$F" "$T/before.json" || fail "--print changed the policy"
expect_rc 0 "$JETGATE" init --force --tier evaluate
grep -q '"tier": "evaluate"' "$F" || fail "--force did not replace the policy"

# init writes the evidence ignore rule itself: after a .gitignore with no
# final newline on a line of its own (appending blindly once made
# "development/_privateconditional-evidence/"), never twice, and not when
# git already ignores the folder; a hook calling python by name is flagged.
G="$T/ign"; mkdir -p "$G" && git -C "$G" init -q
printf 'build/\ndevelopment/_private' >"$G/.gitignore"
(cd "$G" && expect_rc 0 "$JETGATE" init --test-extra test --tests 'python3 -m pytest --junitxml="$JETGATE_JUNIT"')
printf 'build/\ndevelopment/_private\nconditional-evidence/\n' | cmp -s - "$G/.gitignore" ||
  fail "init's ignore rule is not a line of its own: $(cat -A "$G/.gitignore")"
expect_out "added 'conditional-evidence/' to .gitignore"
expect_out 'note: it calls python by name; write "$JETGATE_PYTHON"'
expect_out '^  extras: test$'
expect_out '^  setup: true'
(cd "$G" && expect_rc 0 "$JETGATE" init --force --tests '"$JETGATE_PYTHON" -m pytest --junitxml="$JETGATE_JUNIT"')
[ "$(grep -c '^conditional-evidence/$' "$G/.gitignore")" = 1 ] || fail "a second init added the rule again"
expect_out 'git already ignores conditional-evidence/'
grep -q 'calls python by name' "$T/out" && fail "a hook with \$JETGATE_PYTHON is flagged"
H="$T/ign2"; mkdir -p "$H" && git -C "$H" init -q && printf '/conditional-evidence\n' >"$H/.gitignore"
(cd "$H" && expect_rc 0 "$JETGATE" init)
[ "$(cat "$H/.gitignore")" = /conditional-evidence ] || fail "init added a rule git already had"
(cd "$H" && expect_rc 0 "$JETGATE" init --print --force)
[ "$(cat "$H/.gitignore")" = /conditional-evidence ] || fail "init --print touched .gitignore"
# A project's own tier from this host (--root: a fixture), and required
# checks narrowed with a written reason.
K="$T/tierhost"; mkdir -p "$K/vendor" "$K/index" "$K/site" && git -C "$K" init -q
python3 "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$JG_SOURCE_DIR/tests/fake-python/torch" "$K/vendor" "$K/index"
python3 -m zipfile -e "$K"/vendor/torch-*.whl "$K/site"
ORIN="$JG_SOURCE_DIR/tests/fixtures/roots/agx-orin-64gb-jp62"
(cd "$K" && expect_rc 2 "$JETGATE" init --root "$ORIN")
expect_err -- '--root needs --tier-from-host'
(cd "$K" && expect_rc 2 "$JETGATE" init --tier-from-host --root "$JG_SOURCE_DIR/tests/fixtures/roots/x86_64-dgpu")
expect_err 'tier-from-host: this host is not a Jetson'
(cd "$K" && expect_rc 2 "$JETGATE" init --tier-from-host --root "$JG_SOURCE_DIR/tests/fixtures/roots/orin-nano-devkit-r36.5.0")
expect_err 'this host does not tell its Ubuntu version'
(cd "$K" && expect_rc 2 "$JETGATE" init --not-required 'native.nope:a reason long enough')
expect_err 'not_required.native.nope: unknown check id'
(cd "$K" && expect_rc 2 "$JETGATE" init --not-required 'native.surgery:no')
expect_err 'expected the reason the project does not need it'
[ ! -e "$K/.jetgate" ] || fail "a refused init wrote the policy"
(cd "$K" && PYTHONPATH="$K/site" expect_rc 0 "$JETGATE" init --tier-from-host --root "$ORIN" --tier agx64 \
  --not-required 'native.surgery:this project offloads no weights;torch.surgery:this project offloads no weights')
python3 - "$K/.jetgate/policy.json" <<'PY' || fail "the host tier or the narrowed checks are not what the fixture says"
import json, sys
p = json.load(open(sys.argv[1]))
t = p["tiers"][-1]
assert p["project"]["tier"] == "agx64" and t["id"] == "agx64", (p["project"], t["id"])
assert t["hardware"] == {"module_parts": ["p3701-0005"], "memory_class": "64 GB", "soc": "tegra234",
                         "compute_capability": "8.7"}, t["hardware"]
assert t["software"] == {"jetpack": "6.2", "l4t": "36.4.3", "ubuntu": "22.04", "cuda": "12.6"}, t["software"]
assert t["pytorch"]["torch"] == "2.5.0a0+872d972e41.nv24.08", t["pytorch"]   # torch.__version__
assert t["pytorch"]["pin"] == "torch==2.5.0a0+872d972e41.nv24.08.17622132", t["pytorch"]
assert any("RECORD sha256" in c for c in t["$comment"]), t["$comment"]
assert "torchvision" not in t["pytorch"], t["pytorch"]   # none installed beside it here
g = p["gates"][0]
assert g["not_required"] == {"native.surgery": "this project offloads no weights",
                             "torch.surgery": "this project offloads no weights"}, g.get("not_required")
assert "native.surgery" not in g["required_checks"] and "torch.surgery" not in g["required_checks"]
PY
(cd "$K" && expect_rc 0 "$JETGATE" matrix)
expect_out 'agx64'

# A tier from options: the tables fill in the rest, and refuse what they do not hold.
N="$T/newtier"; mkdir -p "$N" && git -C "$N" init -q
(cd "$N" && expect_rc 2 "$JETGATE" init --module p3767-0005)
expect_err -- '--module, --jetpack, --level and --torch-\* describe --new-tier ID'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier nano --module p3767-0005 --jetpack 6.2)
expect_err -- '--new-tier needs --module, --jetpack and --torch-source'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier x --module p9999-0000 --jetpack 6.2 --torch-source wheel)
expect_err 'p9999-0000 is not a Jetson module part'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier x --module p3701-0005 --jetpack 7.0 --torch-source wheel)
expect_err 'that JetPack spans several L4T releases in the table: name the L4T (--l4t)'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier x --module p3701-0005 --jetpack 6.2 --torch-source wheel)
expect_err -- '--torch-source wheel needs --torch-pin'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier x --module p3701-0005 --jetpack 6.2 --l4t 36.4.4 \
  --torch-source wheel --torch-pin a.whl --torch-version 2.5.0)
expect_err -- '--l4t 36.4.4 is JetPack 6.2.1 in the table, not 6.2'
(cd "$N" && expect_rc 2 "$JETGATE" init --new-tier x --module p3701-0005 --jetpack 6.2 --torch-source conda \
  --torch-pin a --torch-version 2)
expect_err "'conda' is not wheel, jetson-ai-lab, source or container"
[ ! -e "$N/.jetgate" ] || fail "a refused --new-tier wrote the policy"
(cd "$N" && expect_rc 0 "$JETGATE" init --new-tier nano --module p3767-0005 --jetpack 6.2 \
  --torch-source jetson-ai-lab --torch-pin 'https://pypi.jetson-ai-lab.io/jp6/cu126/torch-2.8.0-cp310-cp310-linux_aarch64.whl' \
  --torch-version 2.8.0 --not-required 'torch.surgery:nothing here offloads weights')
python3 - "$N/.jetgate/policy.json" <<'PY' || fail "--new-tier did not write the tier the tables give"
import json, sys
p = json.load(open(sys.argv[1]))
t = p["tiers"][-1]
assert p["project"]["tier"] == "nano" and t["id"] == "nano" and t["level"] == "target"
assert t["hardware"] == {"module_parts": ["p3767-0005"], "memory_class": "8 GB", "soc": "tegra234",
                         "compute_capability": "8.7"}, t["hardware"]
assert t["software"] == {"jetpack": "6.2", "l4t": "36.4.3", "ubuntu": "22.04", "cuda": "12.6"}, t["software"]
assert t["pytorch"]["kind"] == "wheel" and t["pytorch"]["torch"] == "2.8.0", t["pytorch"]
assert "jetson-ai-lab" in t["pytorch"]["$comment"], t["pytorch"]
PY
(cd "$N" && expect_rc 0 "$JETGATE" init --force --new-tier thor --module p3834-0008 --jetpack 7.0 --l4t 38.2.1 \
  --level evaluate --torch-source container --torch-pin example/pytorch:r38.2.1 --torch-version 2.9.0)
python3 -c 'import json,sys; t = json.load(open(sys.argv[1]))["tiers"][-1]
assert t["software"] == {"jetpack": "7.0", "l4t": "38.2.1", "ubuntu": "24.04", "cuda": "13.0"}, t
assert t["hardware"]["compute_capability"] == "11.0" and t["pytorch"]["kind"] == "container", t' \
  "$N/.jetgate/policy.json" || fail "--new-tier thor is not what the tables give"

# run names what makes the tree dirty, and says when its evidence is not ignored.
git -C "$G" add -A && git -C "$G" -c user.name=t -c user.email=t@x commit -qm p
printf 'build/\n' >"$G/.gitignore" && : >"$G/scratch.txt"
(cd "$G" && expect_rc 1 "$JETGATE" run --quiet --python /nonexistent/python)
expect_err 'the checkout is dirty (.gitignore, scratch.txt)'
expect_err 'conditional-evidence/jetgate/jetson-runtime.json is not ignored by git'

# Precedence. Three policies that differ in retention_days: 7 (git root),
# 11 ($JETGATE_POLICY), 13 (--policy); the embedded default keeps 30.
python3 - "$F" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["evidence"]["retention_days"] = 7
json.dump(d, open(sys.argv[1], "w"))
PY
sed 's/"retention_days": 7/"retention_days": 11/' "$F" >"$T/env.json"
sed 's/"retention_days": 7/"retention_days": 13/' "$F" >"$T/flag.json"
retention() { "$JETGATE" matrix --json "$@" | python3 -c 'import json,sys; print(json.load(sys.stdin)["evidence"]["retention_days"])'; }
cd "$P/src/pkg"
[ "$(retention)" = 7 ] || fail "the git-root policy was not found from a subdirectory"
[ "$(JETGATE_POLICY="$T/env.json" retention)" = 11 ] || fail "\$JETGATE_POLICY does not beat the git root"
[ "$(JETGATE_POLICY="$T/env.json" retention --policy "$T/flag.json")" = 13 ] || fail "--policy does not beat \$JETGATE_POLICY"
[ "$(JETGATE_POLICY= retention)" = 7 ] || fail "an empty \$JETGATE_POLICY is not treated as unset"
(cd "$T/nogit" && [ "$(retention)" = 30 ]) || fail "outside a checkout the embedded default is not used"
JETGATE_POLICY="$T/absent.json" expect_rc 2 "$JETGATE" matrix
expect_err 'absent.json (from $JETGATE_POLICY): cannot read'
# A worktree or submodule marks its root with a .git file.
mkdir -p "$T/wt/.jetgate" "$T/wt/deep" && echo "gitdir: $P/.git" >"$T/wt/.git"
sed 's/"retention_days": 7/"retention_days": 5/' "$F" >"$T/wt/.jetgate/policy.json"
(cd "$T/wt/deep" && [ "$(retention)" = 5 ]) || fail "a .git file does not mark the checkout root"

# Every command that takes a policy uses the discovered one and says so.
D="(project policy at the git root)"
expect_rc 0 "$JETGATE" policy
expect_out "^policy: $P/.jetgate/policy.json $D"
expect_rc 0 "$JETGATE" policy --where
expect_out "^$P/.jetgate/policy.json\$"
expect_rc 0 "$JETGATE" matrix
expect_out "support matrix ($P/.jetgate/policy.json); evidence: max age 30 days, retention 7 days"
expect_rc 1 "$JETGATE" lint "$JG_SOURCE_DIR/tests/data/workflows/copied/jetson-runtime-v0.1.yml"
expect_out 'retention-days is 30; the policy keeps evidence 7 days'
expect_out "^policy: $P/.jetgate/policy.json $D"
# claim: its decision is not what this test is about (exit 0 or 1); its policy line is.
claim_any() { set +e; "$JETGATE" claim "$@" >"$T/out" 2>"$T/err"; rc=$?; set -e
  [ "$rc" -le 1 ] || fail "claim $* -> exit $rc: $(cat "$T/err")"; }
JETGATE_POLICY="$T/env.json" claim_any --tier target --commit "$SHA" "$EVID"
expect_out "^policy: $T/env.json (\$JETGATE_POLICY)"
JETGATE_POLICY="$T/env.json" claim_any --tier target --commit "$SHA" --policy "$T/flag.json" "$EVID"
expect_out "^policy: $T/flag.json (--policy)"
expect_rc 0 "$JETGATE" report --support-doc
expect_out 'from the project policy .jetgate/policy.json'
expect_err "report: policy: $P/.jetgate/policy.json $D"
expect_rc 0 "$JETGATE" report --release-notes
expect_err "report: policy: $P/.jetgate/policy.json $D"
"$JETGATE" constraints >/dev/null 2>"$T/err" || true
expect_err "constraints: policy: $P/.jetgate/policy.json $D"
# run: the policy's project.python runs the framework checks; the checklist names the policy.
python3 - "$F" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["project"]["python"] = "/nonexistent/python-from-policy"
d["gates"][0]["hooks"] = {"device_auto": None, "tests": None}
json.dump(d, open(sys.argv[1], "w"))
PY
cd "$P"
expect_rc 1 "$JETGATE" run --commit "$SHA"
expect_out "^policy: $P/.jetgate/policy.json $D"
expect_err 'importing torch with /nonexistent/python-from-policy'
[ -f conditional-evidence/jetgate/jetson-runtime.json ] || fail "no evidence in conditional-evidence/jetgate/"
[ ! -e conditional-evidence/jetson-runtime.json ] || fail "jetgate wrote the project's own evidence file name"
expect_rc 1 "$JETGATE" run --commit "$SHA" --python python3 --quiet --json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=[c for c in d["predicate"]["checks"] if c["id"]=="torch.import"][0]; assert c["status"]=="pass", c' "$T/out" ||
  fail "--python does not override the policy's project.python"
# A bad project block is an input error naming the field.
python3 - "$F" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["project"]["tier"] = "orin-nano"
json.dump(d, open(sys.argv[1], "w"))
PY
expect_rc 2 "$JETGATE" matrix
expect_err 'policy.json: project.tier: no tier "orin-nano" in the policy'
finish
