from typing import Optional
__version__ = '2.5.0a0+872d972e41.nv24.08'
# annotated, as torch >= 2.x writes it
cuda: Optional[str] = '12.6'
import os  # noqa: E402  (the literal lines above are what probe.py reads without importing)
# A copy of this package elsewhere (a second torch installation, as the
# doctor's vendor-torch experiment finds one) may fix its own behaviour in a
# file "mode" beside it; otherwise FAKE_TORCH chooses.
_MODE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mode")
if os.path.exists(_MODE_FILE):
    with open(_MODE_FILE) as _f:
        MODE = _f.read().strip()
else:
    MODE = os.environ.get("FAKE_TORCH", "orin")
if MODE == "cpu":
    __version__, cuda = "2.5.1", None
