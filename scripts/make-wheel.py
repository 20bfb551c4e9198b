#!/usr/bin/env python3
"""Package a built jetgate binary as a Python wheel, the way cmake and ninja
ship their native programs on the Python package index: the binary inside,
a console script `jetgate` and `python -m jetgate` that exec it, no Python
dependencies. Standard library only, no network.

    scripts/make-wheel.py BINARY VERSION ARCH OUTDIR [GLIBC]

ARCH is x86_64 or aarch64; GLIBC (default 2.27, the release ceiling that
tests/release/portable_binary.sh enforces) makes the platform tag
manylinux_<major>_<minor>_<arch> (PEP 600; pip 20.3 or newer). Prints the
wheel's path. The wheel is reproducible: fixed timestamps, sorted members.
"""
import base64
import hashlib
import os
import re
import sys
import zipfile

INIT = '''"""jetgate: evidence that an ML project's CUDA stack works on an NVIDIA
Jetson. This package only carries the native jetgate program (bin/jetgate)
and starts it; `jetgate --help` and `man jetgate` describe it."""
import os
import sys

__version__ = "{version}"


def binary():
    """The path of the bundled jetgate program."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "jetgate")


def main():
    exe = binary()
    if not os.access(exe, os.X_OK):
        # an installer that dropped the executable bit (pip before 20.2)
        try:
            os.chmod(exe, 0o755)
        except OSError as e:
            sys.exit("jetgate: %s is not executable and cannot be made so: %s" % (exe, e))
    os.execv(exe, [exe] + sys.argv[1:])
'''

MAIN = '''from jetgate import main

main()
'''

SUMMARY = "Evidence that an ML project's CUDA stack works on an NVIDIA Jetson (the native jetgate program)"


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build(binary, version, arch, outdir, glibc):
    if arch not in ("x86_64", "aarch64"):
        sys.exit("make-wheel: ARCH must be x86_64 or aarch64, not %r" % arch)
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", version):
        sys.exit("make-wheel: VERSION %r is not a release version (digits and dots)" % version)
    major, minor = glibc.split(".")
    tag = "py3-none-manylinux_%s_%s_%s" % (major, minor, arch)
    dist = "jetgate-%s.dist-info" % version
    with open(binary, "rb") as f:
        exe = f.read()
    if exe[:4] != b"\x7fELF":
        sys.exit("make-wheel: %s is not an ELF program" % binary)
    readme = ("jetgate %s for Linux %s (glibc %s or newer). The wheel carries the "
              "native program; `jetgate doctor` and `python -m jetgate doctor` run it.\n"
              "Other ways to get jetgate: the release binary "
              "jetgate-VERSION-linux-ARCH and the .deb (see the project's README).\n"
              % (version, arch, glibc))
    members = [
        ("jetgate/__init__.py", INIT.format(version=version).encode(), 0o644),
        ("jetgate/__main__.py", MAIN.encode(), 0o644),
        ("jetgate/bin/jetgate", exe, 0o755),
        (dist + "/METADATA", (
            "Metadata-Version: 2.1\nName: jetgate\nVersion: %s\nSummary: %s\n"
            "Requires-Python: >=3.6\nDescription-Content-Type: text/plain\n\n%s"
            % (version, SUMMARY, readme)).encode(), 0o644),
        (dist + "/WHEEL", (
            "Wheel-Version: 1.0\nGenerator: jetgate scripts/make-wheel.py\n"
            "Root-Is-Purelib: false\nTag: %s\n" % tag).encode(), 0o644),
        (dist + "/entry_points.txt", b"[console_scripts]\njetgate = jetgate:main\n", 0o644),
    ]
    record = "".join("%s,%s,%d\n" % (n, record_hash(d), len(d)) for n, d, _ in members)
    members.append((dist + "/RECORD", (record + dist + "/RECORD,,\n").encode(), 0o644))
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "jetgate-%s-%s.whl" % (version, tag))
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in members:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    os.replace(tmp, path)
    return path


def main(argv):
    if len(argv) not in (5, 6):
        sys.exit("usage: scripts/make-wheel.py BINARY VERSION ARCH OUTDIR [GLIBC]")
    glibc = argv[5] if len(argv) == 6 else "2.27"
    if not re.fullmatch(r"[0-9]+\.[0-9]+", glibc):
        sys.exit("make-wheel: GLIBC %r is not MAJOR.MINOR" % glibc)
    print(build(argv[1], argv[2], argv[3], argv[4], glibc))


if __name__ == "__main__":
    main(sys.argv)
