"""Every built-in written with kernelgen.lang (kernelgen/authoring/ops/kl/) verifies, sanitizer on.

Default suite (CI has 2 cores; one emulator library per operator costs ~13 s of g++): every built-in's compiled
program is judged against its golden by the NumPy interpreter of the program (the emulator's float32 semantics)
in every dtype; one operator per family and the whole-tensor losses run on the emulator, one (SOC, dtype) each, rotating
over ascend910b/ascend310b x float32/float16/bfloat16 so that together they cover both default SOCs and all three
dtypes, at a flat and a ragged 2-D shape (verify adds its hazard values). KERNELGEN_KL_FULL=1 runs every built-in
on the emulator on both SOCs in every dtype it declares.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from kernelgen.authoring.interfaces import load as load_interfaces
from kernelgen.authoring.ops import catalog, get_spec
from kernelgen.authoring.program import interpret_spec
from kernelgen.checking.cases import make_inputs
from kernelgen.authoring.spec import DType
from kernelgen.checking.verify import build_cases, judge_all, verify
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


# the operators issue 22 names (the stored interfaces mark them): on the emulator in the default suite
NAMED = tuple(n for n in KL_BUILTINS if load_interfaces().get(n, {}).get("required_by_issue_22"))
# whole-tensor reductions have no NumPy interpreter of their kernel (its core order)
WHOLE = tuple(n for n in KL_BUILTINS if get_spec(n).whole_reduce is not None)
# The default suite's emulator runs (CI has 2 cores and 15 minutes): one operator of each family, among them the
# whole-tensor losses the interpreter cannot check; KERNELGEN_KL_FULL=1 runs every built-in.
FAMILIES = ("relu", "leakyrelu_v2", "mish", "tanh_grad", "apply_gradient_descent", "apply_adagrad_d", "softmax_v2",
            "mse_loss", "l2_loss", "smooth_l1_loss_v2", "soft_margin_loss")
EMULATED = KL_BUILTINS if FULL else tuple(n for n in KL_BUILTINS if n in FAMILIES)


def rotation_pair(name):
    """The operator's (SOC, dtype) in the reduced matrix: the rotation walks the pairs it declares, so the
    emulated operators together cover both SOCs and every dtype."""
    pairs = _pairs(name)
    order = EMULATED if name in EMULATED else KL_BUILTINS
    return pairs[(5 * order.index(name)) % len(pairs)]


def _matrix():
    for name in EMULATED:
        for soc, dtype in (_pairs(name) if FULL else (rotation_pair(name),)):
            yield pytest.param(name, soc, dtype, id=f"{name}-{soc}-{dtype.short}")


def test_the_kl_builtins_are_found():
    assert len(KL_BUILTINS) >= 28 and "relu" in KL_BUILTINS and "gelu_grad" not in KL_BUILTINS
    assert {"apply_gradient_descent", "apply_adagrad_d", "softmax_v2", "log_softmax_v2"} <= set(KL_BUILTINS)


def test_the_named_operators_are_all_built_in():
    assert len(NAMED) == 21, sorted(NAMED)
    assert set(FAMILIES) <= set(KL_BUILTINS) and set(WHOLE) <= set(FAMILIES)


@pytest.mark.parametrize("name", [n for n in KL_BUILTINS if n not in WHOLE])
def test_kl_builtin_program_matches_its_golden(name):
    """The compiled program (interpreted in NumPy with the emulator's float32 semantics) against the golden, in
    every dtype the operator declares."""
    spec = get_spec(name)
    for dtype in spec.dtypes:
        for i, shape in enumerate(SHAPES):
            inputs = make_inputs(spec, shape, dtype, seed=i)
            metrics, _ = judge_all(spec, inputs, interpret_spec(spec, inputs, {}, dtype), dtype.short)
            assert metrics.passed, (dtype.short, shape, metrics.failed_clauses())


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
