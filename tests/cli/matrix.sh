# jetgate matrix: the embedded default is the plan's three tiers.
. "$(dirname "$0")/lib.sh.inc"
expect_rc 0 "$JETGATE" matrix --help
expect_out -- '--policy'; expect_out -- '--json'
expect_rc 0 "$JETGATE" matrix
expect_out '^target (target): Jetson AGX Orin 64 GB$'
expect_out 'module:        p3701-0005 (64 GB, tegra234, CC 8.7)'
expect_out 'software:      JetPack 6.2 / L4T 36.4.3 / Ubuntu 22.04 / CUDA 12.6'
expect_out 'runner labels: self-hosted, linux, ARM64, jetson$'
expect_out 'recommended:   orin, jetpack-6 (tier labels, optional)'
expect_out 'jp/v61/pytorch/torch-2.5.0a0+872d972e41.nv24.08.17622132-cp310-cp310-linux_aarch64.whl (torch 2.5.0a0+872d972e41.nv24.08, sha256 unknown: no public source gives it)'
expect_out 'software:      JetPack 7.x / L4T 38+ / Ubuntu 24.04 / CUDA 13.x'
expect_out 'recommended:   thor, jetpack-7 (tier labels, optional)'
expect_out 'software:      JetPack 5.1.x / L4T 35.x / Ubuntu 20.04 / CUDA 11.x'
# which JetPacks each tier's module runs, from the facts table (jetson-facts.md §7.2)
expect_out 'JetPacks:      7.0, 7.1, 7.2, 7.2.1 (the facts table'
expect_out 'JetPacks:      5.1.7 (the facts table'
expect_out 'not one exact release'
# The embedded default runs none of the project's checks: no tier is claimable as shipped.
[ "$(grep -c 'claimable:     yes' "$T/out")" = 0 ] || fail "the default policy must claim no tier"
expect_out 'Run .jetgate init --device-auto CMD --tests CMD. to configure them'
expect_rc 0 "$JETGATE" matrix --json
python3 - "$T/out" <<'PY' || fail "matrix --json content"
import json, sys
m = json.load(open(sys.argv[1]))
assert m["schema"] == "jetgate.matrix/1"
t = {r["id"]: r for r in m["tiers"]}
assert list(t) == ["target", "evaluate", "legacy"], list(t)
assert not t["target"]["claimable_in_principle"]
assert [b["code"] for b in t["target"]["claim_blockers"]] == ["project_checks_not_configured"]
assert t["target"]["recommended_labels"] == ["orin", "jetpack-6"]
assert t["target"]["runner_labels"] == ["self-hosted", "linux", "ARM64", "jetson"]
assert t["evaluate"]["module_parts"] == ["p3834-0008"] and t["evaluate"]["compute_capability"] == "11.0"
assert t["legacy"]["soc"] == "tegra194" and t["legacy"]["pytorch"] is None
assert t["legacy"]["module_jetpacks"] == ["5.1.7"], t["legacy"]["module_jetpacks"]
assert "7.0" not in t["target"]["module_jetpacks"] and "7.2" in t["target"]["module_jetpacks"]
assert all(r["bitsandbytes"] == "unsupported" for r in m["tiers"])
assert m["evidence"] == {"max_age_days": 30, "retention_days": 30}
PY
# With both hooks configured, the target tier is claimable in principle.
sed -e 's|"device_auto": null, "tests": null}|"device_auto": {"command": "true"}, "tests": {"command": "true"}}|' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" > "$T/hooks.json"
expect_rc 0 "$JETGATE" matrix --policy "$T/hooks.json"
[ "$(grep -c 'claimable:     yes' "$T/out")" = 1 ] || fail "exactly one tier should be claimable in principle"
expect_rc 2 "$JETGATE" matrix extra
expect_rc 2 "$JETGATE" matrix --policy "$T/none.json"
expect_err "none.json: No such file"
finish
