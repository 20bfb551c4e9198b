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

finish
