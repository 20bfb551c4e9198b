#!/bin/sh
# Size limits of the code standard: no function over 60 lines, no file over
# 400 lines, in src/ (C sources and headers). A function is counted from the
# first line of its signature to its closing "}" at column 0, both included
# (the project's layout: signature at column 0, "{" and "}" alone on a line).
# Prints every violation as FILE:LINE: what, and exits 1 when there is one.
#   scripts/check-size.sh [--allow LIST] [DIR]     (default DIR: src)
# --allow LIST: violations already known, one "FILE function NAME" or
# "FILE file" per line ('#' comments), are printed but do not fail; a listed
# one that is gone fails too, so the list only shrinks. ctest runs
# `--allow tests/size-allowlist.txt` as lint/size.
set -eu
cd "$(dirname "$0")/.."
allow=
if [ "${1:-}" = --allow ]; then allow=$2; shift 2; fi
dir=${1:-src}
max_fn=60
max_file=400
report=$(find "$dir" \( -name '*.c' -o -name '*.h' \) -type f | LC_ALL=C sort | while read -r f; do
  awk -v max_fn="$max_fn" -v max_file="$max_file" -v name="$f" '
    # a signature starts at column 0 with a "(" and is no declaration (";")
    /^[A-Za-z_].*\(/ && !/;[ \t]*$/ { sig = $0; sig_line = NR }
    /^\{/ { start = NR; fn = sig; fn_line = sig_line }
    /^\}/ && start {
      n = NR - fn_line + 1
      if (n > max_fn) {
        s = fn; sub(/\(.*/, "", s); k = split(s, w, /[ *]+/)
        printf "%s function %s|%s:%d: function %s is %d lines (limit %d)\n", name, w[k], name, fn_line, w[k], n, max_fn
      }
      start = 0; sig_line = NR
    }
    END { if (NR > max_file) printf "%s file|%s: file is %d lines (limit %d)\n", name, name, NR, max_file }
  ' "$f"
done)
bad=0
known() { [ -n "$allow" ] && grep -v '^#' "$allow" | grep -qxF -- "$1"; }
if [ -n "$report" ]; then
  while IFS='|' read -r key line; do
    if known "$key"; then echo "$line (known: $allow)"; else echo "$line"; bad=$((bad + 1)); fi
  done <<EOT
$report
EOT
fi
if [ -n "$allow" ]; then
  for key in $(grep -v '^#' "$allow" | tr ' ' '\001'); do
    key=$(printf '%s' "$key" | tr '\001' ' ')
    printf '%s\n' "$report" | cut -d'|' -f1 | grep -qxF -- "$key" ||
      { echo "$allow: '$key' is fixed: remove it from the list"; bad=$((bad + 1)); }
  done
fi
[ "$bad" = 0 ] || { echo "check-size: $bad new or stale violation(s)" >&2; exit 1; }
echo "check-size: no function over $max_fn lines, no file over $max_file lines, beyond the known list"
