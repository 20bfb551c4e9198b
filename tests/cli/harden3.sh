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

finish
