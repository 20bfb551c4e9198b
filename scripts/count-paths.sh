#!/bin/sh
# Counts literal lookups into the stage documents in src/ that bypass their
# field tables (src/schema/): every path there is written once, and readers
# and writers use the typed accessors.
#  - facts: string literals such as "l4t.version" or "module.part_number" whose
#    first segment is a top-level section of the facts document (docs/schema.md).
#  - observed (what a pasted report showed, docs/schema.md "Observed"): any
#    "observed.<x>" literal; a literal naming a signal ("numpy_abi"); and, on a
#    line that reads or writes the observed document, a literal whose first
#    segment is one of its top-level keys ("docker.build", "images").
#   scripts/count-paths.sh [-v]     -v: list each literal with its file
set -eu
cd "$(dirname "$0")/.."
sections='container|cuda|cuda_driver|gpu|host|jetpack|jetson|l4t|module|packages|python|observed|cuda_tensor_op'
# Lines naming checks or lint rules ("host.arm64", "jetson.triggers") are not lookups.
facts=$(grep -rnE "\"($sections)\\.[a-z_0-9.]+\"" src --include=*.c --include=*.h |
        grep -vE '^src/schema/|jg_check|jg_lint_find|jg_findings_add|check_ids|"(host\.(arm64|jetson|module)|jetson\.(triggers|upload[a-z._]*))"' |
        grep -oE "^[^:]+:[0-9]+:|\"($sections)\\.[a-z_0-9.]+\"" | grep -v '\.csv"$' |
        awk '/^src/ { where = $0; next } { print where $0 }' || true)
obs_keys='cuda_errors|missing_libraries|requires|wheels|conflicts|images|devices_seen|torch_sessions|docker|host_l4t|driver_version|gpu_cc|jetson_hints|signals|env|torch_index_cuda|unsupported_wheels|present_libraries|other_stack|torch_seen'
signals=$(sed -n 's/^ *X(\([a-z0-9_]*\)).*/\1/p' src/schema/observed_fields.h | sed -n '/^illegal_instruction$/,$p' | paste -sd'|')
# A line that touches the observed document: its variables and helpers.
obs_line='observed|->obs\b|\bobs\b|jg_(view_signal|tp_signal|obs_list|tp_add|tp_room|tp_set)'
observed=$( (grep -rnE "\"($signals)\"" src --include=*.c --include=*.h || true;
             grep -rnE "$obs_line" src --include=*.c --include=*.h |
             grep -E "\"($obs_keys)(\\.[a-zA-Z_0-9.]+)?\"" || true) |
           grep -v '^src/schema/' |
           grep -oE "^[^:]+:[0-9]+:|\"(($signals)|($obs_keys)(\\.[a-zA-Z_0-9.]+)?)\"" |
           awk '/^src/ { where = $0; next } { print where $0 }' | sort -u || true)
hits=$(printf "%s\n%s\n" "$facts" "$observed" | sed "/^$/d" | sort -u)
if [ "${1:-}" = -v ]; then printf '%s\n' "$hits" | sed '/^$/d'; fi
count() { printf '%s\n' "$1" | sed '/^$/d' | wc -l; }
echo "literal facts paths outside the field table: $(count "$facts")"
echo "literal observed paths outside the field table: $(count "$observed")"
# per folder: facts, observed (a literal such as "observed.images" counts in both)
{ printf '%s\n' "$facts" | sed '/^$/d; s/^/F /'; printf '%s\n' "$observed" | sed '/^$/d; s/^/O /'; } |
  awk '{ split($2, p, "/"); d = p[2]; if ($1 == "F") f[d]++; else o[d]++; seen[d] = 1 }
       END { for (d in seen) printf "%7d facts %5d observed  %s\n", f[d], o[d], d }' | sort -rn
