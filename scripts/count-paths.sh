#!/bin/sh
# Counts literal dotted-path lookups into the facts document in src/: string
# literals such as "l4t.version" or "module.part_number" whose first segment
# is a top-level section of the facts document (docs/schema.md). The schema
# field table (src/schema/facts_fields.h) is the one place such a path may
# be written; everything else should use its typed accessors.
#   scripts/count-paths.sh [-v]     -v: list each literal with its file
set -eu
cd "$(dirname "$0")/.."
sections='container|cuda|cuda_driver|gpu|host|jetpack|jetson|l4t|module|packages|python|observed|cuda_tensor_op'
# Lines naming checks or lint rules ("host.arm64", "jetson.triggers") are not lookups.
hits=$(grep -rnE "\"($sections)\\.[a-z_0-9.]+\"" src --include=*.c --include=*.h |
       grep -vE '^src/schema/|jg_check|jg_lint_find|jg_findings_add|check_ids|"(host\.(arm64|jetson|module)|jetson\.(triggers|upload[a-z._]*))"' |
       grep -oE "^[^:]+:[0-9]+:|\"($sections)\\.[a-z_0-9.]+\"" |
       awk '/^src/ { where = $0; next } { print where $0 }' || true)
if [ "${1:-}" = -v ]; then printf '%s\n' "$hits" | sed '/^$/d'; fi
total=$(printf '%s\n' "$hits" | sed '/^$/d' | wc -l)
echo "literal facts paths outside the field table: $total"
printf '%s\n' "$hits" | sed '/^$/d' | cut -d/ -f2 | sort | uniq -c | sort -rn
