# What the adoption trial (docs/adoption-trial.md) found, each kept fixed:
# 1. lint finds a real project's Jetson job whose runs-on is a matrix
#    expression over its own labels (ultralytics/ultralytics: jetson-jp62);
# 2. `report` takes --repo, as the support doc's "give --repo" tells the
#    reader, and judges the claims for that repository;
# 3. the README's action paragraph names every input and output of
#    action.yml once (it had lost them to a pasted copy of the lint paragraph);
# 4. constraints --check says where pip's resolve stopped when it stopped at
#    a conflict, instead of "resolved 0 package(s) for  with ...";
# 5. setup names why pip stopped (a build's own error), not pip's last line
#    "note: This error originates from a subprocess ..." / "hint: See above".
. "$(dirname "$0")/lib.sh.inc"
W="$JG_SOURCE_DIR/tests/data/workflows"
unset JETGATE_POLICY GITHUB_SERVER_URL || true

# 1. ultralytics' NVIDIA_Jetson job: found, safety rules only, noted.
U="$W/ultralytics/ci.yml"
expect_rc 1 "$JETGATE" lint --jetson-only "$U"
expect_out "^note: $U:528:3: jetson.not-gate: job 'NVIDIA_Jetson' runs on a Jetson"
expect_out "^$U:16:3: jetson.triggers: trigger 'pull_request'"
expect_out "^$U:554:15: uses.pinned: 'actions/checkout@v6'"
grep -q 'jetson.none' "$T/out" && fail "ultralytics' Jetson job was not found"
grep -q ":4[0-9][0-9]:[0-9]*: uses.pinned" "$T/out" &&
  fail "--jetson-only reported a job that does not run on a Jetson (GPU / Raspberry Pi)"
# The label schemes one at a time: a jetson-* label, a matrix include, a
# matrix list; never a label that only starts with the letters.
job() { # job FILE RUNS-ON [MATRIX-YAML]
  printf 'on: {workflow_dispatch: {}}\npermissions: {contents: read}\njobs:\n  hw:\n    runs-on: %s\n%s    steps:\n      - run: make test\n' \
    "$2" "${3:-}" >"$T/$1"
}
job own-label.yml '[self-hosted, jetson-agx-orin]'
job include.yml '${{ matrix.runner }}' '    strategy: {matrix: {name: [a], include: [{name: a, runner: jetson_orin}]}}
'
job list.yml '[self-hosted, "${{ matrix.box }}"]' '    strategy: {matrix: {box: [orin-1, jetson-jp512]}}
'
for f in own-label include list; do
  expect_rc 0 "$JETGATE" lint --jetson-only "$T/$f.yml"
  expect_out "jetson.not-gate: job 'hw' runs on a Jetson"
done
job not-jetson.yml '${{ matrix.os }}' '    strategy: {matrix: {os: [ubuntu-latest, jetsonic-box]}}
'
expect_rc 1 "$JETGATE" lint --jetson-only "$T/not-jetson.yml"
expect_out 'jetson.none'

# 2. report --repo: the claims are judged for the repository named.
D="$JG_SOURCE_DIR/tests/data/claims"
sed -e 's|"device_auto": null, "tests": null}|"device_auto": {"command": "true"}, "tests": {"command": "true"}}|' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" >"$T/hooks-policy.json"
(cd "$T" && env -u GITHUB_REPOSITORY "$JETGATE" report --support-doc --policy hooks-policy.json \
  --now 2026-12-02T12:00:00Z --repo example/project "$D/good-orin.json") >"$T/doc.md" 2>"$T/err" ||
  fail "report --repo failed: $(cat "$T/err")"
grep -q '| claimed ' "$T/doc.md" || fail "report --repo example/project does not claim the tier: $(grep '(target)' "$T/doc.md")"
(cd "$T" && env -u GITHUB_REPOSITORY "$JETGATE" report --support-doc --policy hooks-policy.json \
  --now 2026-12-02T12:00:00Z "$D/good-orin.json") >"$T/doc.md" 2>"$T/err"
grep -q 'no repository to claim for: give --repo' "$T/doc.md" || fail "without a repository the doc does not name --repo"
expect_usage "jetgate: report: --repo: 'not a repo' is not owner/name or a repository URL (try 'jetgate report --help')" \
  "$JETGATE" report --support-doc --repo 'not a repo'
expect_rc 0 "$JETGATE" report --help
expect_out -- '--repo REPO'

# 3. The README's action paragraph: every input and output of action.yml, once.
R="$JG_SOURCE_DIR/README.md"
para=$(sed -n '/^Inputs: `policy`/,/^The runner needs/p' "$R")
for name in $(python3 -c 'import re,sys
t = open(sys.argv[1]).read()
for block in ("inputs", "outputs"):
    body = t.split("\n%s:\n" % block)[1].split("\n" + ("outputs" if block == "inputs" else "runs") + ":\n")[0]
    print(" ".join(re.findall(r"^  ([a-z-]+):$", body, re.M)))' "$JG_SOURCE_DIR/action.yml"); do
  case $para in *"\`$name\`"*) ;; *) fail "README's action paragraph does not name '$name' (action.yml)" ;; esac
done
dups=$(awk 'length($0) > 50' "$R" | sort | uniq -d)
[ -z "$dups" ] || fail "README repeats lines (a pasted paragraph?): $dups"

# ...and where each command says which policy it used, as the README puts it.
P="$JG_SOURCE_DIR/src/policy/default-policy.json"
[ "$("$JETGATE" lint --policy "$P" | tail -1)" = "policy: $P (--policy)" ] || fail "lint's last line is not its policy line"
"$JETGATE" policy --policy "$P" | head -1 | grep -q '^policy: ' || fail "policy's first line is not its policy line"
"$JETGATE" matrix --policy "$P" | head -1 | grep -q "^support matrix ($P)" || fail "matrix's first line does not name the policy"
"$JETGATE" report --support-doc --policy "$P" 2>&1 >/dev/null | grep -q '^jetgate: report: policy: ' ||
  fail "report does not name its policy on stderr"

# 4. A conflict stops pip's resolve: said so, not "resolved 0 package(s) for ".
PY3=$(python3 -c 'import sys; print(sys.executable)')
if ! "$PY3" -m pip install --help 2>/dev/null | grep -q -- '--dry-run' ||
  ! "$PY3" -c 'import venv, ensurepip, tomllib' 2>/dev/null; then
  [ "$fails" = 0 ] || finish
  echo "SKIP: parts 4-5 need python3 3.11+ with venv, ensurepip and pip 22.2+ (install --dry-run --report); parts 1-3 passed" >&2
  exit 77
fi
mkdir -p "$T/vendor" "$T/index" "$T/proj"
"$PY3" "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$JG_SOURCE_DIR/tests/fake-python/torch" "$T/vendor" "$T/index"
"$PY3" -c 'import sys; sys.path.insert(0, sys.argv[1]); import lane_wheels
lane_wheels.wheel(sys.argv[2], "vis-app", "1.0", ["torchvision==0.21.0"])' "$JG_SOURCE_DIR/tests/cli" "$T/index"
printf 'vis-app\n' >"$T/proj/requirements.txt"
expect_rc 1 "$JETGATE" constraints --python "$PY3" --tier target --check "$T/proj/requirements.txt" \
  --no-index --find-links "$T/index"
expect_out 'resolve.conflict: pip cannot install this with the vendor torch family pinned: .*torchvision 0.21.0 depends on torch==2.6.0'
expect_out 'dependencies of dependencies followed up to the conflict above'
grep -q 'resolved 0 package' "$T/out" && fail "a stopped resolve is reported as resolving 0 packages: $(tail -2 "$T/out")"

# 5. The "Jetson": the AGX Orin fixture root and a "system" Python whose
#    site-packages holds the NVIDIA-like torch (as tests/cli/lane_e2e.sh).
system_python "$T/sys" "$T/vendor"/*.whl
B=$T/buildfails; mkdir -p "$B"
printf '[build-system]\nrequires = []\nbuild-backend = "failing_backend"\nbackend-path = ["."]\n\n[project]\nname = "buildfails"\nversion = "0.1"\ndependencies = ["torch"]\n' >"$B/pyproject.toml"
printf 'def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):\n    raise RuntimeError("CUDA_HOME is not set: cannot build the extension")\n' >"$B/failing_backend.py"
git -C "$B" init -q && git -C "$B" add -A && git -C "$B" -c user.email=t@t -c user.name=t commit -qm x
PIP_DISABLE_PIP_VERSION_CHECK=1 expect_rc 1 "$JETGATE" setup --python "$SYS/bin/python3" --venv "$T/bv" \
  --root "$JG_SOURCE_DIR/tests/fixtures/roots/agx-orin-64gb-jp62" --no-index --find-links "$T/index" "$B"
expect_err 'pip stopped, torch untouched: .*/bin/python -m pip install: exited with code 1: RuntimeError: CUDA_HOME is not set: cannot build the extension$'
finish
