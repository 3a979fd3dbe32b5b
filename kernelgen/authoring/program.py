"""A NumPy float32 interpreter of a spec's compute program: each Step is one float32 vector op.

Used to measure a formulation's error before any C++ runs. It computes what the emulator computes, bit for
bit in float32 (tests/test_programs.py runs both on the same inputs): IEEE float32 arithmetic, and the host
libm's expf/logf for Exp/Ln, as the emulator's kernels call them.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from kernelgen.authoring.spec import ROW_LEN_KEY, SIZE_KEY, DType, OpSpec, Variant

_F32 = np.float32
_BINARY = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide,
           "Max": np.maximum, "Min": np.minimum}
_COMPARE = {"LT": np.less, "GT": np.greater, "LE": np.less_equal, "GE": np.greater_equal, "EQ": np.equal,
            "NE": lambda a, b: (a != b) & (a == a) & (b == b)}   # NE with a NaN operand: 0 (as the emulator)
def _tree_sum(a: np.ndarray) -> np.ndarray:
    """The emulator's in-repeat tree (kgemu tree_sum) over the last axis: adjacent pairs, an odd last one carried."""
    while a.shape[-1] > 1:
        n = a.shape[-1]
        s = a[..., 0:n - 1:2] + a[..., 1:n:2]
        a = np.concatenate([s, a[..., n - 1:]], axis=-1) if n % 2 else s
    return a[..., 0]


def _block_sums(a: np.ndarray) -> np.ndarray:
    """BlockReduceSum over the last axis (kgemu): each 8-float block summed in order in float64, rounded once to
    float32; a short last block sums what it has."""
    n = a.shape[-1]
    pad = (-n) % 8
    if pad:
        a = np.concatenate([a, np.zeros(a.shape[:-1] + (pad,), dtype=a.dtype)], axis=-1)
    blocks = a.reshape(a.shape[:-1] + (-1, 8)).astype(np.float64)
    acc = np.zeros(blocks.shape[:-1])   # the emulator's accumulator starts at +0.0 (so -0.0 sums to +0.0)
    for j in range(8):
        acc = acc + blocks[..., j]
    return acc.astype(_F32)


def _row_sum(src: np.ndarray) -> np.ndarray:
    """Each row's float32 sum in the generated kernel's order (templates/op_kernel RowSum): rows of up to 64
    floats by ReduceSum's tree; longer rows by BlockReduceSum until at most 64 floats remain, then
    WholeReduceSum's tree."""
    w = src
    if w.shape[-1] > 64:
        w = _block_sums(w)
        while w.shape[-1] > 64:
            w = _block_sums(w)
    return _tree_sum(w)


_REDUCE = {"ReduceSum": _row_sum, "ReduceMax": lambda a: np.max(a, axis=-1), "ReduceMin": lambda a: np.min(a, axis=-1)}
_SCALAR = {"Adds": np.add, "Muls": np.multiply, "Maxs": np.maximum, "Mins": np.minimum}
def _libm(name: str, fn):
    """The host C library's float32 function (expf, logf), which the emulator's Exp/Ln call, applied element
    by element; without a loadable libm, fn in float64 rounded once to float32 (correctly rounded, which
    differs from glibc's expf in about 1 of 1500 inputs). NumPy's own float32 exp differs more often."""
    import ctypes
    import ctypes.util

    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        cfn = getattr(lib, name)
    except (OSError, AttributeError):
        return lambda a: fn(a.astype(np.float64)).astype(_F32)
    cfn.restype, cfn.argtypes = ctypes.c_float, [ctypes.c_float]
    ufunc = np.frompyfunc(cfn, 1, 1)
    return lambda a: ufunc(a).astype(_F32)


_UNARY = {"Exp": _libm("expf", np.exp), "Ln": _libm("logf", np.log), "Abs": np.abs, "Sqrt": np.sqrt,
          "Reciprocal": lambda a: _F32(1) / a, "Relu": lambda a: np.maximum(a, _F32(0))}


def interpret(variant: Variant, inputs: dict[str, np.ndarray], outputs: tuple[str, ...],
              dtype: DType = DType.FLOAT32, scalars: dict[str, float] | None = None) -> dict[str, np.ndarray]:
    """scalars: the run-time scalars' values ({OpSpec.scalars name: value}, e.g. from run_time_scalars)."""
    scalars = scalars or {}
    regs: dict[str, np.ndarray] = {k: np.asarray(v, dtype=_F32) for k, v in inputs.items()}
    shape = np.broadcast_shapes(*(r.shape for r in regs.values()))
    for name, value in variant.constants:
        regs[name] = np.full(shape, scalars[value] if isinstance(value, str) else value, dtype=_F32)
    with np.errstate(all="ignore"):
        for s in variant.steps(dtype):
            if s.scalar_ref:
                s = replace(s, scalar=float(scalars[s.scalar_ref]), scalar_ref="")
            if s.op in _REDUCE:   # one row = the last axis; the result broadcast back along it
                src = regs[s.srcs[0]]
                regs[s.dst] = np.broadcast_to(_REDUCE[s.op](src)[..., None], src.shape).astype(_F32)
                continue
            if s.op == "Compare":
                regs[s.dst] = _COMPARE[s.cmp](regs[s.srcs[0]], regs[s.srcs[1]])
                continue
            if s.op in _BINARY:
                regs[s.dst] = _BINARY[s.op](regs[s.srcs[0]], regs[s.srcs[1]]).astype(_F32)
            elif s.op == "Axpy":
                # dst + src * scalar, rounded after the product and after the sum: the 910B/310B Memory-API Axpy
                # (asc-devkit 附录/Memory矢量计算接口边界值汇总.md gives it a product stage; the one-rounding "同比Fma"
                # of 附录/Reg矢量计算接口精度标准汇总.md is the 950's Reg API). tests/test_compound_rounding.py
                prod = (regs[s.srcs[0]] * _F32(s.scalar)).astype(_F32)
                regs[s.dst] = (regs[s.dst] + prod).astype(_F32)
            elif s.op == "CompareScalar":   # a boolean array stands for the bit mask
                regs[s.dst] = _COMPARE[s.cmp](regs[s.srcs[0]], _F32(s.scalar))
            elif s.op == "Select":
                regs[s.dst] = np.where(regs[s.srcs[0]], regs[s.srcs[1]], regs[s.srcs[2]]).astype(_F32)
            elif s.op in _SCALAR:
                regs[s.dst] = _SCALAR[s.op](regs[s.srcs[0]], _F32(s.scalar)).astype(_F32)
            else:
                regs[s.dst] = _UNARY[s.op](regs[s.srcs[0]]).astype(_F32)
    return {name: regs[name] for name in outputs}


def run_time_scalars(spec: OpSpec, attrs: dict, inputs: dict[str, np.ndarray]) -> dict[str, np.float32]:
    """{scalar name: float32 value} as the kernel's Init computes them (attributes defaulted)."""
    full = {a.name: a.default for a in spec.attrs}
    full.update(attrs or {})
    return {sc.name: sc.evaluate(full, inputs) for sc in spec.scalars}


def interpret_spec(spec: OpSpec, inputs: dict[str, np.ndarray], attrs: dict | None = None,
                   dtype: DType = DType.FLOAT32) -> dict[str, np.ndarray]:
    """Every output of spec's default variant on inputs of dtype, as the kernel computes them: float16/bfloat16
    inputs widened to float32, the float program, the results rounded to dtype (to nearest even)."""
    f32 = {t.name: np.asarray(inputs[t.name]).astype(_F32) for t in spec.inputs if t.name in inputs}
    shape = f32[spec.shape_input.name].shape
    scalars = run_time_scalars(spec, attrs or {}, {**f32, ROW_LEN_KEY: shape[-1] if shape else 1,
                                                          SIZE_KEY: int(np.prod(shape)) if shape else 1})
    variant = spec.variant(spec.default_variant)
    regs = {t.name: np.broadcast_to(f32[t.name], shape) for t in spec.kernel_inputs + spec.last_axis_inputs}
    outs = interpret(variant, regs, tuple(t.name for t in spec.outputs), dtype, scalars)
    keys = {t.name: t.opdef_name for t in spec.outputs}   # a ref output is keyed by the input it updates
    return {keys.get(k, k): v.astype(dtype.numpy) for k, v in outs.items()}
