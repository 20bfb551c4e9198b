# jetgate's Python probe: what the project's interpreter says about torch and
# friends. Embedded in the jetgate binary and run as `python -c <this> [full]
# [model-download MODEL]`. Prints exactly one JSON document (docs/schema.md,
# "Python probe result") on the original stdout; everything else a library
# prints goes to stderr. Runs on Python 3.8+ and imports nothing heavy unless
# "full" is given; every step is guarded so one failure is reported, not fatal.
import json
import os
import platform
import sys
import time

PACKAGES = ("torch", "numpy", "torchvision", "torchaudio", "bitsandbytes",
            "transformers", "accelerate", "safetensors", "huggingface_hub", "triton")


def short_error(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    return text.splitlines()[0][:300] if text else type(exc).__name__


def step(status, reason, t0, **measurements):
    return {"status": status, "reason": reason,
            "duration_s": round(time.time() - t0, 4), "measurements": measurements}


def not_run(reason):
    return {"status": "skip", "reason": reason, "duration_s": 0.0, "measurements": {}}


def package_versions():
    out = {}
    try:
        from importlib import metadata
    except ImportError:  # Python < 3.8
        return out
    for name in PACKAGES:
        try:
            out[name] = metadata.version(name)
        except Exception:
            out[name] = None
    return out


def find_spec(name):
    try:
        import importlib.util
        return importlib.util.find_spec(name)
    except Exception:
        return None


def torch_versions_light():
    """torch/version.py read as text: versions without importing torch
    (imported stays None, "not tried", until torch_full tries)."""
    info = {"imported": None, "error": None, "found": False, "version": None, "cuda": None,
            "cuda_available": None, "device_count": None, "device_name": None,
            "capability": None, "integrated": None, "arch_list": None, "cudnn": None}
    spec = find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return info
    info["found"] = True
    for loc in spec.submodule_search_locations:
        path = os.path.join(loc, "version.py")
        try:
            with open(path) as f:
                for line in f:
                    key, _, val = line.partition("=")
                    # torch >= 2.x annotates: "cuda: Optional[str] = '12.6'"
                    key, val = key.partition(":")[0].strip(), val.strip()
                    literal = len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"" \
                        and val[0] not in val[1:-1]
                    if key in ("__version__", "cuda") and literal:
                        info["version" if key == "__version__" else "cuda"] = val[1:-1]
            break
        except Exception:
            continue
    return info


def interpreter_info():
    """Where this interpreter is and what it searches, before anything heavy is
    imported: the layer walk's interpreter step (docs/doctor-walk.md)."""
    info = {"executable": sys.executable, "prefix": sys.prefix,
            "base_prefix": getattr(sys, "base_prefix", sys.prefix), "cwd": None,
            "no_user_site": bool(sys.flags.no_user_site), "isolated": bool(getattr(sys.flags, "isolated", 0)),
            "user_site": None, "path": [], "pth": [], "torch_dirs": []}
    try:
        info["cwd"] = os.getcwd()
    except Exception:
        pass
    info["kind"] = "conda" if os.path.isdir(os.path.join(sys.prefix, "conda-meta")) else \
        "venv" if info["prefix"] != info["base_prefix"] else "system"
    try:
        import site
        if site.ENABLE_USER_SITE:
            info["user_site"] = site.getusersitepackages()
    except Exception:
        pass
    env_path = [os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    for entry in sys.path:
        real = entry or info["cwd"] or ""
        origin = "cwd" if not entry or entry == info["cwd"] else \
            "PYTHONPATH" if os.path.abspath(entry) in env_path else \
            "user-site" if entry == info["user_site"] else \
            "site-packages" if entry.endswith(("site-packages", "dist-packages")) else "other"
        info["path"].append({"entry": entry, "from": origin})
        if os.path.isdir(os.path.join(real, "torch")):
            info["torch_dirs"].append({"entry": entry, "from": origin})
        if origin in ("site-packages", "user-site"):
            try:
                info["pth"] += sorted(os.path.join(real, n) for n in os.listdir(real)
                                      if n.endswith(".pth"))[:20]
            except Exception:
                pass
    return info


def loaded_libraries():
    """The CUDA libraries this process mapped, as the loader resolved them."""
    names = ("libcuda.", "libcudart", "libcublas", "libcudnn", "libnvrtc", "libnccl",
             "libcusparse", "libcufft", "libnvJitLink", "libcusolver", "libcurand")
    found = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.rstrip("\n").split(None, 5)[-1] if line.count(" ") >= 5 else ""
                base = os.path.basename(path)
                if base.startswith(names) and path not in found:
                    found.append(path)
    except Exception:
        return None
    return found


def torch_full(info):
    t0 = time.time()
    try:
        import torch
    except Exception as exc:
        info["imported"] = False
        info["error"] = short_error(exc)
        return None
    info["imported"] = True
    info["file"] = getattr(torch, "__file__", None)
    info["import_s"] = round(time.time() - t0, 4)
    info["found"] = True
    info["version"] = str(getattr(torch, "__version__", None))
    info["cuda"] = getattr(getattr(torch, "version", None), "cuda", None)
    try:
        info["cuda_available"] = bool(torch.cuda.is_available())
        info["device_count"] = int(torch.cuda.device_count())
        info["arch_list"] = list(torch.cuda.get_arch_list())
    except Exception as exc:
        info["error"] = short_error(exc)
        info["cuda_available"] = False
    try:
        v = torch.backends.cudnn.version()
        info["cudnn"] = int(v) if v is not None else None
    except Exception:
        pass
    if info["cuda_available"] and info["device_count"]:
        try:
            info["device_name"] = str(torch.cuda.get_device_name(0))
            major, minor = torch.cuda.get_device_capability(0)
            info["capability"] = "%d.%d" % (major, minor)
            props = torch.cuda.get_device_properties(0)
            info["integrated"] = bool(getattr(props, "is_integrated", False))
        except Exception as exc:
            info["error"] = short_error(exc)
    return torch


def exact_fp32(torch):
    """TF32 would make float32 matmuls differ from the CPU by ~1e-3: compare like with like."""
    try:
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    except Exception:
        pass


def tensor_op(torch):
    t0 = time.time()
    exact_fp32(torch)
    try:
        a = torch.arange(64 * 64, dtype=torch.float32).reshape(64, 64) / 4096.0
        b = torch.eye(64, dtype=torch.float32) * 2.0 + 0.5
        ref = a @ b
        got = (a.cuda() @ b.cuda()).cpu()
        torch.cuda.synchronize()
        if not bool(torch.isfinite(got).all()):
            return step("fail", "CUDA matmul produced NaN or Inf", t0)
        err = float((got - ref).abs().max())
        if err > 1e-3:
            return step("fail", "CUDA matmul differs from the CPU reference by %.3g" % err, t0,
                        max_abs_err=err)
        return step("pass", "64x64 CUDA matmul is finite and equals the CPU reference", t0,
                    max_abs_err=err)
    except Exception as exc:
        return step("error", short_error(exc), t0)


def surgery(torch, layers=4, n=128):
    """The offloaded rank-1 edit W <- W - d (d^T W): weights live in host memory,
    stream through the GPU one at a time, and come back; compared with the CPU."""
    t0 = time.time()
    try:
        gen = torch.Generator().manual_seed(7)
        d = torch.randn(n, 1, generator=gen)
        d = d / d.norm()
        d_gpu = d.cuda()
        worst = 0.0
        for _ in range(layers):
            w = torch.randn(n, n, generator=gen)
            try:
                w = w.pin_memory()
            except Exception:
                pass
            ref = w - d @ (d.t() @ w)
            g = w.cuda(non_blocking=True)
            g -= d_gpu @ (d_gpu.t() @ g)
            back = g.cpu()
            if not bool(torch.isfinite(back).all()):
                return step("fail", "edited weights hold NaN or Inf", t0)
            worst = max(worst, float((back - ref).abs().max()))
        torch.cuda.synchronize()
        if worst > 1e-3:
            return step("fail", "edited weights differ from the CPU reference by %.3g" % worst,
                        t0, layers=layers, max_abs_err=worst)
        return step("pass", "%d offloaded %dx%d edits equal the CPU reference" % (layers, n, n),
                    t0, layers=layers, bytes=layers * n * n * 4, max_abs_err=worst)
    except Exception as exc:
        return step("error", short_error(exc), t0)


def bnb_nf4(torch):
    t0 = time.time()
    try:
        import bitsandbytes.functional as F
        x = torch.randn(4096, dtype=torch.float16, device="cuda")
        q, state = F.quantize_4bit(x, quant_type="nf4")
        y = F.dequantize_4bit(q, state)
        torch.cuda.synchronize()
        if not bool(torch.isfinite(y).all()):
            return step("fail", "NF4 round trip produced NaN or Inf", t0)
        err = float((x.float() - y.float()).abs().max())
        bound = 0.15 * float(x.float().abs().max())
        if err > bound:
            return step("fail", "NF4 round-trip error %.3g exceeds %.3g" % (err, bound), t0,
                        max_abs_err=err)
        return step("pass", "NF4 quantize/dequantize round trip within bounds", t0,
                    max_abs_err=err)
    except Exception as exc:
        return step("error", short_error(exc), t0)


def model_run(torch, model_id):
    t0 = time.time()
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
        tok = AutoTokenizer.from_pretrained(model_id)
        model = AutoModelForCausalLM.from_pretrained(model_id).cuda().eval()
        ids = tok("Hello Jetson", return_tensors="pt").input_ids.cuda()
        with torch.no_grad():
            logits = model(ids).logits
        torch.cuda.synchronize()
        if not bool(torch.isfinite(logits).all()):
            return step("fail", "model logits hold NaN or Inf", t0, model=model_id)
        return step("pass", "forward pass of %s on CUDA is finite" % model_id, t0, model=model_id)
    except Exception as exc:
        return step("error", short_error(exc), t0, model=model_id)


def probe(args):
    full = "full" in args
    model_id = None
    if "model-download" in args:
        i = args.index("model-download")
        model_id = args[i + 1] if i + 1 < len(args) else None
    result = {"mode": "full" if full else "versions",
              "python": {"version": platform.python_version(), "machine": platform.machine()},
              "packages": package_versions(), "interpreter": interpreter_info()}
    info = torch_versions_light()
    torch = torch_full(info) if full else None
    result["torch"] = info
    ready = torch is not None and info.get("cuda_available") and info.get("device_count")
    why = "not requested (versions only)" if not full else "CUDA is not available to torch"
    if full and torch is None:
        why = "torch did not import"
    result["tensor_op"] = tensor_op(torch) if ready else not_run(why)
    result["surgery"] = surgery(torch) if ready else not_run(why)
    if full:
        result["libraries"] = loaded_libraries()
    bnb = {"installed": find_spec("bitsandbytes") is not None,
           "version": result["packages"].get("bitsandbytes")}
    if not bnb["installed"]:
        bnb["nf4"] = {"status": "unsupported", "reason": "bitsandbytes is not installed",
                      "duration_s": 0.0, "measurements": {}}
    else:
        bnb["nf4"] = bnb_nf4(torch) if ready else not_run(why)
    result["bitsandbytes"] = bnb
    if model_id:
        result["model"] = model_run(torch, model_id) if ready else not_run(why)
    return result


def main():
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # libraries that print to stdout must not corrupt the JSON
    sys.stdout = sys.stderr
    try:
        result = probe(sys.argv[1:])
    except Exception as exc:  # a bug here must still produce one document
        result = {"error": short_error(exc)}
    out.write(json.dumps(result, sort_keys=True) + "\n")
    out.flush()


main()
