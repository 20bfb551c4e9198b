from typing import Optional
__version__ = '2.5.0a0+872d972e41.nv24.08'
# annotated, as torch >= 2.x writes it
cuda: Optional[str] = '12.6'
import os  # noqa: E402  (the literal lines above are what probe.py reads without importing)
if os.environ.get("FAKE_TORCH") == "cpu":
    __version__, cuda = "2.5.1", None
