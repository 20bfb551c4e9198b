"""Which torch build this interpreter would import, and proof of its files,
for `jetgate setup` (before and after installing the project). The
distribution is the one importlib.metadata finds first on sys.path, the
module location is what `import torch` would load (found, not executed).
Every file RECORD lists with a hash is hashed again: a build that pip
replaced, or files that changed under it, cannot give the same answer.
torchvision and torchaudio, where installed, are fingerprinted the same way
under "companions": they are protected like torch.
Prints one JSON object on stdout."""
import base64
import hashlib
import importlib.util
import json
import sys

try:
    from importlib import metadata
except ImportError:
    print(json.dumps({"error": "this Python has no importlib.metadata"}))
    sys.exit(0)


def fingerprint(name):
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return {"error": "%s is not installed for this interpreter" % name}
    record = dist.read_text("RECORD")
    if record is None:
        return {"error": "%s %s has no RECORD file: its files cannot be checked" % (name, dist.version)}
    spec = importlib.util.find_spec(name)
    files, bad = 0, []
    for line in record.splitlines():
        parts = line.rsplit(",", 2)
        if len(parts) != 3 or not parts[1].startswith("sha256="):
            continue
        files += 1
        want = parts[1][len("sha256="):]
        try:
            with open(str(dist.locate_file(parts[0])), "rb") as f:
                got = base64.urlsafe_b64encode(hashlib.sha256(f.read()).digest()).rstrip(b"=")
            if got.decode() != want:
                bad.append(parts[0])
        except OSError:
            bad.append(parts[0])
    return {
        "version": dist.version,
        "record_sha256": hashlib.sha256(record.encode("utf-8")).hexdigest(),
        "files_hashed": files,
        "files_changed": bad[:5],
        "files_changed_count": len(bad),
        "site": str(dist.locate_file("")),
        "module": spec.origin if spec else None,
    }


def family():
    doc = fingerprint("torch")
    if "error" not in doc:
        doc["companions"] = {}
        for name in ("torchvision", "torchaudio"):
            other = fingerprint(name)
            if other.get("error", "").endswith("is not installed for this interpreter"):
                continue
            if "error" in other:
                return other
            doc["companions"][name] = other
    return doc


print(json.dumps(family(), sort_keys=True))
