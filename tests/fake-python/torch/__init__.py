"""Fake torch for jetgate's tests: just enough of the API that probe.py uses."""
import math
import random

from . import version

MODE = version.MODE
if MODE == "broken":
    raise ImportError("libcudnn.so.9: cannot open shared object file")
__version__ = version.__version__
float32, float16 = "float32", "float16"


class Tensor:
    def __init__(self, rows, on_cuda=False):
        self.rows = [list(r) for r in rows]
        self.on_cuda = on_cuda

    def _map(self, f):
        return Tensor([[f(x) for x in r] for r in self.rows], self.on_cuda)

    def _zip(self, other, f):
        if not isinstance(other, Tensor):
            return self._map(lambda x: f(x, other))
        return Tensor([[f(a, b) for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)],
                      self.on_cuda)

    def reshape(self, n, m):
        flat = [x for r in self.rows for x in r]
        return Tensor([flat[i * m:(i + 1) * m] for i in range(n)], self.on_cuda)

    def __matmul__(self, o):
        cols = list(zip(*o.rows))
        out = Tensor([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows],
                     self.on_cuda)
        if self.on_cuda and MODE == "wrong":
            out = out._map(lambda x: x + 1.0)
        return out

    def __sub__(self, o):
        return self._zip(o, lambda a, b: a - b)

    def __isub__(self, o):
        return self - o

    def __add__(self, o):
        return self._zip(o, lambda a, b: a + b)

    def __mul__(self, o):
        return self._zip(o, lambda a, b: a * b)

    def __truediv__(self, o):
        return self._zip(o, lambda a, b: a / b)

    def t(self):
        return Tensor(list(zip(*self.rows)), self.on_cuda)

    def norm(self):
        return math.sqrt(sum(x * x for r in self.rows for x in r))

    def abs(self):
        return self._map(abs)

    def max(self):
        return max(x for r in self.rows for x in r)

    def all(self):
        return all(x for r in self.rows for x in r)

    def float(self):
        return self

    def cuda(self, non_blocking=False):
        return Tensor(self.rows, True)

    def cpu(self):
        return Tensor(self.rows, False)

    def pin_memory(self):
        return self


def arange(n, dtype=None):
    return Tensor([list(range(n))])


def eye(n, dtype=None):
    return Tensor([[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)])


class Generator:
    def manual_seed(self, seed):
        self.rng = random.Random(seed)
        return self


def randn(n, m=1, generator=None, dtype=None, device=None):
    rng = generator.rng if generator else random.Random(1)
    return Tensor([[rng.gauss(0, 1) for _ in range(m)] for _ in range(n)])


def isfinite(t):
    return t._map(math.isfinite)


class _Props:
    is_integrated = MODE == "orin"


class cuda:
    @staticmethod
    def is_available():
        return MODE != "cpu"

    @staticmethod
    def device_count():
        return 0 if MODE == "cpu" else 1

    @staticmethod
    def get_arch_list():
        return [] if MODE == "cpu" else (["sm_87"] if MODE == "orin" else ["sm_90"])

    @staticmethod
    def get_device_name(i):
        return "NVIDIA H200" if MODE == "h200" else "Orin"

    @staticmethod
    def get_device_capability(i):
        return (9, 0) if MODE == "h200" else (8, 7)

    @staticmethod
    def get_device_properties(i):
        return _Props()

    @staticmethod
    def synchronize():
        pass


class backends:
    class cudnn:
        @staticmethod
        def version():
            return None if MODE == "cpu" else 90300
