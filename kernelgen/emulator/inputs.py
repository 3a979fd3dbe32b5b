"""Checks of what a caller passes to a run, made before anything compiles: the input arrays themselves, and a
kernelgen spec's dtypes and input shapes."""
from __future__ import annotations

import numpy as np

from kernelgen.dtypes import GE_DTYPES, GE_NAME_SHORT, SHORT_TO_GE
from kernelgen.errors import UsageError
from kernelgen.socs import Soc


def check_spec_dtype(spec, soc: Soc, dtype: str | None) -> None:
    """Refuse a dtype the spec does not support on soc before anything compiles (e.g. bfloat16 on 910)."""
    from kernelgen.authoring.spec import DType

    allowed = spec.dtypes_for(soc)
    if not allowed:
        raise UsageError(f"{spec.snake} supports none of its dtypes on {soc.family}")
    if dtype is None:
        return
    d = DType.parse(GE_NAME_SHORT.get(dtype, dtype))
    if d not in allowed:
        raise UsageError(f"{spec.op_type} on {soc.family} does not support {d.short}; supported: "
                         + ", ".join(x.short for x in allowed))


def check_spec_shapes(spec, arrays: dict) -> None:
    """Refuse, before anything compiles, inputs a kernelgen spec cannot take: full-shape inputs of different shapes
    (one shape for all: the kernel does not broadcast), a Scalar input with more than one element."""
    full = [(t.name, tuple(np.shape(arrays[t.name]))) for t in spec.inputs
            if t.kind == "full" and t.used_by_kernel and t.name in arrays and not isinstance(arrays[t.name], list)]
    if len({shape for _, shape in full}) > 1:
        raise UsageError(f"{spec.op_type}: the full-shape inputs must have one shape (" +
                         ", ".join(f"{n} {list(sh)}" for n, sh in full) + "); broadcast them first")
    last = full[0][1][-1] if full and full[0][1] else None
    for t in spec.inputs:
        if t.kind == "last_axis" and t.name in arrays and last is not None \
                and tuple(np.shape(arrays[t.name])) != (last,):
            raise UsageError(f"{spec.op_type}: {t.name} is a LastAxis input: give a 1-D array of the last "
                             f"dimension ({last}), not shape {list(np.shape(arrays[t.name]))}")
        if t.kind == "scalar" and t.name in arrays and np.size(arrays[t.name]) != 1:
            raise UsageError(f"{spec.op_type}: {t.name} is a Scalar input: give a one-element array, not shape "
                             f"{list(np.shape(arrays[t.name]))}")


def check_inputs(inputs) -> dict:
    """{name: ndarray or list of ndarrays} from what an API caller passed; refuses anything else in one line."""
    if not isinstance(inputs, dict) or not inputs:
        raise UsageError(f"inputs must be a non-empty dict {{name: array}}; got {type(inputs).__name__}")
    def array(name, value):
        try:
            a = np.asarray(value)
        except (TypeError, ValueError) as exc:
            raise UsageError(f"input {name!r} is not an array: {exc}") from None
        if a.dtype == np.dtype("V2"):  # how ml_dtypes' bfloat16 survives an .npy round trip
            a = a.view(GE_DTYPES["DT_BF16"].numpy)
        if a.dtype.kind not in "biuf" and (a.dtype.hasobject or a.dtype != GE_DTYPES["DT_BF16"].numpy):
            raise UsageError(f"input {name!r} has dtype {a.dtype}; supported: " + ", ".join(sorted(SHORT_TO_GE)))
        return a

    out = {}
    for name, value in inputs.items():
        if not isinstance(name, str):
            raise UsageError(f"input name {name!r} is not a string")
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, np.ndarray) for v in value):
            out[name] = [array(name, v) for v in value]   # a tensor list (DYNAMIC input)
        else:
            out[name] = array(name, value)
    return out
