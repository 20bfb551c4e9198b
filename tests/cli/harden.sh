# The reproducers of issue #15 ("Hardening, round two"), each made safe:
# row 1 sysroot links, row 2 labels, row 4 credentials in free text, row 5 secrets in children,
# row 6 a hook's background process, row 12 early output checks.
. "$(dirname "$0")/lib.sh.inc"
SHA=0123456789abcdef0123456789abcdef01234567
DATA="$JG_SOURCE_DIR/tests/data/gate"
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
unset GITHUB_SHA RUNNER_LABELS GITHUB_EVENT_NAME || true
cd "$T"
status_of() {
  python3 -c 'import json,sys
d = json.load(open(sys.argv[2]))
print([c["status"] for c in d["predicate"]["checks"] if c["id"] == sys.argv[1]][0])' "$1" "$2"
}

# Row 1: 40 link hops inside the root, then an absolute link: never the host's file.
mkdir -p R1/etc
ln -s l0 R1/etc/nv_tegra_release
i=0; while [ $i -lt 40 ]; do ln -s l$((i + 1)) R1/etc/l$i; i=$((i + 1)); done
ln -s /etc/passwd R1/etc/l40
set +e
"$JETGATE" facts --root R1 --files-only --json >facts1.json 2>facts1.err
set -e
[ -s facts1.json ] || fail "row 1: facts printed nothing"
host_line=$(head -1 /etc/passwd)
if grep -q -F -- "${host_line%%:*}:x:" facts1.json; then fail "row 1: the host's passwd reached the facts"; fi

# Row 5: an env-dumping interpreter sees none of the secrets, whatever their name.
export HF_TOKEN=hf_jgCanary5555555555555555 GITHUB_TOKEN=ghp_jgcanary55555555555555 \
  AWS_SECRET_ACCESS_KEY=jgcanaryaws5 GH_PAT=jgcanarypat5 GITHUB_PAT=jgcanarypat5b \
  NPM_AUTH=jgcanaryauth5 REGISTRY_APIKEY=jgcanaryapikey5 CI_JOB_JWT=jgcanaryjwt5 \
  PASSPHRASE=jgcanarypass5 SENTRY_DSN=jgcanarydsn5 SLACK_WEBHOOK_URL=jgcanaryslack5 \
  DATABASE_URL=jgcanarydb5 PIP_INDEX_URL=https://ci-bot:jgcanarypip5@pypi.example/simple/ \
  UV_INDEX_URL=https://u:jgcanaryuv5@pypi.example/simple/ DOCKER_AUTH_CONFIG=jgcanarydocker5 \
  TLS_PEM=jgcanarypem5 AWS_ACCESS_KEY_ID=jgcanaryakid5
printf '#!/bin/sh\nenv > "%s/env-$$.txt"\nexec python3 "$@"\n' "$T" > py-dump
chmod +x py-dump
set +e
"$JETGATE" constraints --python ./py-dump >/dev/null 2>&1
"$JETGATE" run --commit $SHA --python ./py-dump --out ev5 --allow-missing --quiet >/dev/null 2>&1
"$JETGATE" facts --python ./py-dump >/dev/null 2>&1
set -e
n=$(ls env-*.txt 2>/dev/null | wc -l)
[ "$n" -ge 3 ] || fail "the env-dumping interpreter ran $n times, wanted 3 (constraints, run, facts)"
if grep -h 'jgcanary\|hf_jgCanary' env-*.txt; then fail "a secret reached a child's environment"; fi
grep -q '^PATH=' env-*.txt || fail "the child environment lost PATH"
unset HF_TOKEN GITHUB_TOKEN AWS_SECRET_ACCESS_KEY GH_PAT GITHUB_PAT NPM_AUTH REGISTRY_APIKEY \
  CI_JOB_JWT PASSPHRASE SENTRY_DSN SLACK_WEBHOOK_URL DATABASE_URL PIP_INDEX_URL UV_INDEX_URL \
  DOCKER_AUTH_CONFIG TLS_PEM AWS_ACCESS_KEY_ID

# Row 4: credentials printed by the interpreter never reach evidence, JUnit or --json.
JWT=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaS1ib3QifQ.c2lnbmF0dXJlNDQ0
cat > py-leak <<EOF2
#!/bin/sh
echo "ERROR: 401 for url: https://ci-bot:jgPW4444@pypi.example/simple/ Authorization: Bearer $JWT hook https://hooks.slack.com/services/T0/B0/jgslack4444 glpat-jgcanary44444444444" >&2
exit 1
EOF2
chmod +x py-leak
set +e
"$JETGATE" run --commit $SHA --python ./py-leak --out ev4 --junit j4.xml --json --allow-missing \
  >run4.json 2>run4.err
set -e
[ -s ev4/jetson-runtime.json ] || fail "row 4: no evidence written"
grep -q '401 for url' ev4/jetson-runtime.json || fail "row 4: the interpreter's error is not in the evidence"
for c in jgPW4444 "$JWT" jgslack4444 glpat-jgcanary; do
  if grep -q -F -- "$c" ev4/jetson-runtime.json j4.xml run4.json run4.err; then
    fail "row 4: '$c' reached the evidence, JUnit or output"
  fi
done

# Row 2: a user named like a label and a host named like the module rename nothing.
USER=jetson LOGNAME=jetson HOSTNAME=orin expect_rc 0 "$JETGATE" run --commit $SHA --out ev2 \
  --allow-missing --quiet --python /bin/false --runner-labels self-hosted,linux,ARM64,jetson,orin,jetpack-6
python3 - ev2/jetson-runtime.json <<'PY' || fail "row 2: labels were rewritten"
import json, sys
labels = json.load(open(sys.argv[1]))["predicate"]["run"]["runner_labels"]
assert labels == ["self-hosted", "linux", "ARM64", "jetson", "orin", "jetpack-6"], labels
PY
USER=x HOSTNAME=Orin expect_rc 0 "$JETGATE" run --commit $SHA --out ev2b --allow-missing --quiet \
  --python /bin/false --host-facts "$DATA/facts-orin.json"
grep -q '"<host>"' ev2b/jetson-runtime.json && fail "row 2: a platform value became <host>"
grep -q 'Orin' ev2b/jetson-runtime.json || fail "row 2: the module name lost 'Orin'"

# Row 6: a hook that leaves a background process holding nothing of ours, and
# one that keeps our pipe, both pass within the hook's deadline.
# Where the time limits are scaled (JG_TIMEOUT_SCALE: the release suite, qemu
# and a loaded machine) rows 6 and 7 stretch their deadlines and bounds alike.
k=${JG_TIMEOUT_SCALE:-1}
for hook in "(setsid sh -c 'exec >/dev/null 2>&1 </dev/null; sleep $((30 * k))' &); echo cuda" \
            "(setsid sleep $((30 * k)) &); echo cuda"; do
  python3 - "$DATA/policy.json" "$hook" > hook6.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for g in p["gates"]:
    if g["id"] == "jetson-runtime":
        g["hooks"]["device_auto"] = {"command": sys.argv[2]}
print(json.dumps(p))
PY
  start=$(date +%s)
  expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hook6.json --timeout $((10 * k)) \
    --python /bin/false --out ev6
  took=$(( $(date +%s) - start ))
  [ "$(status_of project.device_auto "$T/out")" = pass ] || fail "row 6: hook '$hook' did not pass"
  [ $took -lt $((8 * k)) ] || fail "row 6: the gate waited ${took}s for a background process"
done
# O_CLOEXEC on every descriptor jetgate holds while a hook runs.
python3 - "$DATA/policy.json" "sh $JG_SOURCE_DIR/tests/data/harden/cloexec-hook.sh" > hookfd.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for g in p["gates"]:
    if g["id"] == "jetson-runtime":
        g["hooks"]["device_auto"] = {"command": sys.argv[2]}
print(json.dumps(p))
PY
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hookfd.json --python /bin/false --out evfd
[ "$(status_of project.device_auto "$T/out")" = pass ] || \
  fail "a descriptor of jetgate is not close-on-exec: $(grep -o 'fd [0-9]* of jetgate[^"]*' "$T/out")"

# Row 7: a hung GPU. After the first kernel probe times out the later kernel
# probes are skipped with the reason (never a pass), not waited for.
FAKE_LIB="$JG_BINARY_DIR/tests/fake-libcuda"
start=$(date +%s)
LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA=cuLaunchKernel:hang expect_rc 1 "$JETGATE" run \
  --commit $SHA --json --quiet --timeout $((3 * k)) --python /bin/false --out ev7
took=$(( $(date +%s) - start ))
[ $took -lt $((9 * k)) ] || fail "row 7: a hung GPU took ${took}s with $((3 * k)) s deadlines (each probe waited)"
[ "$(status_of native.tensor_op "$T/out")" = error ] || fail "row 7: the hung tensor_op is not an error"
for id in native.surgery native.nf4; do
  [ "$(status_of $id "$T/out")" = skip ] || fail "row 7: $id was not skipped after the hang"
done
grep -q 'did not answer in the tensor_op probe' "$T/out" || fail "row 7: the skip does not say why"

# Row 8: a libcuda without cuMemHostGetDevicePointer_v2 fails only the probe that calls it.
NOHP="$FAKE_LIB/nohostptr/libcuda.so.1"
JG_FAKE_CUDA_COMPUTE=1 expect_rc 1 "$JETGATE" probe --json --library "$NOHP" --surgery-mib 16 --layers 2
python3 - "$T/out" <<'PY' || fail "row 8: a missing entry point failed more than the probe that calls it"
import json, sys
st = {p["id"]: (p["status"], p["reason"]) for p in json.load(open(sys.argv[1]))["probes"]}
assert st["driver"][0] == "pass" and st["tensor_op"][0] == "pass" and st["nf4"][0] == "pass", st
assert st["surgery"][0] == "fail" and "cuMemHostGetDevicePointer_v2" in st["surgery"][1], st
PY
# Row 11: temp files of a writer that is gone are removed; a live writer's stay.
mkdir -p ev11
dead=$(python3 -c 'import os
p = 4000000
while True:
    try: os.kill(p, 0); p -= 1
    except ProcessLookupError: print(p); break
    except PermissionError: p -= 1')
echo partial > "ev11/.jetson-runtime.json.tmp.$dead.AbC123"
echo partial > ev11/.jetson-runtime.json.tmp.Xy12Zq   # the old name form, an hour old
touch -d '1 hour ago' ev11/.jetson-runtime.json.tmp.Xy12Zq
echo writing > "ev11/.jetson-runtime.json.tmp.$$.LiVe12"
expect_rc 0 "$JETGATE" run --commit $SHA --out ev11 --allow-missing --quiet --python /bin/false
[ -e "ev11/.jetson-runtime.json.tmp.$dead.AbC123" ] && fail "row 11: a dead writer's temp file stayed"
[ -e ev11/.jetson-runtime.json.tmp.Xy12Zq ] && fail "row 11: an old temp file stayed"
[ -e "ev11/.jetson-runtime.json.tmp.$$.LiVe12" ] || fail "row 11: a live writer's temp file was removed"

# Row 12: output problems are found before the gate runs; a closed stderr
# (SIGPIPE) does not stop the evidence; the end of a flood of hook output counts.
touch notadir
printf '#!/bin/sh\nexec sleep 30\n' > py-hang; chmod +x py-hang
start=$(date +%s)
expect_rc 2 "$JETGATE" run --commit $SHA --out notadir --python ./py-hang
expect_err "run: --out notadir: cannot write the evidence there: Not a directory"
[ $(( $(date +%s) - start )) -lt 5 ] || fail "row 12: the unwritable --out was found late"
expect_rc 2 "$JETGATE" run --commit $SHA --out ev12 --junit ev12/../ev12/jetson-runtime.json
expect_err "is the evidence file itself"
[ -e ev12/jetson-runtime.json ] && fail "row 12: --junit naming the evidence still ran"
set +e
"$JETGATE" run --commit $SHA --out ev12p --allow-missing --python /bin/false 2>&1 | head -1 >/dev/null
set -e
[ -s ev12p/jetson-runtime.json ] || fail "row 12: SIGPIPE on stderr stopped the evidence"
python3 - "$DATA/policy.json" > hook12.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for g in p["gates"]:
    if g["id"] == "jetson-runtime":
        g["hooks"]["device_auto"] = {"command": "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo cuda"}
print(json.dumps(p))
PY
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hook12.json --python /bin/false --out ev12h
[ "$(status_of project.device_auto "$T/out")" = pass ] || fail "row 12: >1 MiB of hook output lost its last line"

# Row 10: triage has an input cap: /dev/zero and an endless pipe end with an error.
# Natively the cap ends both within seconds; valgrind and qemu-user read 128 MiB
# many times slower, so there the bound is wider (it still proves the end).
cap_s=30 kill_s=60
[ "${JG_VALGRIND:-0}" = 1 ] || [ -n "${JG_EMULATOR:-}" ] && cap_s=240 kill_s=280
start=$(date +%s)
expect_rc 2 timeout $kill_s "$JETGATE" triage /dev/zero
expect_err "more than 128 MiB or 2000000 lines of input"
set +e; yes | timeout $kill_s "$JETGATE" triage - >/dev/null 2>yes.err; rc=$?; set -e
[ $rc = 2 ] || fail "row 10: yes | triage - exited $rc, wanted 2"
grep -q "more than 128 MiB or 2000000 lines of input" yes.err || fail "row 10: no word of the cap"
[ $(( $(date +%s) - start )) -lt $cap_s ] || fail "row 10: the cap took too long"

# Row 13: messages say the file, what was expected and what was found.
mkfifo fifo13
expect_rc 2 "$JETGATE" run --commit $SHA --policy fifo13
expect_err "fifo13: a FIFO, not a regular file"
expect_rc 2 "$JETGATE" run --commit $SHA --policy /dev/zero
expect_err "/dev/zero: a character device, not a regular file"
printf '\357\273\277' > bom.json; cat "$DATA/facts-orin.json" >> bom.json
expect_rc 0 "$JETGATE" doctor --facts bom.json --json
expect_out '"facts_mode": "file"'
sed 's|"jetgate.facts/1"|"jetgate.facts/2"|' "$DATA/facts-orin.json" > facts2.json
expect_rc 2 "$JETGATE" doctor --facts facts2.json
expect_err 'expected "schema": "jetgate.facts/1", found "jetgate.facts/2"'
expect_rc 2 "$JETGATE" doctor --root /nonexistent
expect_err "/nonexistent: No such file or directory"
expect_rc 2 "$JETGATE" run --timeout 1e9 --commit $SHA
expect_err "'1e9' is not a number from 0.001 to 86400"
start=$(date +%s)
expect_rc 0 "$JETGATE" facts --python ./py-hang --timeout 1 --json
[ $(( $(date +%s) - start )) -lt 10 ] || fail "row 13: facts --timeout 1 did not bound the interpreter"
expect_err "asking ./py-hang for the Python layer (up to 1 s"
grep -q "timed out" "$T/out" || fail "row 13: facts does not say the interpreter timed out"
expect_rc 1 "$JETGATE" doctor --python ./py-hang --timeout 1 --json
printf '#!/bin/sh\nhead -c 2000000 /dev/zero | tr "\\0" " "; echo "{}"\n' > py-flood; chmod +x py-flood
expect_rc 0 "$JETGATE" facts --python ./py-flood --json
grep -q "more than 1048576 bytes, the limit for its result" "$T/out" || fail "row 13: the probe output cap is not named"
finish
