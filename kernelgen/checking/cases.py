"""Seeded input generation for verify: regular values plus hazards, separate from comparison."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernelgen.authoring.spec import DType, OpSpec
from kernelgen.socs import Soc
from kernelgen.authoring.tiling import tile_data_num


@dataclass(frozen=True)
class Case:
    soc: Soc
    dtype: DType
    shape: tuple[int, ...]
    label: str


def default_shapes(spec: OpSpec, soc: Soc, dtype: DType) -> list[tuple[tuple[int, ...], str]]:
    """The issue's matrix: edge sizes, several tiles on every core, idle cores, multi-dimensional."""
    if spec.row_program:   # whole rows per tile: ragged last axes, rows over cores, one row, a 1-element row
        return [((5, 37), "ragged rows"), ((16, 1000), "ragged rows"), ((3, 7, 4099), "ragged rows, 3-d"),
                ((1, 64), "one row"), ((100, 1), "rows of one element"), ((soc.core_num * 2 + 3, 300), "rows over cores"),
                ((4097,), "1-d: one row")]
    tile = tile_data_num(spec, soc, spec.variant_for(soc), dtype)
    shapes = [((n,), "edge") for n in (1, 5, 17, 31, 32, 33, 4095, 4096, 4097)]
    shapes.append(((soc.core_num * 3 * tile + 13,), "3 tiles per core"))
    shapes.append(((tile,), "one tile: 1 core busy"))
    shapes.append(((3, 5, 7, 11), "4-d"))
    return shapes


def make_inputs(spec: OpSpec, shape: tuple[int, ...], dtype: DType, seed: int) -> dict[str, np.ndarray]:
    """{input name: array of dtype}. About 1 in 8 elements is a hazard: 0, +-tiny, subnormal, +-60,
    or one of the spec's special values, and for the spec's saturating inputs also +-1e20 and +-the
    dtype's largest finite value (an unclamped x^3 overflows there); the rest is uniform in [-7, 7]
    (the first input, dy-like, in [-5, 5])."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape)) if shape else 1
    finfo = np.finfo(np.float32) if dtype is DType.FLOAT32 else (
        np.finfo(np.float16) if dtype is DType.FLOAT16 else None)
    subnormal = float(finfo.smallest_subnormal) * 3 if finfo is not None else 1e-39
    specials = dict(spec.special_values)
    out = {}
    for i, t in enumerate(spec.inputs):
        lo, hi = t.domain or ((-7.0, 7.0) if i else (-5.0, 5.0))
        count, tshape = input_size(t, shape, n)
        values = rng.uniform(lo, hi, size=count)
        hazards = [0.0, -0.0, 1e-30, -1e-30, subnormal, -subnormal, 60.0, -60.0, 1e-6, -1e-6]
        hazards += list(specials.get(t.name, ()))
        if t.name in spec.saturating_inputs:
            big = float(finfo.max) if finfo is not None else 3.3895313892515355e38  # bfloat16's largest finite
            hazards += [min(1e20, big), -min(1e20, big), big, -big]
        if t.domain is not None:   # the input's domain bounds its hazards too (its edges are hazards themselves)
            hazards = [h for h in hazards if lo <= h <= hi] + [lo, hi]
        picks = rng.random(count) < 0.125
        values[picks] = rng.choice(np.array(hazards), size=int(picks.sum()))
        out[t.name] = values.astype(dtype.numpy).reshape(tshape)
    return out


def input_size(t, shape: tuple[int, ...], n: int) -> tuple[int, tuple[int, ...]]:
    """(elements, shape) of input t for an operator of shape `shape`: a Scalar input has one element, a
    LastAxis input the last dimension's, every other input the whole shape."""
    if t.kind == "scalar":
        return 1, (1,)
    if t.kind == "last_axis":
        last = shape[-1] if shape else 1
        return last, (last,)
    return n, tuple(shape)
