"""Offline wheels and a PEP 517 backend for tests/cli/lane_e2e.sh.

As a script: lane_wheels.py FAKE_TORCH_DIR VENDOR_DIR INDEX_DIR writes
  VENDOR_DIR: NVIDIA-like torch (tests/fake-python/torch fixed to behave as
              an Orin build, with torch/lib/libtorch_cuda.so) and torchvision,
              at the versions of tier target's pins;
  INDEX_DIR:  what a plain resolve would pick instead (PyPI-like CPU torch
              2.6.0 and a torchvision that needs it), and "jgtest", a tiny
              test runner standing in for pytest (no network here): it runs
              every test_* function of tests/test_*.py and writes JUnit.
As a script: lane_wheels.py --stubs FILE... INDEX_DIR writes, for a requirements
  file, a stand-in wheel per line; for a pyproject.toml PYPROJECT, a wheel for
  the project PYPROJECT describes (a real project's dependency file, copied as
  data) whose Requires-Dist are its dependencies as written, and an empty
  stand-in for each of those, at the lowest version its specifier allows
  (torch and torchvision excepted: the vendor builds must satisfy them), so
  pip resolves the real dependency graph offline.
As a build backend (build-backend = "lane_wheels", backend-path = ["."]):
  packs src/<name>/ of the project being built, so the project imports only
  once it is installed (a src layout).
Every wheel has a RECORD with sha256 rows, as pip checks them.
"""
import base64
import hashlib
import os
import sys
import zipfile

NV_TORCH = "2.5.0a0+872d972e41.nv24.08.17622132"  # tier target's pinned wheel
NV_VISION = "0.20.0a0+afc54f7"  # an NVIDIA-style local version (invented)


def wheel(out, name, ver, requires=(), files=None, extras=None):
    di = "%s-%s.dist-info" % (name.replace("-", "_"), ver)
    meta = "Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, ver)
    meta += "".join("Requires-Dist: %s\n" % r for r in requires)
    for e, reqs in (extras or {}).items():
        meta += "Provides-Extra: %s\n" % e
        meta += "".join('Requires-Dist: %s ; extra == "%s"\n' % (r, e) for r in reqs)
    files = dict(files or {name + "/__init__.py": ""})
    files[di + "/METADATA"] = meta
    files[di + "/WHEEL"] = ("Wheel-Version: 1.0\nGenerator: t\nRoot-Is-Purelib: true\n"
                            "Tag: py3-none-any\n")
    rows = []
    path = os.path.join(out, "%s-%s-py3-none-any.whl" % (name.replace("-", "_"), ver))
    with zipfile.ZipFile(path, "w") as z:
        for f, text in sorted(files.items()):
            data = text if isinstance(text, bytes) else text.encode()
            z.writestr(f, data)
            h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append("%s,sha256=%s,%d" % (f, h, len(data)))
        z.writestr(di + "/RECORD", "\n".join(rows + [di + "/RECORD,,"]) + "\n")
    return os.path.basename(path)


def tree(src, prefix):
    files = {}
    for d, _, names in os.walk(src):
        for n in names:
            if n.endswith(".pyc"):
                continue
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                files[prefix + "/" + os.path.relpath(p, src)] = f.read()
    return files


JGTEST = r'''"""jgtest: python -m jgtest DIR --junitxml=FILE (a stand-in for pytest)."""
import importlib.util, os, sys, traceback
from xml.sax.saxutils import quoteattr
def main(argv):
    d = argv[0]
    out = next(a.split("=", 1)[1] for a in argv if a.startswith("--junitxml="))
    cases, failed = [], 0
    for f in sorted(os.listdir(d)):
        if not (f.startswith("test_") and f.endswith(".py")):
            continue
        spec = importlib.util.spec_from_file_location(f[:-3], os.path.join(d, f))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for n in sorted(x for x in dir(mod) if x.startswith("test_")):
            try:
                getattr(mod, n)()
                cases.append('<testcase classname=%s name=%s/>' % (quoteattr(f[:-3]), quoteattr(n)))
            except Exception:
                failed += 1
                cases.append('<testcase classname=%s name=%s><failure message=%s/></testcase>' % (
                    quoteattr(f[:-3]), quoteattr(n), quoteattr(traceback.format_exc(limit=1))))
                traceback.print_exc()
    with open(out, "w") as o:
        o.write('<testsuite name="jgtest" tests="%d" failures="%d">%s</testsuite>\n' % (
            len(cases), failed, "".join(cases)))
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0
sys.exit(main(sys.argv[1:]))
'''


def main(fake_torch, vendor, index):
    nv = tree(fake_torch, "torch")
    nv["torch/mode"] = "orin\n"
    nv["torch/lib/libtorch_cuda.so"] = "x"
    wheel(vendor, "torch", NV_TORCH, files=nv)
    wheel(vendor, "torchvision", NV_VISION, files={
        "torchvision/__init__.py": "__version__ = %r\nBUILD = 'nvidia'\n" % NV_VISION})
    wheel(index, "torch", "2.6.0", files={
        "torch/__init__.py": "__version__ = '2.6.0'\nBUILD = 'pypi-cpu'\n"})
    wheel(index, "torchvision", "0.21.0", ["torch==2.6.0"], files={
        "torchvision/__init__.py": "__version__ = '0.21.0'\nBUILD = 'pypi-cpu'\n"})
    wheel(index, "jgtest", "1.0", files={"jgtest/__init__.py": "", "jgtest/__main__.py": JGTEST})


def lowest(req):
    """The lowest version a requirement's specifier allows (of its bounds, 1.0, 0.1)."""
    from pip._vendor.packaging.version import Version
    tries = [sp.version for sp in req.specifier if sp.operator in (">=", "==", "~=", "===")]
    for v in tries + ["1.0", "0.1"]:
        if req.specifier.contains(Version(v.replace(".*", ".0")), prereleases=True):
            return v.replace(".*", ".0")
    raise SystemExit("no version found for %s" % req)


def stubs(path, index):
    import tomllib
    from pip._vendor.packaging.requirements import Requirement
    if path.endswith(".txt"):  # a requirements file: its lines' packages only
        p = None
        deps = [ln.split("#")[0].strip() for ln in open(path)]
        deps = [d for d in deps if d and not d.startswith("-")]
    else:
        with open(path, "rb") as f:
            p = tomllib.load(f)["project"]
        deps = p.get("dependencies", [])
    for d in deps:
        r = Requirement(d)
        if r.name.lower() in ("torch", "torchvision"):
            continue
        wheel(index, r.name, lowest(r), extras={e: () for e in r.extras},
              files={r.name.replace("-", "_").lower() + "_stub/__init__.py": ""})
    if p:
            wheel(index, p["name"], p["version"], deps,
              files={p["name"].replace("-", "_") + "/__init__.py": ""})


# The PEP 517 hooks pip calls to build the consumer project (offline, no setuptools).
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    import tomllib
    with open("pyproject.toml", "rb") as f:
        p = tomllib.load(f)["project"]
    return wheel(wheel_directory, p["name"], p["version"], p.get("dependencies", ()),
                 files=tree(os.path.join("src", p["name"]), p["name"]),
                 extras=p.get("optional-dependencies"))


if __name__ == "__main__":
    if sys.argv[1] == "--stubs":
        for f in sys.argv[2:-1]:
            stubs(f, sys.argv[-1])
    else:
        main(*sys.argv[1:4])
