# A device_auto hook (tests/cli/harden.sh) that looks at every descriptor of
# the jetgate process above it: each one past 2 must be close-on-exec
# (O_CLOEXEC is 02000000 in the "flags:" line of /proc/PID/fdinfo/N).
# Prints "cuda" when all are, else the first one that is not.
jetgate=$(ps -o ppid= -p "$PPID" | tr -d ' ')
for f in /proc/"$jetgate"/fdinfo/*; do
  n=${f##*/}
  [ "$n" -le 2 ] && continue
  flags=$(awk '/^flags:/ {print $2}' "$f")
  [ -n "$flags" ] || continue
  if [ $(( 0$flags & 02000000 )) -eq 0 ]; then
    echo "fd $n of jetgate $jetgate is not close-on-exec: $(readlink /proc/"$jetgate"/fd/"$n")"
    exit 0
  fi
done
echo cuda
