"""What `jetgate constraints` needs to know about the torch family, read
from installed package metadata only (importlib.metadata; on Python < 3.8 the
dist-info directories directly): torch is never imported, so this answers
even where importing torch would crash, hang or initialise CUDA. Prints one JSON object on stdout (no paths, no user data)."""
import email.parser
import json
import os
import platform
import re
import sys

try:
    from importlib import metadata
except ImportError:  # Python < 3.8 (JetPack 4's 3.6): read the dist-info below
    metadata = None

NAMES = ("torch", "torchvision", "torchaudio", "bitsandbytes")
CUDA_LIB = re.compile(r"^lib(torch_cuda|c10_cuda)[^/]*\.so")


def installed(name):
    """(version, file names or None, Requires-Dist list) of NAME, or None."""
    if metadata is not None:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            return None
        files = dist.files
        return dist.version, None if files is None else [f.name for f in files], dist.requires
    return dist_info(name)


def dist_info(name):
    """The first NAME-VERSION.dist-info on sys.path, read the way
    importlib.metadata reads it (METADATA headers, RECORD paths that exist)."""
    want = re.sub(r"[-_.]+", "_", name).lower()
    for entry in sys.path:
        base = entry or "."
        try:
            dirs = sorted(os.listdir(base))
        except OSError:
            continue
        for d in dirs:
            if not d.endswith(".dist-info") or \
                    re.sub(r"[-_.]+", "_", d[:-10].split("-")[0]).lower() != want:
                continue
            path = os.path.join(base, d)
            with open(os.path.join(path, "METADATA"), encoding="utf-8") as f:
                meta = email.parser.Parser().parse(f, headersonly=True)
            files = None
            if os.path.exists(os.path.join(path, "RECORD")):
                with open(os.path.join(path, "RECORD"), encoding="utf-8") as f:
                    paths = [line.split(",")[0] for line in f if line.strip()]
                files = [os.path.basename(p) for p in paths if os.path.exists(os.path.join(base, p))]
            return meta["Version"], files, meta.get_all("Requires-Dist")
    return None


def describe(name):
    found = installed(name)
    if found is None:
        return None
    version, files, requires = found
    cuda_libs = sorted({f for f in files or () if CUDA_LIB.match(f)})
    # nvidia-* wheel dependencies mark PyPI / download.pytorch.org CUDA builds;
    # NVIDIA's Jetson builds use the JetPack libraries and declare none.
    nvidia = sorted({re.split(r"[^A-Za-z0-9._-]", r, 1)[0].lower()
                     for r in requires or () if r.lower().startswith("nvidia-")})
    return {"version": version, "has_record": files is not None,
            "cuda_libraries": cuda_libs, "nvidia_requires": nvidia}


def nvidia_wheels():
    """Installed nvidia-* wheels (name -> version): what an upstream CUDA torch loads its
    cuDNN, NCCL, cuSPARSELt and NVSHMEM from. Empty before Python 3.8."""
    if metadata is None:
        return {}
    found = {}
    for dist in metadata.distributions():
        name = re.sub(r"[-_.]+", "-", (dist.metadata["Name"] or "")).lower()
        if name.startswith("nvidia-"):
            found[name] = dist.version
    return found


print(json.dumps({
    "python": {"version": platform.python_version(), "machine": platform.machine()},
    "packages": {name: describe(name) for name in NAMES},
    "nvidia_wheels": nvidia_wheels(),
}, sort_keys=True))
