# The Python wheel (scripts/make-wheel.py, made by scripts/release.sh for
# each architecture): built here from the jetgate under test, it carries the
# binary, declares no Python dependency, has a manylinux tag and a RECORD
# that matches its members; pip installs it offline into a fresh venv (pip
# sees no dependency), and the venv's `jetgate` and `python -m jetgate` run
# that binary.
. "$(dirname "$0")/lib.sh.inc"
if [ -n "${JG_EMULATOR:-}" ]; then
  echo "skipped (cross build: the venv's jetgate would be the target's binary; the host suite installs its own wheel)" >&2
  exit 77
fi
PY3=$(command -v python3 || true)
if [ -z "$PY3" ] || ! "$PY3" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "skipped (needs python3 with venv and ensurepip: python3-venv, python3-pip; scripts/install-deps.sh --tests)" >&2
  exit 77
fi
MW=$JG_SOURCE_DIR/scripts/make-wheel.py
arch=$(uname -m)
ver=$("$JETGATE" --version | sed 's/^jetgate //')
expect_rc 0 "$PY3" "$MW" "$JETGATE" "$ver" "$arch" "$T/dist"
whl=$(cat "$T/out")
[ "$whl" = "$T/dist/jetgate-$ver-py3-none-manylinux_2_27_$arch.whl" ] || fail "wheel name: $whl"
[ -f "$whl" ] || { fail "no wheel written"; finish; }

# Contents: the binary byte for byte (executable), RECORD true, no Requires-Dist.
"$PY3" - "$whl" "$JETGATE" "$ver" "$arch" >"$T/check" 2>&1 <<'PY' || fail "wheel contents: $(cat "$T/check")"
import base64, hashlib, sys, zipfile
whl, binary, ver, arch = sys.argv[1:]
z = zipfile.ZipFile(whl)
di = "jetgate-%s.dist-info/" % ver
names = set(z.namelist())
want = {"jetgate/__init__.py", "jetgate/__main__.py", "jetgate/bin/jetgate", di + "METADATA",
        di + "WHEEL", di + "entry_points.txt", di + "RECORD"}
assert names == want, "members %s" % sorted(names ^ want)
assert z.read("jetgate/bin/jetgate") == open(binary, "rb").read(), "the bundled binary differs"
assert (z.getinfo("jetgate/bin/jetgate").external_attr >> 16) & 0o111, "binary not executable"
meta = z.read(di + "METADATA").decode()
assert "Requires-Dist" not in meta, "the wheel declares a Python dependency"
assert "Version: %s\n" % ver in meta
wheel = z.read(di + "WHEEL").decode()
assert "Tag: py3-none-manylinux_2_27_%s\n" % arch in wheel and "Root-Is-Purelib: false" in wheel, wheel
rows = [r.split(",") for r in z.read(di + "RECORD").decode().splitlines()]
assert {r[0] for r in rows} == want, "RECORD lists other files"
for name, h, size in rows:
    if name == di + "RECORD":
        assert h == "" and size == ""
        continue
    data = z.read(name)
    d = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert h == "sha256=" + d and int(size) == len(data), "RECORD row for %s is wrong" % name
PY
# Bad input is refused before anything is written.
expect_rc 1 "$PY3" "$MW" "$JETGATE" "$ver" armv7l "$T/bad"
expect_err "ARCH must be x86_64 or aarch64"
expect_rc 1 "$PY3" "$MW" "$MW" "$ver" "$arch" "$T/bad"
expect_err "is not an ELF program"
[ ! -e "$T/bad" ] || fail "a refused wheel left $T/bad behind"

# Offline install into a fresh venv, then both entry points.
expect_rc 0 "$PY3" -m venv "$T/venv"
expect_rc 0 "$T/venv/bin/python" -m pip install --no-index --no-deps --no-compile --disable-pip-version-check "$whl"
expect_rc 0 "$T/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("jetgate"), m.requires("jetgate"))'
expect_out "^$ver None\$"
expect_rc 0 "$T/venv/bin/jetgate" --version
expect_out "^jetgate $ver\$"
expect_rc 0 "$T/venv/bin/python" -m jetgate --version
expect_out "^jetgate $ver\$"
set +e; "$T/venv/bin/jetgate" doctor --no-experiments >"$T/out" 2>"$T/err"; rc=$?; set -e
[ "$rc" -le 1 ] || fail "venv jetgate doctor exited $rc: $(head -3 "$T/err")"
expect_out '^jetgate doctor (facts: live)'
grep -Eq '^(CUDA is blocked|Blocked, but not|No blocking problem|No NVIDIA GPU here)' "$T/out" || fail "venv jetgate doctor printed no verdict"
# Usage errors come from the binary itself, exit code and all.
expect_rc 2 "$T/venv/bin/python" -m jetgate doctor --no-such-option
expect_err "^jetgate: doctor: "
finish
