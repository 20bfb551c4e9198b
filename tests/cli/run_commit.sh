# jetgate run: the commit (GITHUB_SHA, git with a dirty tree) and the module
# identity inside a masked container (--host-facts, a mounted device tree).
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
# Commit from GITHUB_SHA, then from git (with the dirty tree recorded).
GITHUB_SHA=$SHA expect_rc 1 "$JETGATE" run --json --quiet
expect_out '"source": "GITHUB_SHA"'
mkdir repo && (cd repo && git init -q && git -c user.name=t -c user.email=t@t commit -q \
  --allow-empty -m x && echo dirt > f)
HEAD_SHA=$(git -C repo rev-parse HEAD)
(cd repo && expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev3")
expect_out "\"sha\": \"$HEAD_SHA\""
expect_out '"dirty": true'
expect_out '"source": "git"'
(cd / && expect_rc 2 "$JETGATE" run --quiet --out "$T/ev4")
expect_err "git rev-parse HEAD"

# Module identity inside a masked container: --host-facts, or a mounted device tree.
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --host-facts "$DATA/facts-orin.json"
expect_out '"identified_by": "host-facts"'
expect_out '"module_part": "p3701-0005"'
mkdir dt && printf 'nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0nvidia,tegra234\0' > dt/compatible
printf 'NVIDIA Jetson AGX Orin Developer Kit\0' > dt/model
printf 'SERIALCANARY1424621812345\0' > dt/serial-number
JETGATE_DEVICE_TREE="$T/dt" expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet
expect_out '"identified_by": "mounted-device-tree"'
expect_out '"soc": "tegra234"'
grep -q SERIALCANARY "$T/out" && fail "device-tree serial reached --json output"
finish
