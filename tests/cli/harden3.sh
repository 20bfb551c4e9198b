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

finish
