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
#  - the policy, the claim decision and the support matrix (docs/schema.md
#    "Policy", "Claim decision", "Support matrix"; schema/policy.h, claim.h,
#    matrix.h): a literal key of theirs (any step of a path in their tables)
#    read by name (jg_json_str/at/int/bool, json_object_get/del: "read"),
#    written by name (json_object_set[_new], an object json_pack builds:
#    "write"), or named by the policy validator (jg_pv_want_* calls,
#    known[] lists: "validator"). Statements are read whole, so a call over
#    several lines counts; only the folders these documents pass through
#    are read (the facts, the doctor, the probes and the evidence record
#    never see them), and the foreign keys below are left out.
#   scripts/count-paths.sh [-v]     -v: list each literal with its file
set -eu
cd "$(dirname "$0")/.."
sections='container|cuda|cuda_driver|gpu|host|jetpack|jetson|l4t|module|packages|python|observed|cuda_tensor_op'
# Lines naming checks or lint rules ("host.arm64", "jetson.triggers") are not lookups,
# nor file names and host names ("l4t.csv", "jetson.webredirect.org").
facts=$(grep -rnE "\"($sections)\\.[a-z_0-9.]+\"" src --include=*.c --include=*.h |
        grep -vE '^src/schema/|jg_check|jg_lint_find|jg_findings_add|check_ids|"(host\.(arm64|jetson|module)|jetson\.(triggers|upload[a-z._]*))"' |
        grep -oE "^[^:]+:[0-9]+:|\"($sections)\\.[a-z_0-9.]+\"" | grep -vE '\.(csv|org|com|io|dev)"$' |
        awk '/^src/ { where = $0; next } { print where $0 }' || true)
obs_keys='cuda_errors|missing_libraries|requires|wheels|conflicts|images|devices_seen|torch_sessions|docker|host_l4t|driver_version|gpu_cc|jetson_hints|signals|env|torch_index_cuda|unsupported_wheels|present_libraries|other_stack|torch_seen'
# the signal names: the signal: keys of the doctor's rule files (the build generates the list)
signals=$(sed -n 's/^signal: *\([a-z0-9_]*\)$/\1/p' src/doctor/knowledge/*.rules | sort -u | paste -sd'|')
# A line that touches the observed document: its variables and helpers.
obs_line='observed|->obs\b|\bobs\b|jg_(view_signal|tp_signal|obs_list|tp_add|tp_room|tp_set)'
observed=$( (grep -rnE "\"($signals)\"" src --include=*.c --include=*.h || true;
             grep -rnE "$obs_line" src --include=*.c --include=*.h |
             grep -E "\"($obs_keys)(\\.[a-zA-Z_0-9.]+)?\"" || true) |
           grep -v '^src/schema/' |
           grep -oE "^[^:]+:[0-9]+:|\"(($signals)|($obs_keys)(\\.[a-zA-Z_0-9.]+)?)\"" |
           awk '/^src/ { where = $0; next } { print where $0 }' | sort -u || true)
# Prints FILE:LINE: KIND "key" for each literal key (KEYS, an ERE) of the
# forms above, statement by statement; top-level arguments only, so a call
# nested in another counts once, for itself.
pc_awk='
function args(s, p,    depth, c, a, n, i, j) {
    depth = 0; a = ""; n = 0
    for (i = p; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\"") {
            j = i + 1
            while (j <= length(s) && substr(s, j, 1) != "\"")
                j += substr(s, j, 1) == "\\" ? 2 : 1
            if (depth == 1) a = a substr(s, i, j - i + 1)
            i = j; continue
        }
        if (c == "(" || c == "{") { if (depth++ == 0) continue }
        if (c == ")" || c == "}") { if (--depth == 0) { A[++n] = a; return n } }
        if (c == "," && depth == 1) { A[++n] = a; a = ""; continue }
        if (depth >= 1) a = a c
    }
    return n
}
function lit(a,    k) {
    if (a !~ /^[ \t]*"[^"]*"[ \t]*$/) return ""
    sub(/^[ \t]*"/, "", a); sub(/"[ \t]*$/, "", a)
    k = a; sub(/\..*/, "", k)
    return k ~ KEYS ? a : ""
}
function hit(kind, k) { if (k != "") printf "%s:%d: %s \"%s\"\n", FILENAME, start, kind, k }
function scan(s,    rest, name, n, i) {
    rest = s
    while (match(rest, /(jg_json_(str|at|int|bool)|json_object_(get|del|set|set_new)|json_pack|jg_pv_want_[a-z]+)\(|known[a-z_]*\[\] = \{/)) {
        name = substr(rest, RSTART, RLENGTH - 1)
        n = args(rest, RSTART + RLENGTH - 1)
        if (name ~ /^known/)
            for (i = 1; i <= n; i++) hit("validator", lit(A[i]))
        else if (name ~ /^jg_pv_want_/)
            hit("validator", lit(A[4]))
        else if (name == "json_pack") {
            if (A[1] ~ /^[ \t]*"[ \t]*\{/)
                for (i = 2; i <= n; i++) hit("write", lit(A[i]))
        } else if (name ~ /^json_object_set/)
            hit("write", lit(A[2]))
        else if (n >= 2)
            hit("read", lit(A[2]))
        rest = substr(rest, RSTART + RLENGTH)
    }
}
FNR == 1 { stmt = "" }
/^[ \t]*(\/\*|\*)/ { next }
{
    if (stmt == "") start = FNR
    line = $0; sub(/\/\/.*$/, "", line)
    stmt = stmt " " line
    if (line ~ /[;{}][ \t]*$/) { scan(stmt); stmt = "" }
}'
pc_keys=$(sed -n 's/^ *X(P, [a-z0-9_]*, "\([^"]*\)".*/\1/p' src/schema/policy.h src/schema/claim.h \
            src/schema/matrix.h | tr '.' '\n' | sort -u | paste -sd'|')
# Keys of other documents that share a name with one of these: the project's
# TOML files (pyproject.toml, uv.lock, pylock.toml); the constraints probe
# result ("python", "packages"."torch"; schema/pyprobe.h), which vendor.c
# also builds for a pinned wheel; the facts document's python section
# (doctor.c); a check's measurements, free-form (schema/check.h), which the
# gate's checks build.
pc_foreign='^src/install/(uvlock|pyproject|pylock)\.c:|^src/(install/(render|check|vendor)|cmd/setup_torch)\.c:[0-9]+: [a-z]+ "(python|torch)"$|^src/cmd/doctor\.c:[0-9]+: write "python"$|^src/gate/(host|native|torch)_checks\.c:[0-9]+: write '
pc=$(find src/policy src/report src/cmd src/gate src/install src/main.c -name '*.[ch]' | sort |
     xargs awk -v KEYS="^($pc_keys)\$" "$pc_awk" | grep -vE "$pc_foreign" || true)
hits=$(printf "%s\n%s\n%s\n" "$facts" "$observed" "$pc" | sed "/^$/d" | sort -u)
if [ "${1:-}" = -v ]; then printf '%s\n' "$hits" | sed '/^$/d'; fi
count() { printf '%s\n' "$1" | sed '/^$/d' | wc -l; }
echo "literal facts paths outside the field table: $(count "$facts")"
echo "literal observed paths outside the field table: $(count "$observed")"
for kind in read write validator; do
  echo "literal policy/claim/matrix keys outside the field tables, $kind: $(count "$(printf '%s\n' "$pc" | grep " $kind \"" || true)")"
done
# per folder: facts, observed (a literal such as "observed.images" counts in
# both), policy/claim/matrix keys
{ printf '%s\n' "$facts" | sed '/^$/d; s/^/F /'; printf '%s\n' "$observed" | sed '/^$/d; s/^/O /'
  printf '%s\n' "$pc" | sed '/^$/d; s/^/P /'; } |
  awk '{ split($2, p, "/"); d = p[2]; n[$1 d]++; seen[d] = 1 }
       END { for (d in seen)
               printf "%7d facts %5d observed %5d policy/claim/matrix  %s\n", n["F" d], n["O" d],
                      n["P" d], d }' | sort -rn
