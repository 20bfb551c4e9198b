# Privacy end to end (issue 7): plant every canary at once (environment,
# hostname, user, home path, device-tree serial, MAC and IP addresses in
# fixture files, tokens) and run facts --json, run (evidence, JUnit, --json),
# report --issue-body and triage --json. Not one canary may come out.
. "$(dirname "$0")/lib.sh.inc"
# Outside any git checkout: there a --commit is recorded unverified (issue 10).
cd "$T"
root=$T/root
cp -a "$JG_FIXTURES/roots/agx-orin-64gb-jp62" "$root"
host=jgcanaryhost7 user=jgcanaryuser7 serial=JGCANARYSERIAL77
mac=02:42:ac:77:77:07 ip=10.77.77.77 token=hf_jgCanaryToken7777777777
mkdir -p "$root/sys/class/net/eth0" "$root/proc/sys/kernel"
printf '%s\n' "$host" >"$root/etc/hostname"
printf '%s\n' "$host" >"$root/proc/sys/kernel/hostname"
printf '%s\n' "$mac" >"$root/sys/class/net/eth0/address"
printf '127.0.0.1 localhost\n%s %s\n' "$ip" "$host" >"$root/etc/hosts"
printf '%s\0' "$serial" >"$root/sys/firmware/devicetree/base/serial-number"
export HOSTNAME=$host USER=$user LOGNAME=$user HOME=/home/$user HF_TOKEN=$token
export HUGGING_FACE_HUB_TOKEN=$token GITHUB_TOKEN=ghp_jgcanary7777777777 MY_API_KEY=jgcanarykey7
export PS1="$user@$host:~\$ "
canaries="$host $user /home/$user $serial $mac $ip $token ghp_jgcanary jgcanarykey7"
scan() {
  for c in $canaries; do
    if grep -q -F -- "$c" "$@" 2>/dev/null; then fail "canary '$c' leaked into: $*"; fi
  done
}
expect_rc 0 "$JETGATE" facts --root "$root" --json
cp "$T/out" "$T/facts.json"
scan "$T/facts.json" "$T/err"
sha=3333333333333333333333333333333333333333
set +e
"$JETGATE" run --host-facts "$T/facts.json" --commit "$sha" --out "$T/ev" --junit "$T/junit.xml" \
  --json --allow-missing --quiet --python /bin/false --runner-labels "self-hosted,ARM64,$host" \
  >"$T/run.json" 2>"$T/run.err"
set -e
[ -s "$T/ev/jetson-runtime.json" ] || fail "run wrote no evidence"
# A label is a name the runner's owner chose, never prose: it stays whole even
# when it equals the host name (issue #15 row 2); everything else is scanned.
grep -q "\"$host\"" "$T/ev/jetson-runtime.json" || fail "the runner label '$host' was scrubbed"
sed "/^ *\"$host\",\{0,1\}$/d" "$T/ev/jetson-runtime.json" >"$T/ev-nolabel.json"
scan "$T/ev-nolabel.json" "$T/junit.xml" "$T/run.err"
expect_rc 0 "$JETGATE" report --issue-body "$T/ev/jetson-runtime.json"
scan "$T/out" "$T/err"
cat >"$T/paste.txt" <<PASTE
\`\`\`
$user@$host:~\$ python3 -c 'import torch; print(torch.cuda.is_available())'
False
Traceback (most recent call last):
  File "/home/$user/venv/lib/python3.10/site-packages/torch/__init__.py", line 1, in <module>
OSError: libcudart.so.10.0: cannot open shared object file: No such file or directory
inet $ip/24 brd 10.77.77.255 scope global eth0  link/ether $mac
export HF_TOKEN=$token
Serial Number: $serial
\`\`\`
PASTE
set +e
"$JETGATE" triage --json "$T/paste.txt" >"$T/triage.json" 2>"$T/triage.err"
rc=$?
set -e
[ $rc = 1 ] || fail "triage of a broken-CUDA paste exited $rc, wanted 1 (blocking finding)"
scan "$T/triage.json" "$T/triage.err"
finish
