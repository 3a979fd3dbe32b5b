"""Row reductions used as scalars (kernelgen.authoring.row_scalars): which steps of a row program run on one value
per row, the kernel lines they render to, and, on the emulator, the same bits as the broadcast program's NumPy model
(kernelgen.authoring.program)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

import kernelgen
from kernelgen.authoring import row_scalars
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret_spec
from kernelgen.authoring.render import render_tree
from kernelgen.authoring.spec import DType, Step
from kernelgen.checking.cases import make_inputs
from kernelgen.socs import get_soc

from conftest import requires_cxx

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "lang_examples"
USER_SET = Path(__file__).resolve().parent / "data" / "lang_user_set"


def kernel_text(spec) -> str:
    return render_tree(spec, (get_soc("ascend910b"),))[f"op_kernel/{spec.snake}.h"]


def test_log_softmax_subtracts_the_max_and_the_log_sum_as_scalars():
    spec = get_spec("log_softmax_v2")
    rp = row_scalars.plan_for(spec, spec.variants[0])
    # ReduceMax, Sub, Exp, ReduceSum, Ln, Sub: the max and the sum (and its Ln) are one value per row
    assert rp.narrow == {0, 3, 4} and rp.fill == {0: False, 3: True} and rp.scalar_uses == {1: (1, 0), 5: (1, 4)}
    kernel = kernel_text(spec)
    lines = ["const float rowValue0 = RowReduceMax(r0, input, w0, len, 0);", "Adds(r0, input, -rowValue0, len);",
             "Exp(out, r0, len);", "RowReduceSumFirst(out, out, w0, len);", "Ln(out, out, 1);",
             "Adds(out, r0, -RowValue(out), len);"]
    assert kernel.count("\n            ".join(lines)) == 2   # the float32 Program and the float16 ComputeLow
    assert "Duplicate(dst, v, static_cast<int32_t>(fill));" in kernel and "len, len);" not in kernel


def test_a_value_a_row_wide_step_needs_stays_broadcast():
    """softmax's sum divides the row (no scalar form of Div that keeps its rounding): broadcast; its max is
    subtracted: a scalar. A value an output keeps, or one subtracted from (s - x), stays broadcast too."""
    softmax = get_spec("softmax_v2")
    rp = row_scalars.plan_for(softmax, softmax.variants[0])
    assert rp.narrow == {0} and rp.scalar_uses == {1: (1, 0)}
    assert "RowReduceSum(y, r0, w0, len, len);\n            Div(y, r0, y, len);" in kernel_text(softmax)
    kept = row_scalars.plan((Step("ReduceMax", "y", ("x", "w")), Step("Ln", "y", ("y",))), ("y",))
    assert kept.narrow == frozenset() and kept.scalar_uses == {}
    reversed_sub = row_scalars.plan((Step("ReduceMax", "r", ("x", "w")), Step("Sub", "y", ("r", "x"))), ("y",))
    assert reversed_sub.narrow == frozenset()
    forward_sub = row_scalars.plan((Step("ReduceMax", "r", ("x", "w")), Step("Sub", "y", ("x", "r"))), ("y",))
    assert forward_sub.narrow == {0} and forward_sub.scalar_uses == {1: (1, 0)}
    # rms_norm: the mean's Muls, + eps and rsqrt's Div by the constant 1 run on one float; the row times it: Muls
    rms = get_spec(EXAMPLES / "rms_norm.py")
    rp = row_scalars.plan_for(rms, rms.variants[0])
    assert rp.narrow == {1, 2, 3, 4, 5, 6} and rp.scalar_uses == {7: (1, 6)}
    assert "Div(r0, c0, r0, 1);" in kernel_text(rms)


def test_an_elementwise_program_has_no_plan():
    relu = get_spec("relu")
    assert row_scalars.plan_for(relu, relu.variants[0]) is None


@requires_cxx
def _halving_row_sum(src: np.ndarray) -> np.ndarray:
    """The row sum's order until session 31 (a fold onto 64 * 2^k floats, halved to 64, then a tree): a
    different order the equality below must tell apart."""
    p = 64
    while p * 2 < src.shape[-1]:
        p *= 2
    w = src[..., :p].copy()
    w[..., :src.shape[-1] - p] += src[..., p:]
    while w.shape[-1] > 1:
        w = w[..., :w.shape[-1] // 2] + w[..., w.shape[-1] // 2:]
    return w[..., 0]


@requires_cxx
def test_the_scalar_forms_give_the_broadcast_programs_bits(monkeypatch):
    """log_softmax_v2 and layer_norm (two reductions, the mean subtracted, the rstd multiplied) on the emulator,
    sanitizer on, against the NumPy model of the broadcast program: equal arrays, rows shorter and longer than
    one repeat (1000 floats: BlockReduceSum to 125, to 16, then WholeReduceSum). The model with the row sum in
    another order gives other bits."""
    from kernelgen.authoring import program

    for op in ("log_softmax_v2", USER_SET / "layer_norm.py"):
        spec = get_spec(op)
        for i, shape in enumerate(((4, 37), (3, 1000))):
            inputs = make_inputs(spec, shape, DType.FLOAT32, seed=i)
            want = interpret_spec(spec, inputs, {}, DType.FLOAT32)
            got = kernelgen.run(str(op), "ascend910b", inputs)
            for name, arr in want.items():
                np.testing.assert_array_equal(got[name], arr, err_msg=f"{op} {shape} {name}")
    monkeypatch.setitem(program._REDUCE, "ReduceSum", _halving_row_sum)
    other = interpret_spec(spec, inputs, {}, DType.FLOAT32)
    assert any(not np.array_equal(got[name], arr) for name, arr in other.items())
