# Every jetgate command under valgrind's memcheck, once per main mode and
# once on an error path: reads of uninitialised memory (which ASan does not
# see), invalid accesses and definite leaks fail the test, in jetgate and in
# every process it forks (the probes, the child keepers).
#
# Coverage is checked before anything runs: the commands and their options
# come from the option tables (`jetgate __generate bash-completion`), and
# every command needs a verdict run (exit 0 or 1), an error run (exit 2) and
# each of its options in some run. A new command or option fails this test
# until a run below uses it.
# tests/memcheck/selftest.sh proves that both checks can fail, with
#   JG_MEMCHECK_DROP=CMD  CMD's runs left out of the plan: coverage fails;
#   JG_MEMCHECK_ONLY=CMD  only CMD's runs (after the full coverage check).
. "$JG_SOURCE_DIR/tests/cli/lib.sh.inc"
command -v valgrind >/dev/null || { echo "FAIL: valgrind is not installed" >&2; exit 1; }
S=$JG_SOURCE_DIR D=$JG_SOURCE_DIR/tests/data
ORIN=$S/tests/fixtures/roots/agx-orin-64gb-jp62
POLICY=$S/src/policy/default-policy.json
FAKE_LIB=$JG_BINARY_DIR/tests/fake-libcuda/libcuda.so.1
SHA=0123456789abcdef0123456789abcdef01234567
export PYTHONPATH="$S/tests/fake-python" FAKE_TORCH=orin JG_FAKE_CUDA_COMPUTE=1
unset JETGATE_POLICY GITHUB_SHA RUNNER_LABELS GITHUB_EVENT_NAME GITHUB_REPOSITORY || true
cd "$T"

# Inputs: a git checkout (for init), a project, and an interpreter that sees
# the metadata of a Jetson vendor torch and reports an aarch64 machine.
git init -q repo
mkdir -p proj nv/torch-2.5.0a0+nv24.08.dist-info vg
printf '[project]\nname = "p"\nversion = "1"\ndependencies = ["torch>=2.0"]\n[project.optional-dependencies]\nquant = ["bitsandbytes"]\n[dependency-groups]\ndev = ["pytest"]\n' \
  >proj/pyproject.toml
printf 'Metadata-Version: 2.1\nName: torch\nVersion: 2.5.0a0+nv24.08\n' >nv/torch-2.5.0a0+nv24.08.dist-info/METADATA
printf 'torch/lib/libtorch_cuda.so,,\n' >nv/torch-2.5.0a0+nv24.08.dist-info/RECORD
mkdir -p nv/torch/lib && : >nv/torch/lib/libtorch_cuda.so
printf '#!/bin/sh\nPYTHONPATH="%s" python3 "$@" | sed "s/\\"machine\\": \\"[^\\"]*\\"/\\"machine\\": \\"aarch64\\"/"\n' \
  "$T/nv" >py-nv && chmod +x py-nv
# A policy whose project hooks are configured: the good record is claimable under it.
sed -e 's|"device_auto": null, "tests": null}|"device_auto": {"command": "true"}, "tests": {"command": "true"}}|' \
  "$POLICY" >hooks.json
sed 's|"jetgate.facts/1"|"jetgate.facts/2"|' "$D/gate/facts-orin.json" >facts2.json
: >empty.txt
# Two reports for triage --batch, each ended by a NUL byte.
{ cat "$D/reports/l4t-mismatch-docker.txt"; printf '\0'; cat "$D/reports/collect-env-pypi-cpu-crlf-ansi.txt"; printf '\0'; } >batch.txt
# The hooks policy with a signer: claim checks the recorded gh verification
# (--attestation), or a stand-in gh first on PATH that prints it (--verify-with-gh).
python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))
p["attestation"] = {"signer_workflow": "example/jetgate/.github/workflows/jetson-gate.yml",
                    "signer_commits": ["0123456789abcdef0123456789abcdef01234567"]}
json.dump(p, open("signed.json", "w"))' hooks.json
mkdir -p bin && printf '#!/bin/sh\ncat "%s"\n' "$D/attest/verified-good-orin.json" >bin/gh && chmod +x bin/gh
export PATH="$T/bin:$PATH"
printf 'pytest\n' >proj/requirements-dev.txt

# The plan: `r RC COMMAND ARGS...`, RC 0, 1, 2, or v (a verdict: 0 or 1, as
# the host decides). Runs start in $T, init's in the checkout. The help
# printer is shared: one command's --help stands for all (under ASan
# tests/cli/usage_errors.sh runs each).
plan() {
  r 0 --version
  r 0 --help
  r 0 run --help
  r 2 nosuch
  r 0 __generate man "$T/jetgate.1"
  r 0 facts --root "$ORIN" --json
  r 0 facts --files-only --timeout 30
  r 0 facts --python python3 --timeout 60 --json
  r 2 facts --root /nonexistent
  r v doctor --root "$ORIN" --verbose
  r v doctor --facts "$D/gate/facts-orin.json" --host-facts "$D/gate/facts-orin.json" --json
  r v doctor --python python3 --timeout 60 --no-experiments --json
  r 2 doctor --facts facts2.json
  r 1 triage --json "$D/reports/l4t-mismatch-docker.txt"
  r 1 triage --reply "$D/reports/collect-env-pypi-cpu-crlf-ansi.txt"
  r 0 triage "$D/facts/orin-jp62-live-healthy.json"
  r 2 triage empty.txt
  r v triage --batch batch.txt
  r 0 triage --list-rules
  r 0 triage --explain configuration.apt-duplicate-source
  r 0 run --commit $SHA --out ev --python /bin/false --allow-missing --quiet --junit ev/j.xml \
    --runner-labels self-hosted,linux,ARM64,jetson --timeout 30
  r 1 run --policy "$D/gate/policy.json" --commit $SHA --out ev2 --host-facts "$D/gate/facts-orin.json" \
    --select model-download --json
  r 1 run --root "$ORIN" --commit $SHA --out ev3 --python /bin/false --predicate ev3/predicate.json \
    --quiet --timeout 30
  r 2 run --commit nothex
  r 0 claim --tier target --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 --repo example/project \
    --policy hooks.json --now 2026-12-02T12:00:00Z --json "$D/claims/good-orin.json"
  r 1 claim --tier target --commit $SHA --repo example/project "$D/claims/failed-orin.json"
  r 0 claim --tier target --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 --repo example/project \
    --policy signed.json --now 2026-12-02T12:00:00Z --attestation "$D/attest/verified-good-orin.json" \
    "$D/claims/good-orin.json"
  r 0 claim --tier target --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 --repo example/project \
    --policy signed.json --now 2026-12-02T12:00:00Z --verify-with-gh "$D/claims/good-orin.json"
  r 2 claim --tier target --commit $SHA --repo example/project facts2.json
  r 0 matrix --policy "$POLICY" --json
  r 0 matrix
  r 2 matrix --policy facts2.json
  r 0 report --support-doc --policy "$POLICY" --now 2026-12-02T12:00:00Z "$D/claims/good-orin.json"
  r 0 report --release-notes --repo example/project --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 "$D/claims/good-orin.json"
  r 0 report --issue-body "$D/claims/failed-orin.json"
  r 2 report --issue-body
  r 0 constraints --python ./py-nv --tier target --policy "$POLICY"
  r 1 constraints --check proj/pyproject.toml --extra quant --group dev --no-index --allow-builds \
    --index-url http://127.0.0.1:9/simple --extra-index-url http://127.0.0.1:9/extra --find-links "$T"
  r 0 constraints --check proj/pyproject.toml --no-resolve --tier target
  r 2 constraints --tier nosuch
  r 1 setup --root "$ORIN" --tier target --venv "$T/venv" --extra quant --wheel "$T/none.whl" \
    --python /bin/false --policy "$POLICY" --index-url http://127.0.0.1:9/simple \
    --extra-index-url http://127.0.0.1:9/extra --find-links "$T" --no-index proj
  r 1 setup --root "$S/tests/fixtures/roots/x86_64-dgpu" --group dev --ignore-lock proj
  r 2 setup --root "$ORIN" --venv / --requirements requirements-dev.txt proj
  r 0 lint --policy "$POLICY" "$D/workflows/good-caller.yml" "$D/workflows/good-action.yml"
  r 1 lint --jetson-only "$D/workflows/bad-labels-run.yml"
  r 2 lint "$D/workflows/invalid-syntax.yml"
  r 0 init --print --device-auto 'echo cuda' --tests 'pytest --junitxml="$JETGATE_JUNIT"' \
    --junit out/tests.xml --python python3 --tier target
  r 0 init --force --tier evaluate
  r 2 init --tier nosuch
  r 0 init --print --test-extra test --new-tier nano --module p3767-0005 --jetpack 6.2 --l4t 36.4.3 \
    --level evaluate --torch-source jetson-ai-lab --torch-version 2.8.0 \
    --torch-pin https://pypi.jetson-ai-lab.io/jp6/cu126/torch-2.8.0-cp310-cp310-linux_aarch64.whl \
    --not-required 'torch.surgery:nothing here offloads weights'
  r 2 init --print --tier-from-host --root "$ORIN" --python "$T/py-nv" --tier agx64
  r 0 policy
  r 0 policy --where --policy "$POLICY"
  r 0 policy --json
  r 2 policy --policy facts2.json
  r 0 probe --library "$FAKE_LIB" --json --timeout 60 --surgery-mib 1 --layers 2 --buffers 2 \
    --round-robin --mapped
  r 1 probe --library "$T/none.so" driver
  r 2 probe warp_drive
}

# 1. Coverage, from the option tables.
"$JETGATE" __generate bash-completion "$T/completion" || { echo "FAIL: __generate" >&2; exit 1; }
sed -n 's/^    \([a-z][a-z-]*\)) opts="\(.*\)" ;;$/\1 \2/p' "$T/completion" >"$T/tables"
[ -s "$T/tables" ] || { echo "FAIL: no command found in the generated completion" >&2; exit 1; }
r() { # record: "CMD RC" and "CMD --OPTION" lines
  rc=$1 cmd=$2; shift 2
  [ "$cmd" = "${JG_MEMCHECK_DROP:-}" ] && return 0
  echo "$cmd rc$rc"
  for a in "$@"; do case $a in --*) echo "$cmd ${a%%=*}" ;; esac; done
}
plan | sort -u >"$T/covered"
while read -r cmd opts; do
  for need in rcv rc2; do
    case $need in
      rcv) grep -qx "$cmd rc[01v]" "$T/covered" || fail "$cmd: no run with a verdict (exit 0 or 1) below" ;;
      rc2) grep -qx "$cmd rc2" "$T/covered" || fail "$cmd: no run on an error path (exit 2) below" ;;
    esac
  done
  for o in $opts; do
    [ "$o" = --help ] && continue
    grep -qx -- "$cmd $o" "$T/covered" || fail "$cmd: option $o is used by no run below"
  done
done <"$T/tables"
[ "$fails" = 0 ] || { echo "coverage incomplete: every command and option needs a run in $0" >&2; exit 1; }
echo "coverage: $(wc -l <"$T/tables") commands, $(grep -c -- ' --' "$T/covered") options"

# 2. The runs. Each process valgrind follows writes its own log; -q keeps
# a clean one empty, so any byte in any log is a finding. Valgrind's start is
# most of a run's cost: no gdbserver, and no inlined frames in stack traces
# (about 20 % less; rerun a finding by hand with full traces).
VG="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite
  --error-exitcode=99 --log-file=$T/vg/%p.log --vgdb=no --read-inline-info=no"
n=0
r() {
  want=$1; shift
  [ "$1" = "${JG_MEMCHECK_DROP:-}" ] && return 0
  [ -n "${JG_MEMCHECK_ONLY:-}" ] && [ "$1" != "$JG_MEMCHECK_ONLY" ] && return 0
  n=$((n + 1))
  rm -f "$T"/vg/*.log
  dir=$T
  [ "$1" = init ] && dir=$T/repo
  set +e
  (cd "$dir" && $VG "$JETGATE" "$@") >"$T/out" 2>"$T/err" </dev/null
  got=$?
  set -e
  case "$want/$got" in
    0/0|1/1|2/2|v/0|v/1) ;;
    */99) fail "jetgate $*: valgrind's exit code: errors in jetgate itself" ;;
    *) fail "jetgate $* -> exit $got, wanted $want"; sed 's/^/  err: /' "$T/err" | head -10 >&2 ;;
  esac
  for log in "$T"/vg/*.log; do
    [ -s "$log" ] || continue
    fail "jetgate $*: valgrind found errors (pid ${log##*/})"
    sed 's/^/  /' "$log" | head -60 >&2
  done
}
plan
echo "$n runs under memcheck"
finish
