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


def rotation_pair(name):
    """The operator's (SOC, dtype) in the reduced matrix: the rotation walks the pairs it declares, so the
    operators together cover both SOCs and every dtype."""
    pairs = _pairs(name)
    return pairs[(5 * KL_BUILTINS.index(name)) % len(pairs)]


def _matrix():
    for name in KL_BUILTINS:
        for soc, dtype in (_pairs(name) if FULL else (rotation_pair(name),)):
            yield pytest.param(name, soc, dtype, id=f"{name}-{soc}-{dtype.short}")


def test_the_kl_builtins_are_found():
    assert len(KL_BUILTINS) >= 28 and "relu" in KL_BUILTINS and "gelu_grad" not in KL_BUILTINS
    assert {"apply_gradient_descent", "apply_adagrad_d", "softmax_v2", "log_softmax_v2"} <= set(KL_BUILTINS)


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
