# docker/jetson.Dockerfile: the build stage's COPY sources exist and are
# enough to configure jetgate (what `cmake -S /src/jetgate` sees in the
# image), every jetgate command it runs is a valid command line, and the
# base image is the documented pin.
. "$(dirname "$0")/lib.sh.inc"
DF=$JG_SOURCE_DIR/docker/jetson.Dockerfile
ctx=$T/ctx; mkdir -p "$ctx/src/jetgate"
for src in $(sed -n 's|^COPY \([^-][^ ]*\) /src/jetgate.*|\1|p' "$DF"); do
  [ -e "$JG_SOURCE_DIR/$src" ] || fail "COPY $src: not in the repository"
  cp -R "$JG_SOURCE_DIR/$src" "$ctx/src/jetgate/"
done
[ -f "$ctx/src/jetgate/CMakeLists.txt" ] || fail "the build stage copies no CMakeLists.txt"
expect_rc 0 cmake -S "$ctx/src/jetgate" -B "$T/build" -DJETGATE_TESTS=OFF -DCMAKE_BUILD_TYPE=Release
grep -q '^ARG L4T_IMAGE=nvcr.io/nvidia/l4t-jetpack:r36.4.0$' "$DF" || fail "base image pin changed"
grep -q 'COPY --from=build /src/build/src/jetgate /usr/local/bin/jetgate' "$DF" || fail "jetgate is not in the image"
# Each `jetgate CMD --opt ...` in a RUN line parses (run with --help appended
# would skip checks, so check each option against the command's --help).
grep -o 'jetgate [a-z]* [^&;>\\]*' "$DF" >"$T/cmds"
[ -s "$T/cmds" ] || fail "no jetgate command found in the Dockerfile"
while read -r _ cmd rest; do
  "$JETGATE" "$cmd" --help >"$T/help" || fail "jetgate $cmd: no such command"
  for o in $(printf '%s\n' $rest | grep '^--'); do
    grep -q -- "$o" "$T/help" || fail "jetgate $cmd has no option $o"
  done
done <"$T/cmds"

# The support doc's container snippet for a container tier brings jetgate in
# before it runs it, and says what an unrecorded digest means.
python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/ctr.json" <<'PYEOF'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["pytorch"] = {"kind": "container", "pin": "example.org/jetson/pytorch:test", "digest": None}
json.dump(pol, open(sys.argv[2], "w"))
PYEOF
expect_rc 0 "$JETGATE" report --support-doc --policy "$T/ctr.json"
awk '/^COPY jetgate \/usr\/local\/bin\/jetgate$/ {c=NR} /^RUN jetgate constraints --tier target/ {r=NR} END {exit !(c && r && c < r)}' "$T/out" \
  || fail "the container snippet runs jetgate without bringing it into the image"
expect_out 'The policy records no digest for this image'
finish
