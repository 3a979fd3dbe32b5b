"""The one table of ge::DataType: name, number, C++ spelling, NumPy dtype and short name.

Everything that maps between OpDef dtypes (DT_FLOAT), kernel C++ types (float), ctypes numbers (0) and
arrays (np.float32) reads it (ascendc-api.md §1.2 for the C++ spellings; graph/types.h for the numbers).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from kernelgen.errors import UsageError


class GeDType(NamedTuple):
    value: int          # ge::DataType number (what crosses the C ABI)
    cpp: str            # the -DDTYPE_<NAME> spelling in kernels
    numpy_name: str     # NumPy's name of the dtype, or ml_dtypes' ("ml_dtypes.bfloat16")
    short: str          # user-facing name: float32, bfloat16, ...

    @property
    def numpy(self) -> np.dtype:
        return _numpy_dtype(self.numpy_name)


@lru_cache(maxsize=None)
def _numpy_dtype(name: str) -> np.dtype:
    """The dtype of a NumPy name; ml_dtypes is imported only for its own types: its import costs about 0.6 CPU s,
    which every survey worker process paid though almost no operator's survey case uses them (docs/speed.md)."""
    if name.startswith("ml_dtypes."):
        import ml_dtypes

        return np.dtype(getattr(ml_dtypes, name[len("ml_dtypes."):]))
    return np.dtype(name)


GE_DTYPES: dict[str, GeDType] = {
    "DT_FLOAT": GeDType(0, "float", "float32", "float32"),
    "DT_FLOAT16": GeDType(1, "half", "float16", "float16"),
    "DT_INT8": GeDType(2, "int8_t", "int8", "int8"),
    "DT_INT32": GeDType(3, "int32_t", "int32", "int32"),
    "DT_UINT8": GeDType(4, "uint8_t", "uint8", "uint8"),
    "DT_INT16": GeDType(6, "int16_t", "int16", "int16"),
    "DT_UINT16": GeDType(7, "uint16_t", "uint16", "uint16"),
    "DT_UINT32": GeDType(8, "uint32_t", "uint32", "uint32"),
    "DT_INT64": GeDType(9, "int64_t", "int64", "int64"),
    "DT_UINT64": GeDType(10, "uint64_t", "uint64", "uint64"),
    "DT_DOUBLE": GeDType(11, "double", "float64", "float64"),
    "DT_BOOL": GeDType(12, "bool", "bool", "bool"),
    "DT_BF16": GeDType(27, "bfloat16_t", "ml_dtypes.bfloat16", "bfloat16"),
    # the 950's 8-bit floats that ml_dtypes encodes bit for bit (OCP e5m2 / e4m3fn, e8m0's unsigned power of two);
    # hifloat8 (encoding documented only as a figure) and the packed fp4x2 types have no NumPy twin here
    "DT_FLOAT8_E5M2": GeDType(35, "fp8_e5m2_t", "ml_dtypes.float8_e5m2", "float8_e5m2"),
    "DT_FLOAT8_E4M3FN": GeDType(36, "fp8_e4m3fn_t", "ml_dtypes.float8_e4m3fn", "float8_e4m3fn"),
    "DT_FLOAT8_E8M0": GeDType(37, "fp8_e8m0_t", "ml_dtypes.float8_e8m0fnu", "float8_e8m0"),
}
GE_BY_VALUE = {v.value: k for k, v in GE_DTYPES.items()}
# ge::Format numbers of graph/types.h (the formats OpDefs declare and recipes may give a tensor)
GE_FORMATS = {"FORMAT_NCHW": 0, "FORMAT_NHWC": 1, "FORMAT_ND": 2, "FORMAT_NC1HWC0": 3, "FORMAT_FRACTAL_Z": 4,
              "FORMAT_HWCN": 16, "FORMAT_NDHWC": 27, "FORMAT_FRACTAL_NZ": 29, "FORMAT_NCDHW": 30,
              "FORMAT_NDC1HWC0": 32, "FORMAT_FRACTAL_Z_3D": 33, "FORMAT_NCL": 47}


def ge_format(name: str, where: str) -> int:
    """The ge::Format number of "NDHWC" or "FORMAT_NDHWC"; a UsageError naming the known formats otherwise."""
    key = name if str(name).startswith("FORMAT_") else f"FORMAT_{name}"
    if key not in GE_FORMATS:
        known = ", ".join(k[len("FORMAT_"):] for k in GE_FORMATS)
        raise UsageError(f"{where}: unknown format {name!r}; known: {known}")
    return GE_FORMATS[key]
SHORT_TO_GE = {v.short: k for k, v in GE_DTYPES.items()}
GE_NAME_SHORT = {k: v.short for k, v in GE_DTYPES.items()}
GE_BY_CPP = {v.cpp: k for k, v in GE_DTYPES.items()}


def ge_of_numpy(dtype: np.dtype) -> str:
    for name, rec in GE_DTYPES.items():
        if np.dtype(dtype) == rec.numpy:
            return name
    raise UsageError(f"unsupported array dtype {np.dtype(dtype)}; supported: " + ", ".join(sorted(SHORT_TO_GE)))
