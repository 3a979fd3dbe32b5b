"""A set of kernelgen.lang operators written elsewhere: by a user of docs/lang.md, not by the compiler's authors
(tests/data/lang_user_set/: hardtanh with run-time bounds, addcmul, a Scalar-slope PReLU, a stable log-sigmoid from
Python helpers, SwiGLU's gate, SGD with momentum (two outputs, a Scalar and an attribute), a temperature softmax and
LayerNorm (row programs), an elementwise Huber loss). Each must compile unchanged and match its golden by CANN's
standard through the NumPy interpreter of its program in every dtype at ragged shapes; KERNELGEN_LANG_FULL=1 runs
every one on the emulator on ascend910b and ascend310b in every dtype."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret_spec
from kernelgen.authoring.spec import DType
from kernelgen.checking.cases import make_inputs
from kernelgen.checking.verify import build_cases, judge_all, verify
from kernelgen.socs import get_soc

from conftest import requires_cxx

USER_SET = Path(__file__).resolve().parent / "data" / "lang_user_set"
SPECS = sorted(p.stem for p in USER_SET.glob("*.py"))
FULL = os.environ.get("KERNELGEN_LANG_FULL") == "1"
ELEMENTWISE_SHAPES = ((1,), (33,), (4097,), (5, 37), (3, 5, 7, 11))
ROW_SHAPES = ((5, 37), (16, 1000), (3, 7, 4099), (100, 1), (4097,))
# (spec, what it exercises): the shape of each program as the user wrote it
EXPECTED = {
    "addcmul": (3, 1, 0), "hardtanh": (1, 1, 0), "huber": (2, 1, 0), "layer_norm": (3, 1, 2),
    "log_sigmoid": (1, 1, 0), "prelu_scalar": (2, 1, 1), "sgd_momentum": (4, 2, 1), "softmax_temperature": (1, 1, 0),
    "swiglu": (2, 1, 0),
}


def test_the_set_is_the_one_described():
    assert SPECS == sorted(EXPECTED)


@pytest.mark.parametrize("name", SPECS)
def test_compiles_with_the_interface_it_was_written_against(name):
    spec = get_spec(USER_SET / f"{name}.py")
    n_inputs, n_outputs, n_special = EXPECTED[name]
    assert spec.snake == name
    assert len(spec.inputs) == n_inputs and len(spec.outputs) == n_outputs
    assert sum(t.kind != "full" for t in spec.inputs) == n_special


@pytest.mark.parametrize("name", SPECS)
@pytest.mark.parametrize("dtype", list(DType), ids=lambda d: d.short)
def test_matches_its_golden_at_ragged_shapes(name, dtype):
    spec = get_spec(USER_SET / f"{name}.py")
    for i, shape in enumerate(ROW_SHAPES if spec.row_program else ELEMENTWISE_SHAPES):
        inputs = make_inputs(spec, shape, dtype, seed=i)
        metrics, _ = judge_all(spec, inputs, interpret_spec(spec, inputs, {}, dtype), dtype.short)
        assert metrics.passed, (name, dtype.short, shape, metrics.failed_clauses())


def test_a_wrong_result_fails_the_same_judge():
    """The judge above can fail: layer_norm's output shifted by one float16 step on 1 % of the elements."""
    spec = get_spec(USER_SET / "layer_norm.py")
    inputs = make_inputs(spec, (16, 1000), DType.FLOAT16, seed=0)
    outs = interpret_spec(spec, inputs, {}, DType.FLOAT16)
    y = outs["y"].astype(np.float32)
    y[::100] += np.float32(2.0 ** -6) * np.maximum(np.abs(y[::100]), 1.0)
    outs["y"] = y.astype(outs["y"].dtype)
    metrics, _ = judge_all(spec, inputs, outs, "float16")
    assert not metrics.passed


def _documented_order_sum(a: np.ndarray) -> np.ndarray:
    """A row's float32 sum in ReduceSum's documented order: a tree inside each 64-float repeat (as the emulator's
    tree_sum), the repeats added in sequence."""
    from kernelgen.authoring.program import _tree_sum

    parts = [_tree_sum(a[..., at:at + 64]) for at in range(0, a.shape[-1], 64)]
    acc = parts[0]
    for p in parts[1:]:
        acc = (acc + p).astype(np.float32)
    return acc


def _root_of_reciprocal(spec):
    """spec with rsqrt lowered in the order the compiler used before session 30: Sqrt, then Div (the root's rounding
    and the quotient's, up to 1.49 ulp) instead of Div, then Sqrt (up to 0.85 ulp): 0.25 * (4 / sqrt(v)), the same
    roundings as 1 / sqrt(v)."""
    v = spec.variant(spec.default_variant)
    prog = list(v.program)
    at = next(i for i, s in enumerate(prog) if s.op == "Div" and prog[i + 1].op == "Sqrt")
    div, root, half = prog[at:at + 3]
    assert half.op == "Muls" and half.scalar == 0.5
    prog[at:at + 3] = [replace(root, srcs=(div.srcs[1],)), replace(div, srcs=(div.srcs[0], root.dst)),
                       replace(half, scalar=0.25)]
    return replace(spec, variants=tuple(replace(x, program=tuple(prog)) if x is v else x for x in spec.variants))


@pytest.mark.parametrize("shape, seed", [((3, 70000), 4), ((3, 7, 4099), 2)])
def test_layer_norm_float32_needs_an_accurate_rsqrt_and_the_blocked_row_sum(monkeypatch, shape, seed):
    """layer_norm float32: d * rstd * gamma + beta cancels, so rstd's own error decides the verdict. rsqrt as Div
    then Sqrt passes; as Sqrt then Div it misses CANN's MARE bar (at [3,70000] seed 4: MARE 2.5e-3 at element
    23476; seed 0, this case until session 31, passes with the blocked row sum: which seed's element cancels
    depends on the sum's order); at [3,7,4099] seed 2 so does the row sum in
    ReduceSum's documented order (a tree per repeat, the repeats in sequence) with it, where the kernel's
    blocked row sum (BlockReduceSum passes, then WholeReduceSum's tree) passes."""
    from kernelgen.authoring import program

    spec = get_spec(USER_SET / "layer_norm.py")
    assert [s.op for s in spec.variant(spec.default_variant).program].count("Sqrt") == 1
    inputs = make_inputs(spec, shape, DType.FLOAT32, seed=seed)
    metrics, _ = judge_all(spec, inputs, interpret_spec(spec, inputs, {}, DType.FLOAT32), "float32")
    assert metrics.passed, metrics.failed_clauses()
    old = _root_of_reciprocal(spec)
    if shape == (3, 7, 4099):
        metrics, _ = judge_all(spec, inputs, interpret_spec(old, inputs, {}, DType.FLOAT32), "float32")
        assert metrics.passed   # the blocked sum alone was enough here
        monkeypatch.setitem(program._REDUCE, "ReduceSum", _documented_order_sum)
    metrics, _ = judge_all(spec, inputs, interpret_spec(old, inputs, {}, DType.FLOAT32), "float32")
    assert not metrics.passed and "MARE" in " ".join(metrics.failed_clauses())


EMULATED = []   # default suite: none (CI's 15 minutes); the interpreter checks above run every spec
if FULL:
    EMULATED = [(n, s, d)
                for n in SPECS for s in ("ascend910b", "ascend310b") for d in DType]


@requires_cxx
@pytest.mark.parametrize("name, soc, dtype", EMULATED, ids=lambda v: getattr(v, "short", v))
def test_runs_clean_on_the_emulator(name, soc, dtype):
    spec = get_spec(USER_SET / f"{name}.py")
    shapes = list(ROW_SHAPES[:3]) if spec.row_program else [(4097,), (5, 37), (3, 7, 4099)]
    results = verify(spec, build_cases(spec, [get_soc(soc)], [dtype], shapes), seed=0)
    failed = [(r.case.shape, r.error or r.metrics.failed_clauses()) for r in results if not r.passed]
    assert not failed, failed
    assert len(results) == len(shapes)
