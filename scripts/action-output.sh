# The one writer of the composite action's step outputs ($GITHUB_OUTPUT),
# sourced by scripts/action.sh (and driven by fuzz/fuzz_action_output.c).
# The runner reads that file line by line (a line ends at \n, \r or \r\n):
# NAME=VALUE, or NAME<<DELIMITER, the value's lines, DELIMITER. A value with
# a line break written as NAME=VALUE would add lines of its own, such as
# exit-code=0 after the real one (issue #28 defect 3), so such a value goes
# in the heredoc form under a random delimiter it does not contain.
gha_out() {
  local name=$1 value=$2 delim
  [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || { echo "jetgate: action: output name '$name' is not a word" >&2; exit 2; }
  if [[ "$value" != *$'\n'* && "$value" != *$'\r'* ]]; then
    printf '%s=%s\n' "$name" "$value" >>"$GITHUB_OUTPUT"
    return
  fi
  # The runner turns every line break into \n anyway; written as \n, a
  # trailing \r cannot join the \n after the value into one break.
  value=${value//$'\r\n'/$'\n'}
  value=${value//$'\r'/$'\n'}
  delim="ghadelimiter_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  [[ "$value" != *"$delim"* ]] || { echo "jetgate: action: output $name holds its delimiter" >&2; exit 2; }
  printf '%s<<%s\n%s\n%s\n' "$name" "$delim" "$value" "$delim" >>"$GITHUB_OUTPUT"
}
