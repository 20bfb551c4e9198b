"""Stand-in wheels for the vendor torch family, for pip's resolve in
`jetgate constraints --check` and `jetgate setup`: NAME==VERSION with no
dependencies, so that `pip install --dry-run -c` with the family pinned to
the vendor versions resolves exactly as the install would on the Jetson
(the vendor build is installed there; it is on no index). Usage:
stub_wheels.py DIR NAME==VERSION...; nothing is printed."""
import os
import sys
import zipfile


def stub(out, name, version):
    info = "%s-%s.dist-info" % (name, version)
    path = os.path.join(out, "%s-%s-py3-none-any.whl" % (name, version))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(info + "/METADATA", "Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                   "Summary: jetgate stand-in for the vendor build\n" % (name, version))
        z.writestr(info + "/WHEEL", "Wheel-Version: 1.0\nGenerator: jetgate\n"
                   "Root-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(info + "/RECORD", "")


for pin in sys.argv[2:]:
    name, version = pin.split("==", 1)
    stub(sys.argv[1], name, version)
