"""Every built-in written with kernelgen.lang (kernelgen/authoring/ops/kl/) verifies on the emulator, sanitizer on.

Reduced matrix: one (SOC, dtype) pair per operator, rotating over ascend910b/ascend310b x float32/float16/bfloat16
so that together they cover both default SOCs and all three dtypes, at a flat and a ragged 2-D shape (verify adds
its hazard values). KERNELGEN_KL_FULL=1 runs each operator on both SOCs in every dtype.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from kernelgen.authoring.ops import catalog, get_spec
from kernelgen.authoring.spec import DType
from kernelgen.checking.verify import build_cases, verify
from kernelgen.socs import get_soc

from conftest import requires_cxx

FULL = os.environ.get("KERNELGEN_KL_FULL") == "1"
KL_BUILTINS = tuple(row["name"] for row in catalog() if Path(row["source"]).parent.name == "kl")
PAIRS = tuple(itertools.product(("ascend910b", "ascend310b"), (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)))
SHAPES = [(4097,), (5, 37)]


def _pairs(name):
    """The (SOC, dtype) pairs the operator declares (LeakyreluV2, Celu, Shrink: no bfloat16)."""
    dtypes = get_spec(name).dtypes
    return tuple((soc, d) for soc, d in PAIRS if d in dtypes and d.supported_on(get_soc(soc)))


def _matrix():
    for i, name in enumerate(KL_BUILTINS):
        pairs = _pairs(name)
        for soc, dtype in (pairs if FULL else (pairs[(5 * i) % len(pairs)],)):
            yield pytest.param(name, soc, dtype, id=f"{name}-{soc}-{dtype.short}")


def test_the_kl_builtins_are_found():
    assert len(KL_BUILTINS) >= 28 and "relu" in KL_BUILTINS and "gelu_grad" not in KL_BUILTINS


def test_the_reduced_matrix_covers_both_socs_and_every_dtype():
    covered = {(soc, dtype) for _, soc, dtype in (p.values for p in _matrix())}
    assert {soc for soc, _ in covered} == {"ascend910b", "ascend310b"}
    assert {dtype for _, dtype in covered} == set(DType)


@requires_cxx
@pytest.mark.parametrize("name, soc, dtype", list(_matrix()))
def test_kl_builtin_verifies(name, soc, dtype):
    spec = get_spec(name)
    if not dtype.supported_on(get_soc(soc)) or dtype not in spec.dtypes:
        pytest.skip(f"{name}: {dtype.short} not declared or not supported on {soc}")
    cases = build_cases(spec, [get_soc(soc)], [dtype], SHAPES)
    results = verify(spec, cases, seed=0)
    failed = [(r.case.shape, r.error or r.metrics.failed_clauses()) for r in results if not r.passed]
    assert not failed, failed
    assert len(results) == len(SHAPES)
