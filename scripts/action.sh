#!/usr/bin/env bash
# The logic of jetgate's composite action (action.yml), kept in one script so
# it can be tested outside GitHub (tests/cli/action.sh): find or build
# jetgate, run the gate with the project's policy, decide the claim for every
# tier, then write the step outputs ($GITHUB_OUTPUT) and the job summary
# ($GITHUB_STEP_SUMMARY). It exits 0 once the outputs are written, whatever
# the gate said: action.yml uploads the evidence first and fails the job last,
# from the exit-code output, so a failed gate still keeps its evidence.
#
# Inputs (environment, set by action.yml from the action's inputs):
#   INPUT_POLICY  INPUT_PYTHON  INPUT_TIER  INPUT_SELECT  INPUT_TIMEOUT
#   INPUT_ALLOW_MISSING (true|false)  INPUT_LABELS (comma list)  INPUT_BINARY
#   INPUT_SETUP (false|true|sub-project path)  INPUT_EXTRAS (comma list)
#   INPUT_SETUP_ARGS (more `jetgate setup` arguments)  INPUT_SETUP_COMMAND
#   INPUT_ROOT (read the platform from this directory)
# Runner environment: GITHUB_ACTION_PATH (jetgate's source), GITHUB_WORKSPACE
# (the project checkout), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP,
# RUNNER_TOOL_CACHE, GITHUB_SHA, GITHUB_ACTION_REF (the pinned commit).
set -euo pipefail

# A workflow command's message escaped as the runner reads it (%, \r, \n), so
# a value quoted in it cannot start a command line of its own.
gha_escape() { local m=${1//%/%25}; m=${m//$'\r'/%0D}; printf '%s' "${m//$'\n'/%0A}"; }
# A log line is one line: a value with a line break could put "::" first.
one_line() { local m=${1//$'\r'/ }; printf '%s' "${m//$'\n'/ }"; }
die() { echo "::error title=jetgate::$(gha_escape "$*")" >&2; echo "jetgate: action: $(one_line "$*")" >&2; exit 2; }
note() { echo "jetgate: action: $(one_line "$*")" >&2; }
# shellcheck source=scripts/action-output.sh
. "$(dirname "${BASH_SOURCE[0]}")/action-output.sh"
out() { gha_out "$1" "$2"; } # every output goes through gha_out: no value adds a line

for v in GITHUB_ACTION_PATH GITHUB_WORKSPACE GITHUB_OUTPUT GITHUB_STEP_SUMMARY RUNNER_TEMP; do
  [ -n "${!v:-}" ] || die "$v is not set (this script runs as a GitHub Actions step)"
done
command -v python3 >/dev/null || die "python3 is not installed on this runner (the step reads jetgate's JSON with it)"
SRC=$(cd "$GITHUB_ACTION_PATH" && pwd)
WORK="$RUNNER_TEMP/jetgate-action"
OUT_DIR=conditional-evidence/jetgate # action.yml uploads this folder: keep the two equal
GATE=jetson-runtime
mkdir -p "$WORK"

# The commit of jetgate's own tree: the pinned ref GitHub checked out for
# `uses: OWNER/jetgate@<sha>`, else git's HEAD when the tree is a clean clone
# (`uses: ./`), else a hash of the sources (a modified tree never reuses a
# build of another).
source_commit() {
  if [[ "${GITHUB_ACTION_REF:-}" =~ ^[0-9a-f]{40}$ ]]; then
    echo "$GITHUB_ACTION_REF"
  elif git -C "$SRC" rev-parse --verify -q HEAD >/dev/null 2>&1 &&
    [ -z "$(git -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    git -C "$SRC" rev-parse HEAD
  else
    echo "tree-$( (cd "$SRC" && find CMakeLists.txt cmake src tools -type f -print0 | sort -z |
      xargs -0 sha256sum) | sha256sum | cut -c1-40)"
  fi
}

source_version() {
  sed -n 's/^project(jetgate VERSION \([0-9][0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt" | head -1
}

# Build into a temporary directory, then move the finished binary into the
# tool cache and mark it complete, so an interrupted build is never reused.
build_into() {
  local dest=$1 build="$WORK/build"
  for tool in cmake cc pkg-config; do
    command -v "$tool" >/dev/null ||
      die "cannot build jetgate: '$tool' is not installed on this runner (install what scripts/install-deps.sh installs, or give the action a prebuilt binary: with: binary: PATH)"
  done
  note "building jetgate from $SRC into the tool cache ($dest)"
  rm -rf "$build"
  cmake -S "$SRC" -B "$build" -DJETGATE_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >"$WORK/build.log" 2>&1 &&
    cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" >>"$WORK/build.log" 2>&1 ||
    { tail -40 "$WORK/build.log" >&2; die "building jetgate failed (log above)"; }
  mkdir -p "$dest"
  cp "$build/src/jetgate" "$dest/.jetgate.tmp.$$" && mv "$dest/.jetgate.tmp.$$" "$dest/jetgate"
  touch "$dest.complete"
}

# Sets JETGATE (the binary) and HOW (given | cached | built).
find_jetgate() {
  if [ -n "${INPUT_BINARY:-}" ]; then
    JETGATE=$(command -v -- "$INPUT_BINARY" || true)
    [ -n "$JETGATE" ] && [ -x "$JETGATE" ] || die "binary: '$INPUT_BINARY' is not an executable file or a command on PATH"
    HOW=given
    return
  fi
  [ -n "${RUNNER_TOOL_CACHE:-}" ] || die "RUNNER_TOOL_CACHE is not set; give the action a binary: instead"
  local version commit arch dir
  version=$(source_version)
  [ -n "$version" ] || die "$SRC is not jetgate's source tree (no project(jetgate VERSION ...) in CMakeLists.txt)"
  commit=$(source_commit)
  arch=$(uname -m)
  dir="$RUNNER_TOOL_CACHE/jetgate/$version-$commit/$arch"
  if [ -f "$dir.complete" ] && [ -x "$dir/jetgate" ]; then
    HOW=cached
  else
    build_into "$dir"
    HOW=built
  fi
  JETGATE="$dir/jetgate"
  note "jetgate $version ($commit) $HOW: $JETGATE"
}

# torch's version and the sha256 of its RECORD, as the interpreter $1 sees them.
torch_fingerprint() {
  "$1" -c 'import hashlib, importlib.metadata as m
d = m.distribution("torch")
print(d.version, hashlib.sha256((d.read_text("RECORD") or "").encode()).hexdigest())' 2>/dev/null
}

# Install the project before the gate (INPUT_SETUP not false): `jetgate setup`
# makes a venv outside the checkout (so the tree stays clean) that sees the
# interpreter's NVIDIA torch, installs the project (INPUT_EXTRAS, then
# INPUT_SETUP_ARGS) without replacing torch, and proves it; then
# INPUT_SETUP_COMMAND runs in that venv under jetgate's constraints, and torch
# must be the same build after it. The venv's interpreter becomes the gate's
# --python, so the probes and the hooks ($JETGATE_PYTHON) see the project.
# Sets GATE_PYTHON; returns 1 (with SETUP_WHY) when the project was not installed.
setup_project() {
  local project=. venv="$WORK/venv" base
  case "${INPUT_SETUP:-false}" in
    "" | false) return 0 ;;
    true) ;;
    *) project=$INPUT_SETUP ;;
  esac
  [ -d "$project" ] || die "setup: '$project' is not a directory of the checkout"
  base=${INPUT_PYTHON:-$(python3 -c 'import json,sys; print((json.load(open(sys.argv[1])).get("project") or {}).get("python") or "python3")' "$WORK/policy.json")}
  local args=(setup --python "$base" --venv "$venv" "${POLICY_ARGS[@]}")
  [ -z "${INPUT_EXTRAS:-}" ] || args+=(--extra "$INPUT_EXTRAS")
  [ -z "${INPUT_ROOT:-}" ] || args+=(--root "$INPUT_ROOT")
  local more=()
  # Split on blanks only: the words go to jetgate as arguments, never to a shell.
  [ -z "${INPUT_SETUP_ARGS:-}" ] || read -r -a more <<<"$INPUT_SETUP_ARGS"
  rm -rf "$venv"
  note "setup: $JETGATE ${args[*]} ${more[*]} $project"
  set +e
  "$JETGATE" "${args[@]}" "${more[@]}" "$project" 2>&1 | tee "$WORK/setup.txt"
  local rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" != 0 ]; then
    SETUP_WHY="\`jetgate setup\` exited $rc: the project was not installed, and the gate did not run"
    return 1
  fi
  GATE_PYTHON="$venv/bin/python"
  [ -n "${INPUT_SETUP_COMMAND:-}" ] || return 0
  local before after cons="$venv/jetgate-constraints.txt"
  # setup writes the constraints it installed under; a lock install writes none.
  if [ ! -f "$cons" ]; then
    cons="$WORK/constraints.txt"
    "$JETGATE" constraints --python "$GATE_PYTHON" "${POLICY_ARGS[@]}" >"$cons" 2>>"$WORK/setup.txt" || {
      SETUP_WHY="\`jetgate constraints\` refused the venv's torch; the setup command did not run"
      return 1
    }
  fi
  before=$(torch_fingerprint "$GATE_PYTHON")
  note "setup: running the setup command in the venv under $cons"
  set +e
  env VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" PIP_CONSTRAINT="$cons" \
    bash -c "$INPUT_SETUP_COMMAND" 2>&1 | tee -a "$WORK/setup.txt"
  rc=${PIPESTATUS[0]}
  set -e
  after=$(torch_fingerprint "$GATE_PYTHON")
  if [ "$rc" != 0 ]; then
    SETUP_WHY="the setup command exited $rc; the gate did not run"
    return 1
  fi
  if [ "$before" != "$after" ]; then
    SETUP_WHY="the setup command changed torch (before: ${before:-none}; after: ${after:-none}); the gate did not run"
    return 1
  fi
}

# The gate. Sets RC (jetgate run's exit code: 0 passed, 1 failed/not_run, 2 input error).
run_gate() {
  local args=(run "$GATE" --out "$OUT_DIR" --junit "$OUT_DIR/$GATE.junit.xml"
    --predicate "$OUT_DIR/$GATE.predicate.json") # what action.yml's attest step signs
  [ -z "${INPUT_POLICY:-}" ] || args+=(--policy "$INPUT_POLICY")
  [ -z "${GATE_PYTHON:-}" ] || args+=(--python "$GATE_PYTHON")
  [ -z "${INPUT_ROOT:-}" ] || args+=(--root "$INPUT_ROOT")
  [ -z "${INPUT_SELECT:-}" ] || args+=(--select "$INPUT_SELECT")
  [ -z "${INPUT_TIMEOUT:-}" ] || args+=(--timeout "$INPUT_TIMEOUT")
  [ "${INPUT_ALLOW_MISSING:-false}" != true ] || args+=(--allow-missing)
  if [ -n "${INPUT_LABELS:-}" ]; then
    args+=(--runner-labels "$INPUT_LABELS")
  else
    echo "::warning title=jetgate::no labels given: the evidence records no runner labels, so no tier can be claimed from it" >&2
  fi
  set +e
  if [ -n "${VENV_BIN:-}" ]; then # the installed project's venv, as if activated
    env VIRTUAL_ENV="${VENV_BIN%/bin}" PATH="$VENV_BIN:$PATH" "$JETGATE" "${args[@]}" | tee "$WORK/run.txt"
  else
    "$JETGATE" "${args[@]}" | tee "$WORK/run.txt"
  fi
  RC=${PIPESTATUS[0]}
  set -e
}

# Every tier's claim decision for the record just written, one JSON file each.
claim_all() {
  local t tiers
  # One id a line, read as lines: no word splitting (the policy validates ids too).
  mapfile -t tiers < <(python3 -c 'import json,sys; print("\n".join(t["id"] for t in json.load(open(sys.argv[1]))["tiers"]))' "$WORK/policy.json")
  for t in "${tiers[@]}"; do
    set +e
    "$JETGATE" claim --tier "$t" --commit "$COMMIT" --json "${POLICY_ARGS[@]}" "$EV" \
      >"$WORK/claim-$t.json" 2>"$WORK/claim-$t.err"
    echo $? >"$WORK/claim-$t.rc"
    set -e
  done
}

# Reads the record, the policy and the claims; prints the outputs as
# NAME NUL VALUE NUL pairs and writes the Markdown summary to $WORK/summary.md.
summarize() {
  python3 - "$WORK" "$EV" "$CHOSEN_TIER" <<'PY'
import json, os, sys
work, ev_path, chosen = sys.argv[1], sys.argv[2], sys.argv[3]
# The claim's hardware reasons (docs/schema.md, "Claim decision"): the first
# tier whose claim names none of them is the tier this hardware matches, even
# when its software (JetPack, CUDA, torch) differs, which the claim reports.
PLATFORM = {"arch_not_aarch64", "not_jetson", "module_mismatch", "soc_mismatch",
            "cc_mismatch", "memory_class_mismatch"}
def cell(s):
    return str(s if s is not None else "").replace("|", "\\|").replace("\n", " ").strip()
ev = json.load(open(ev_path))["predicate"]
policy = json.load(open(os.path.join(work, "policy.json")))
rows, matched, decision = [], "", "none"
for t in policy["tiers"]:
    try:
        c = json.load(open(os.path.join(work, "claim-%s.json" % t["id"])))
    except (OSError, ValueError):
        err = open(os.path.join(work, "claim-%s.err" % t["id"])).read().strip()
        rows.append((t["id"], t["name"], "error", err))
        continue
    codes = [r["code"] for e in c.get("evidence", []) for r in e.get("reasons", [])]
    codes += [r["code"] for r in c.get("tier_reasons", [])]
    if not matched and not PLATFORM.intersection(codes):
        matched = t["id"]
    decision_t = "claimable" if c.get("claimable") else "refused"
    # The signature is made after this step (action.yml's attest step) and
    # checked with the network (gh attestation verify): a record whose only
    # fault is the missing verified signature is neither claimable nor
    # refused here. Any other reason still refuses: a signature cannot fix it.
    if not c.get("claimable") and set(codes) == {"attestation_missing"}:
        decision_t = "pending"
    rows.append((t["id"], t["name"], decision_t, ", ".join(dict.fromkeys(codes)) or "-"))
tier = chosen or matched
for r in rows:
    if r[0] == tier:
        decision = r[2]
md = ["## jetgate: %s `%s` at `%s`" % (ev["gate"], ev["status"], ev["commit"]["sha"][:12]), ""]
md += ["- %s" % cell(r) for r in ev.get("reasons", [])]
md += ["", "| check | status | required | reason | duration |", "|---|---|---|---|---|"]
for c in ev["checks"]:
    md.append("| `%s` | %s | %s | %s | %.2f s |" % (c["id"], c["status"],
              "yes" if c.get("required") else "no", cell(c.get("reason")), c.get("duration_s") or 0))
md += ["", "### Claim per tier (commit `%s`)" % ev["commit"]["sha"], "",
       "| tier | name | decision | reasons |", "|---|---|---|---|"]
md += ["| `%s` | %s | %s | %s |" % (i, cell(n), d, cell(why)) for i, n, d, why in rows]
md += ["", "Matched tier: %s. Claim decision%s: **%s**." % (
    "`%s`" % matched if matched else "none (this hardware matches no tier)",
    " for `%s`" % tier if tier else "", decision)]
if any(r[2] == "pending" for r in rows):
    md += ["", "pending: claim pending signature verification: the tier requires a verified "
           "attestation, which this step cannot check (the signing step runs after it, and "
           "`gh attestation verify` needs the network); run `jetgate claim --verify-with-gh` "
           "in the release workflow (README, \"Verifying a claim's signature\")."]
open(os.path.join(work, "summary.md"), "w").write("\n".join(md) + "\n")
# NAME NUL VALUE NUL pairs: the shell hands each to gha_out, the one writer.
for k, v in (("status", ev["status"]), ("tier", matched), ("claim-tier", tier), ("claim", decision)):
    sys.stdout.write("%s\0%s\0" % (k, v))
PY
}

now() { date +%s.%N; }

# Is the record at $1 this run's: started at or after $2 (seconds since the
# epoch) and, under GitHub Actions, of this run id and attempt?
of_this_run() {
  python3 - "$1" "$2" <<'PY'
import calendar, json, os, sys, time
try:
    p = json.load(open(sys.argv[1]))["predicate"]
    started = calendar.timegm(time.strptime(p["started_at"], "%Y-%m-%dT%H:%M:%SZ"))
    run = p.get("run") or {}
except (OSError, ValueError, KeyError, TypeError):
    sys.exit(1)
ok = started >= int(float(sys.argv[2])) - 1
for key, env in (("run_id", "GITHUB_RUN_ID"), ("run_attempt", "GITHUB_RUN_ATTEMPT")):
    if os.environ.get(env):
        ok = ok and run.get(key) == os.environ[env]
sys.exit(0 if ok else 1)
PY
}
took() { python3 -c 'import sys; print("%.1f" % (float(sys.argv[2]) - float(sys.argv[1])))' "$1" "$2"; }

# Setup refused or failed: no gate ran, no evidence; the step fails with the reason.
setup_failed() {
  out status error
  out setup failed
  out exit-code 1
  echo "::error title=jetgate setup::$(gha_escape "$SETUP_WHY")" >&2
  {
    printf '## jetgate: the project was not installed\n\n%s.\n\n```\n' "$SETUP_WHY"
    tail -40 "$WORK/setup.txt"
    printf '```\n'
  } >>"$GITHUB_STEP_SUMMARY"
}

main() {
  local t0 t1 t2 t3
  t0=$(now)
  find_jetgate
  t1=$(now)
  cd "$GITHUB_WORKSPACE"
  POLICY_ARGS=()
  [ -z "${INPUT_POLICY:-}" ] || POLICY_ARGS=(--policy "$INPUT_POLICY")
  "$JETGATE" policy --json "${POLICY_ARGS[@]}" >"$WORK/policy.json" ||
    die "the policy cannot be used (message above)"
  local policy_name
  policy_name=$("$JETGATE" policy --where "${POLICY_ARGS[@]}")
  out jetgate "$JETGATE"
  out build "$HOW"
  out policy "$policy_name"
  out build-seconds "$(took "$t0" "$t1")"
  GATE_PYTHON=${INPUT_PYTHON:-} VENV_BIN=""
  if ! setup_project; then
    out setup-seconds "$(took "$t1" "$(now)")"
    setup_failed
    return 0
  fi
  t2=$(now)
  out setup-seconds "$(took "$t1" "$t2")"
  case "${INPUT_SETUP:-false}" in
    "" | false) out setup skipped ;;
    *) out setup installed; VENV_BIN=$(dirname "$GATE_PYTHON") ;;
  esac
  out python "${GATE_PYTHON:-}"
  POLICY_ARGS=(--policy "$WORK/policy.json") # the claims judge by exactly what run used
  [ "$policy_name" = "embedded default policy" ] && POLICY_ARGS=()
  CHOSEN_TIER=${INPUT_TIER:-$(python3 -c 'import json,sys; print((json.load(open(sys.argv[1])).get("project") or {}).get("tier") or "")' "$WORK/policy.json")}
  [ -z "$CHOSEN_TIER" ] || python3 -c 'import json,sys; sys.exit(sys.argv[2] not in [t["id"] for t in json.load(open(sys.argv[1]))["tiers"]])' "$WORK/policy.json" "$CHOSEN_TIER" ||
    die "tier: '$CHOSEN_TIER' is not a tier id of the policy"
  # Only a record of this run counts: an earlier one left in the workspace
  # must never become this run's status, summary and artifact.
  rm -f "$OUT_DIR/$GATE.json" "$OUT_DIR/$GATE.junit.xml" "$OUT_DIR/$GATE.predicate.json"
  run_gate
  t3=$(now)
  out gate-seconds "$(took "$t2" "$t3")"
  EV="$OUT_DIR/$GATE.json"
  out retention-days "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["evidence"]["retention_days"])' "$WORK/policy.json")"
  if [ ! -f "$EV" ] || ! of_this_run "$EV" "$t2"; then
    out status error
    out exit-code "$([ "$RC" != 0 ] && echo "$RC" || echo 2)"
    printf '## jetgate: %s wrote no evidence of this run\n\n`jetgate run` exited %s; see the step log.\n' "$GATE" "$RC" >>"$GITHUB_STEP_SUMMARY"
    return 0
  fi
  out exit-code "$RC"
  out evidence "$EV"
  out junit "$OUT_DIR/$GATE.junit.xml"
  out predicate "$OUT_DIR/$GATE.predicate.json"
  COMMIT=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["predicate"]["commit"]["sha"])' "$EV")
  claim_all
  summarize >"$WORK/outputs.bin"
  local key value
  while IFS= read -r -d '' key && IFS= read -r -d '' value; do out "$key" "$value"; done <"$WORK/outputs.bin"
  {
    cat "$WORK/summary.md"
    local source
    case $HOW in
      built) source="jetgate built from source on this runner" ;;
      cached) source="jetgate from the runner's tool cache" ;;
      *) source="the jetgate binary given to the action" ;;
    esac
    printf '\nPolicy: `%s`. Evidence: `%s`, written by %s. Exit code of `jetgate run`: %s.\n' \
      "$policy_name" "$EV" "$source" "$RC"
    printf 'Times: jetgate %s %s s, setup %s s, gate %s s.\n' "$HOW" "$(took "$t0" "$t1")" \
      "$(took "$t1" "$t2")" "$(took "$t2" "$t3")"
    # A dirty tree backs no claim: name what made it dirty, where it can be fixed.
    if [ -n "$(git status --porcelain 2>/dev/null | grep -v " $OUT_DIR/\?$" | head -1)" ]; then
      printf '\nThe checkout is dirty (commit or ignore these; a dirty tree backs no claim):\n\n'
      git status --porcelain 2>/dev/null | head -20 | sed 's/^\(..\) \(.*\)$/- `\2` (\1)/'
    fi
  } >>"$GITHUB_STEP_SUMMARY"
}

main "$@"
