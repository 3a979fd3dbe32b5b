"""Golden references: pure NumPy, float64, one registry keyed by operator.

A golden takes {input name: float64 array} (already rounded to the case's dtype, then widened) and
the attributes, and returns {output name: float64 array}. Input generation lives in cases.py.
"""
from __future__ import annotations

import math
import sys

import numpy as np

from kernelgen.errors import UsageError, choices_message

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
GELU_C = 0.044715


def _stable_sigmoid_parts(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """sigmoid(t) and sigmoid(t)*(1-sigmoid(t)) without overflow or cancellation."""
    e = np.exp(-np.abs(t))
    s = np.where(t >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
    return s, e / (1.0 + e) ** 2


def gelu_tanh_derivative(x: np.ndarray) -> np.ndarray:
    """d/dx of 0.5*x*(1 + tanh(u)), as sigma(2u) + x*(2u)'*sigma(2u)*(1 - sigma(2u))."""
    with np.errstate(over="ignore", invalid="ignore"):
        two_u = 2.0 * SQRT_2_OVER_PI * (x + GELU_C * x**3)
        d_two_u = 2.0 * SQRT_2_OVER_PI * (1.0 + 3.0 * GELU_C * x**2)
        s, s1s = _stable_sigmoid_parts(two_u)
        return s + x * d_two_u * s1s


_erf = np.frompyfunc(math.erf, 1, 1)


_erfc = np.frompyfunc(math.erfc, 1, 1)


def gelu_erf_derivative(x: np.ndarray) -> np.ndarray:
    """d/dx of x*Phi(x) = Phi(x) + x*phi(x): the exact (erf) GELU derivative.

    Computed in x's dtype: float64 is the golden; float32 is the same-precision benchmark, with
    Phi correctly rounded to float32 (Phi = erfc(-x/sqrt2)/2 keeps the negative tail exact)."""
    dtype = np.asarray(x).dtype.type if np.asarray(x).dtype in (np.float32, np.float64) else np.float64
    x = np.asarray(x, dtype=dtype)
    phi_cdf = (0.5 * _erfc(-x.astype(np.float64) / math.sqrt(2.0)).astype(np.float64)).astype(dtype)
    with np.errstate(invalid="ignore", over="ignore"):
        return phi_cdf + x * np.exp(dtype(-0.5) * x * x) / dtype(math.sqrt(2.0 * math.pi))


_HALF_TABLE_MIN = 1 << 16   # below this many elements a 65536-entry table costs more than it saves


def per_half_value(fn, x: np.ndarray) -> np.ndarray:
    """fn(x) for an elementwise fn, computed once per distinct value when the float64 array x holds only float16
    or bfloat16 values (verify's inputs of those dtypes, widened): fn of all 65536 values of the 16-bit type, then
    looked up, the same numbers as fn(x) (a NaN's sign bit aside) for a fraction of the time on large cases
    (math.erfc runs per element)."""
    x = np.asarray(x)
    if x.dtype != np.float64 or x.size < _HALF_TABLE_MIN or not x.flags.c_contiguous:
        return fn(x)
    narrow_types = [np.dtype(np.float16)]
    if "ml_dtypes" in sys.modules:   # bfloat16 only when a case already made some (importing it costs 0.5 s)
        narrow_types.append(np.dtype(sys.modules["ml_dtypes"].bfloat16))
    with np.errstate(all="ignore"):
        for narrow in narrow_types:
            codes = x.astype(narrow)
            if np.array_equal(codes.astype(np.float64), x, equal_nan=True):
                every = np.arange(1 << 16, dtype=np.uint16).view(narrow).astype(np.float64)
                return fn(every)[codes.view(np.uint16)]
    return fn(x)


def gelu_grad(inputs: dict[str, np.ndarray], attrs: dict) -> dict[str, np.ndarray]:
    dy, x = np.broadcast_arrays(inputs["dy"], inputs["x"])
    return {"z": dy * per_half_value(gelu_tanh_derivative, x)}


def gelu_grad_erf_info(inputs: dict[str, np.ndarray], attrs: dict) -> dict[str, np.ndarray]:
    """Informational reference: the exact erf derivative (gelu_grad's kernel uses the tanh form)."""
    dy, x = np.broadcast_arrays(inputs["dy"], inputs["x"])
    return {"z": dy * per_half_value(gelu_erf_derivative, x)}


def gelu_grad_v2(inputs: dict[str, np.ndarray], attrs: dict) -> dict[str, np.ndarray]:
    dy, x = np.broadcast_arrays(inputs["dy"], inputs["x"])
    if attrs.get("approximate", "none") == "tanh":
        return {"z": dy * per_half_value(gelu_tanh_derivative, x)}
    return {"z": dy * per_half_value(gelu_erf_derivative, x)}


def gelu_tanh_derivative_f32(x: np.ndarray) -> np.ndarray:
    """The benchmark for the tanh form: torch's gelu_backward(approximate="tanh") formula (the golden ops-nn's
    GeluGrad tests use), every operation in float32. Independent of the sigmoid-form golden above; it cancels
    in 1 + tanh(u) for x < -3, which is why the small-value allowance is capped (compare.py)."""
    x = np.asarray(x, dtype=np.float32)
    f = np.float32
    with np.errstate(all="ignore"):
        u = f(math.sqrt(2.0 / math.pi)) * (x + f(GELU_C) * x * x * x)
        t = np.tanh(u)
        du = f(math.sqrt(2.0 / math.pi)) * (f(1) + f(3 * GELU_C) * x * x)
        return f(0.5) * (f(1) + t) + f(0.5) * x * (f(1) - t * t) * du


def gelu_erf_derivative_f32(x: np.ndarray) -> np.ndarray:
    """The benchmark for the exact form: torch's gelu_backward(approximate="none") formula in float32,
    0.5*(1 + erf(x/sqrt2)) + x*exp(-x^2/2)/sqrt(2 pi), with erf rounded to float32 (a float32 libm erf)."""
    x = np.asarray(x, dtype=np.float32)
    f = np.float32
    with np.errstate(all="ignore"):
        erf = _erf((x / f(math.sqrt(2.0))).astype(np.float64)).astype(np.float64).astype(np.float32)
        return f(0.5) * (f(1) + erf) + x * np.exp(f(-0.5) * x * x) * f(1.0 / math.sqrt(2.0 * math.pi))


def gelu_grad_benchmark(inputs: dict[str, np.ndarray], attrs: dict) -> dict[str, np.ndarray]:
    dy, x = np.broadcast_arrays(np.asarray(inputs["dy"], np.float32), np.asarray(inputs["x"], np.float32))
    return {"z": dy * gelu_tanh_derivative_f32(x)}


def gelu_grad_v2_benchmark(inputs: dict[str, np.ndarray], attrs: dict) -> dict[str, np.ndarray]:
    dy, x = np.broadcast_arrays(np.asarray(inputs["dy"], np.float32), np.asarray(inputs["x"], np.float32))
    if attrs.get("approximate", "none") == "tanh":
        return {"z": dy * gelu_tanh_derivative_f32(x)}
    return {"z": dy * gelu_erf_derivative_f32(x)}


GOLDENS = {"gelu_grad": gelu_grad, "gelu_grad_v2": gelu_grad_v2}
# Independent same-precision implementations for the small-value rule's count (compare.py); a spec file may
# register its own with a module-level `benchmark(inputs, attrs)`. Without one the allowance is COM's floor.
BENCHMARKS = {"gelu_grad": gelu_grad_benchmark, "gelu_grad_v2": gelu_grad_v2_benchmark}
INFO_GOLDENS = {"gelu_grad": gelu_grad_erf_info}


def _load_builtins() -> None:
    """The kernelgen.lang built-ins register their goldens when the operator registry loads them (on first need:
    kernelgen.authoring.ops._all_specs); a name not known yet may be one of theirs."""
    from kernelgen.authoring.ops import _all_specs

    _all_specs()


def get_benchmark(name: str):
    """The golden's independent same-precision benchmark, or None."""
    if name not in GOLDENS:
        _load_builtins()
    return BENCHMARKS.get(name)


def get_golden(name: str):
    """The golden registered as name, wrapped so that a golden that raises, or returns anything but
    {output name: array of the inputs' broadcast shape}, is a one-line UsageError naming it."""
    if name not in GOLDENS:
        _load_builtins()
    if name not in GOLDENS:
        raise UsageError(choices_message("golden", name, GOLDENS))
    fn = GOLDENS[name]

    def checked(inputs: dict, attrs: dict) -> dict[str, np.ndarray]:
        try:
            out = fn(inputs, attrs)
        except Exception as exc:  # a user's golden: any failure is theirs to fix, reported in one line
            first = (str(exc).strip().splitlines() or [""])[0]
            raise UsageError(f"golden {name} raised {type(exc).__name__}: {first}") from exc
        if not isinstance(out, dict) or not out:
            raise UsageError(f"golden {name} must return {{output name: array}}; it returned {type(out).__name__}")
        try:
            shape = np.broadcast_shapes(*(np.shape(a) for a in inputs.values()))
        except ValueError:
            shape = None
        result = {}
        for key, value in out.items():
            arr = np.asarray(value)
            if arr.dtype.hasobject or arr.dtype.kind not in "biuf":
                raise UsageError(f"golden {name} returned {key} of dtype {arr.dtype}, not numbers")
            if shape is not None and arr.shape != shape and arr.shape not in ((), (1,)):   # (): a whole reduction
                raise UsageError(f"golden {name} returned {key} of shape {arr.shape}; the inputs' shape is {shape}")
            result[key] = arr
        return result

    return checked
