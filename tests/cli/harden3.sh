# The reproducers of issue #28 ("Hardening, round three"), each made safe.
# Defect numbers are the issue's.
. "$(dirname "$0")/lib.sh.inc"
cd "$T"

# 13: a FIFO given as evidence is named as one, for claim and report alike.
mkfifo fifo.json
SHA=0123456789abcdef0123456789abcdef01234567
expect_rc 2 "$JETGATE" report --support-doc fifo.json
expect_err "fifo.json: cannot read: a FIFO, not a regular file"
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA fifo.json
expect_err "fifo.json: cannot read: a FIFO, not a regular file"

# 6: the interpreter's last line is scrubbed before it is cut to 200 bytes: a
# URL whose '@' falls after the cut keeps no piece of its password.
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
unset GITHUB_SHA RUNNER_LABELS GITHUB_EVENT_NAME || true
pad=$(printf '%0176d' 0)
printf '#!/bin/sh\necho "E%s https://ci-bot:jgPW6666@pypi.example/simple/" >&2\nexit 1\n' "$pad" > py-leak
chmod +x py-leak
set +e
"$JETGATE" run --commit $SHA --python ./py-leak --out ev6 --json --allow-missing >run6.json 2>run6.err
set -e
grep -q 'Python probe' ev6/*.json || fail "6: the probe's failure is not in the evidence"
if grep -l 'jgPW\|PW6666' ev6/*.json run6.json run6.err; then fail "6: part of a password survived the cut"; fi

# 4: a project policy names commands jetgate runs (project.python, hooks), so
# one in a tree another user owns is not trusted, as git refuses such a
# repository; and constraints --check runs no interpreter the checked clone names.
planted_tree() { # DIR PYTHON: a checkout root whose policy names PYTHON
  mkdir -p "$1/.git" "$1/.jetgate" "$1/work"
  python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$1/.jetgate/policy.json" "$2" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["project"] = {"python": sys.argv[3]}
json.dump(p, open(sys.argv[2], "w"))
PY
}
printf '#!/bin/sh\ntouch "%s/planted-ran"\nexec python3 "$@"\n' "$T" > planted-py
chmod +x planted-py
printf 'numpy==1.26.4\n' > reqs.txt
planted_tree clone ./planted-py
cp planted-py clone/planted-py
(cd clone && "$JETGATE" constraints --check ../reqs.txt >../c4.out 2>../c4.err) || true
[ ! -e planted-ran ] || fail "4: constraints --check ran the interpreter the checked clone's policy names"
if [ "$(id -u)" = 0 ]; then
  planted_tree shared "$T/planted-py"
  chown -R 4242:4242 shared
  (cd shared/work && expect_rc 2 "$JETGATE" constraints)
  expect_err "shared is owned by uid 4242, not by you or root"
  expect_err "name it with --policy or \$JETGATE_POLICY"
  [ ! -e planted-ran ] || fail "4: constraints ran another user's project.python"
  (cd shared/work && expect_rc 2 "$JETGATE" run --commit $SHA --allow-missing)
  expect_err "not trusted"
  chown 0:0 shared shared/.git
  (cd shared/work && expect_rc 2 "$JETGATE" policy)
  expect_err "shared/.jetgate is owned by uid 4242"
  # Named explicitly, it is the user's choice.
  (cd shared/work && expect_rc 0 "$JETGATE" policy --policy ../.jetgate/policy.json)
else
  echo "4: ownership part skipped: making another user's files needs root (uid $(id -u))" >&2
fi

# 10: what a hook starts in a new session (setsid) does not outlive the gate,
# after a normal end and after SIGTERM. Each sleep has its own length, so
# the check (and the clean-up of a survivor) finds exactly it.
DATA="$JG_SOURCE_DIR/tests/data/gate"
hook_policy() { # COMMAND > policy
  python3 - "$DATA/policy.json" "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for g in p["gates"]:
    if g["id"] == "jetson-runtime":
        g["hooks"]["device_auto"] = {"command": sys.argv[2]}
print(json.dumps(p))
PY
}
survivor() { ps -eo pid=,args= | awk -v a="sleep $1" '$2" "$3 == a {print $1}'; }
end_survivor() { for p in $(survivor "$1"); do kill -9 "$p" 2>/dev/null || true; done; }
hook_policy "(setsid sh -c 'exec >/dev/null 2>&1 </dev/null; sleep 3101' &); (setsid sleep 3102 &); sleep 1; echo cuda" > hook10.json
set +e
"$JETGATE" run --commit $SHA --quiet --policy hook10.json --python /bin/false --out ev10 >/dev/null 2>&1
set -e
sleep 0.5
for s in 3101 3102; do
  [ -z "$(survivor $s)" ] || { fail "10: 'sleep $s' (a new session) outlived the gate"; end_survivor $s; }
done
hook_policy "(setsid sh -c 'exec >/dev/null 2>&1 </dev/null; sleep 3103' &); sleep 60; echo cuda" > hook10t.json
"$JETGATE" run --commit $SHA --quiet --policy hook10t.json --python /bin/false --out ev10t >/dev/null 2>&1 &
gate=$!
i=0; while [ -z "$(survivor 3103)" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -n "$(survivor 3103)" ] || fail "10: the hook's new session never started"
kill -TERM $gate
wait $gate || true
sleep 0.5
[ -z "$(survivor 3103)" ] || { fail "10: 'sleep 3103' (a new session) outlived a SIGTERM of the gate"; end_survivor 3103; }

# 11: the workflow parser is linear: 80,000 anchors with as many aliases, and
# a mapping of 80,000 keys, each read within seconds (96 s before).
python3 - <<'PY'
n = 80000
head = "on: push\npermissions: {contents: read}\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps: []\n"
with open("anchors.yml", "w") as f:
    f.write(head + "a:\n" + "".join("  - &a%d v\n" % i for i in range(n)))
    f.write("b:\n" + "".join("  - *a%d\n" % ((i * 7919) % n) for i in range(n)))
with open("keys.yml", "w") as f:
    f.write(head + "a:\n" + "".join("  k%d: v\n" % i for i in range(n)) + "  k17: again\n")
PY
for f in anchors keys; do
  start=$(date +%s)
  set +e; timeout 60 "$JETGATE" lint $f.yml >$f.out 2>$f.err; rc=$?; set -e
  took=$(( $(date +%s) - start ))
  [ $rc != 124 ] && [ $took -le 10 ] || fail "11: lint took ${took}s on $f.yml (rc $rc)"
done
grep -q "keys.yml:[0-9]*:3: duplicate key 'k17'" keys.err || fail "11: the duplicate key among 80,000 was not found"

# 1: constraints --check refuses a lock whose values are off their grammar
# (the same check refuses it for setup's export; unit/test_lockexport,
# cli/setup_e2e step 3b).
cat > forged.lock <<'EOT'
version = 1
[[package]]
name = "app"
version = "1.0"
source = { editable = "." }
dependencies = [{ name = "helper" }]
[[package]]
name = "helper"
version = "1.0\ntorch==2.6.0"
source = { registry = "https://pypi.org/simple" }
EOT
cp forged.lock uv.lock
expect_rc 2 "$JETGATE" constraints --python python3 --tier target --check uv.lock
expect_err "uv.lock:9: '1.0.x0atorch==2.6.0' is not a valid version (PEP 440): the lock is refused"
sed 's/^name = "helper"$/name = "torch "/; s/{ name = "helper" }/{ name = "torch " }/; s/^version = "1.0.ntorch.*/version = "2.6.0"/' forged.lock > uv.lock
expect_rc 2 "$JETGATE" constraints --python python3 --tier target --check uv.lock
expect_err "'torch ' is not a valid package name"

# 5: direct references in a requirements file are judged like the same
# lines in pyproject.toml, and PyPI-torch's index is found whatever its case.
check5() { # LINE WANT
  printf '%s\n' "$1" > reqs5.txt
  expect_rc 1 "$JETGATE" constraints --python python3 --tier target --check reqs5.txt
  expect_out "reqs5.txt:1: $2"
}
check5 'torch @ git+https://github.com/pytorch/pytorch@v2.6.0' 'torch.replace: torch from git+https'
check5 'torch @ https://example.org/torch-2.6.0.tar.gz' 'torch.replace: torch from https://example.org'
check5 'torchvision[extra] @ git+https://github.com/pytorch/vision' 'torch.replace: no vendor torchvision'
check5 'bitsandbytes @ git+https://github.com/bitsandbytes-foundation/bitsandbytes' 'bitsandbytes: adds'
check5 '--index-url https://DOWNLOAD.PyTorch.org/whl/cpu' 'index.pytorch'
check5 '--extra-index-url=https://ci:jgPW5555@Download.Pytorch.Org.:443/whl/cpu' 'index.pytorch'
if grep -q jgPW5555 "$T/out"; then fail "5: an index password reached the findings"; fi

# 2: pip's own index settings reach pip (the dry run of constraints --check
# here, setup's installs alike), credentials and all; no other secret does.
printf '#!/bin/sh\nenv > "%s/env2-$$.txt"\nexec python3 "$@"\n' "$T" > py-dump2
chmod +x py-dump2
printf 'numpy==1.26.4\n' > reqs2.txt
PIP_INDEX_URL=https://ci:jgPIP2222@pypi.example.invalid/simple/ HF_TOKEN=hf_jgcanary2222222222222 \
  "$JETGATE" constraints --python ./py-dump2 --tier target --check reqs2.txt >c2.out 2>c2.err || true
grep -q '^PIP_INDEX_URL=https://ci:jgPIP2222@pypi.example.invalid/simple/$' env2-*.txt ||
  fail "2: pip's authenticated index did not reach pip's dry run"
if grep -q 'jgcanary2222' env2-*.txt; then fail "2: another secret reached a child"; fi
if grep -q jgPIP2222 c2.out c2.err; then fail "2: the index password reached jetgate's output"; fi

# Found attacking this round's own code: the uv.lock reader recursed once per
# link of a dependency chain (a chain of 20,000 packages overflowed the stack:
# a crash) and searched every package for every edge (20,000 packages: 15 s).
mkdir -p chain wide
python3 - <<'PY'
n = 20000
head = 'version = 1\n[[package]]\nname = "app"\nversion = "1.0"\nsource = { editable = "." }\n'
pkg = '[[package]]\nname = "p%d"\nversion = "1.0"\nsource = { registry = "https://pypi.org/simple" }\n'
with open("chain/uv.lock", "w") as f:
    f.write(head + 'dependencies = [{ name = "p0" }]\n')
    f.write("".join(pkg % i + ('dependencies = [{ name = "p%d" }]\n' % (i + 1) if i + 1 < n else "") for i in range(n)))
with open("wide/uv.lock", "w") as f:
    f.write(head + "dependencies = [" + ", ".join('{ name = "p%d" }' % i for i in range(n)) + "]\n")
    f.write("".join(pkg % i for i in range(n)))
PY
(cd chain && expect_rc 2 "$JETGATE" constraints --python python3 --tier target --check uv.lock)
expect_err "uv.lock:[0-9]*: a dependency chain deeper than 500 packages: refused"
start=$(date +%s)
(cd wide && expect_rc 0 timeout 60 "$JETGATE" constraints --python python3 --tier target --check uv.lock)
took=$(( $(date +%s) - start ))
[ $took -le 8 ] || fail "a uv.lock of 20,000 packages took ${took}s"

finish
