"""What `jetgate constraints` needs to know about the torch family, read
from installed package metadata only (importlib.metadata): torch is never
imported, so this answers even where importing torch would crash, hang or
initialise CUDA. Prints one JSON object on stdout (no paths, no user data)."""
import json
import platform
import re
import sys

try:
    from importlib import metadata
except ImportError:  # Python < 3.8 has no importlib.metadata
    print(json.dumps({"error": "Python %s has no importlib.metadata" % platform.python_version()}))
    sys.exit(0)

NAMES = ("torch", "torchvision", "torchaudio", "bitsandbytes")
CUDA_LIB = re.compile(r"^lib(torch_cuda|c10_cuda)[^/]*\.so")


def describe(name):
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None
    files = dist.files
    cuda_libs = sorted({f.name for f in files or () if CUDA_LIB.match(f.name)})
    # nvidia-* wheel dependencies mark PyPI / download.pytorch.org CUDA builds;
    # NVIDIA's Jetson builds use the JetPack libraries and declare none.
    nvidia = sorted({re.split(r"[^A-Za-z0-9._-]", r, 1)[0].lower()
                     for r in dist.requires or () if r.lower().startswith("nvidia-")})
    return {"version": dist.version, "has_record": files is not None,
            "cuda_libraries": cuda_libs, "nvidia_requires": nvidia}


print(json.dumps({
    "python": {"version": platform.python_version(), "machine": platform.machine()},
    "packages": {name: describe(name) for name in NAMES},
}, sort_keys=True))
