# Readers converted to the facts field table (src/schema/) read what the facts
# hold. setup used to read "module.part.value" (no such path: the field is
# module.part_number) and so always said "module (unknown)".
. "$(dirname "$0")/lib.sh.inc"
cd "$T"
expect_rc 1 "$JETGATE" setup --root "$JG_FIXTURES/roots/orin-nano-super-jp62"
expect_err "this host's module (p3767-0005) matches no tier of the policy"
finish
