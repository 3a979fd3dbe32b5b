"""kernelgen.lang's rewrite pass (kernelgen/authoring/lang/rewrite.py), kl.refine_root and the clamp-free
sigmoid/tanh: values kept, instructions saved, the float32 window needed, and the GeluGrad expression's modelled
time against the hand-tuned built-in."""
from __future__ import annotations

import glob
import importlib.util
import os
import textwrap
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from kernelgen.authoring.lang.expr import LangError
from kernelgen.authoring.lang.op import LangOp, trace
from kernelgen.authoring.lang.rewrite import evaluate, rewrite
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret_spec
from kernelgen.checking.compare import compare
from kernelgen.checking.golden import gelu_tanh_derivative

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "lang_examples" / "gelu_grad_expr.py"
X0 = -0.7517916   # GELU_tanh''s root


def lang_ops():
    """Every kl built-in and docs example the compiler takes (whole-tensor reductions excluded)."""
    out = []
    for f in sorted(glob.glob(str(ROOT / "kernelgen/authoring/ops/kl/*.py"))) + sorted(
            glob.glob(str(ROOT / "docs/lang_examples/*.py"))):
        if f.endswith("__init__.py") or f.endswith("mse_loss_mean.py"):
            continue
        spec = importlib.util.spec_from_file_location(f"rw_{Path(f).stem}", f)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out += [v for v in vars(module).values() if isinstance(v, LangOp)]
    return out


def spec_of(tmp_path, body: str, name: str = "op_under_test"):
    path = tmp_path / f"{name}.py"
    path.write_text("import math\n\nimport kernelgen.lang as kl\n\n\n" + textwrap.dedent(body))
    return get_spec(path)


def ops(spec):
    return [s.op for s in spec.variants[0].program]


def test_every_rewrite_keeps_the_value_in_float64():
    rng = np.random.default_rng(7)
    checked = 0
    for op in lang_ops():
        env = {}
        fixed = {p.name: p.default for p in op.params if p.choices}   # kl.Choice: traced once per value
        for p in op.params:
            if p.choices:
                continue
            if p.role == "attr":
                env[p.name] = float(p.default) if p.attr_kind == "float" else p.default
            elif p.role == "last_axis":
                env[p.name] = rng.uniform(0.5, 1.5, 16)
            elif p.role == "scalar":
                env[p.name] = np.array(0.1)
            else:
                env[p.name] = rng.uniform(-4, 4, (8, 16))
        before = trace(op.fn, op.params, fixed)
        after = rewrite(before)
        for b, a in zip(before, after):
            want, got = evaluate(b, env, size=8 * 16), evaluate(a, env, size=8 * 16)
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-13, err_msg=op.__name__)
            checked += 1
    assert checked >= 17


def test_gelu_grad_expression_compiles_to_fifteen_instructions_and_a_float32_window():
    spec = get_spec(EXAMPLE)
    v = spec.variants[0]
    assert len(v.program) == 15 and "Select" not in ops(spec)     # tanh is gone: sigmoid(2u), s factored out
    assert Counter(ops(spec)) == {"Mul": 6, "Adds": 5, "Muls": 2, "Exp": 1, "Div": 1}
    assert [s.op for s in v.refine] == ["Adds", "Adds", "Abs", "CompareScalar", "Muls", "Adds", "Mul", "Adds", "Mul",
                                        "Select"]
    assert v.refine_at == 14 and v.refine_masks and not v.masks   # the mask exists on the float32 path only
    hand = get_spec("gelu_grad").variant("sigmoid_mul")
    assert len(hand.program) == 14 and len(hand.refine) == len(v.refine)


def test_the_refinement_window_is_what_passes_float32_near_the_root(tmp_path):
    x = (X0 + np.linspace(-2e-3, 2e-3, 20001)).astype(np.float32)
    inputs = {"dy": np.ones_like(x), "x": x, "y": x}
    golden = gelu_tanh_derivative(x.astype(np.float64))
    refined = compare(interpret_spec(get_spec(EXAMPLE), inputs)["z"], golden, "float32")
    assert refined.passed and refined.small_errors == 0
    body = EXAMPLE.read_text().split("@kl.op", 1)[1].replace("kl.refine_root(d, x, (-0.8, -0.7))", "d")
    plain_spec = spec_of(tmp_path, "C = 0.044715\nK = math.sqrt(2.0 / math.pi)\n\n\n@kl.op" + body, "gelu_plain")
    assert not plain_spec.variants[0].refine
    plain = compare(interpret_spec(plain_spec, inputs)["z"], golden, "float32")
    assert not plain.passed and plain.small_errors > 1000           # cancellation near x0 without the window
    # float16 has no window (its rounding hides the cancellation): the same instructions as without refine_root
    assert Counter(ops(get_spec(EXAMPLE))) == Counter(ops(plain_spec))


def test_sigmoid_and_tanh_need_no_clamp_for_any_finite_input(tmp_path):
    sig = get_spec("sigmoid")
    assert ops(sig) == ["Muls", "Exp", "Adds", "Div"]                # was Muls, Mins(88), Exp, Adds, Div
    assert ops(get_spec("swish")) == ["Muls", "Exp", "Adds", "Div", "Mul"]   # x * -scale: one run-time Muls
    big = np.array([-3.4e38, -1e20, -100, -89, 0, 89, 100, 1e20, 3.4e38], np.float32)
    y = interpret_spec(sig, {"x": big})["y"]
    assert np.all(np.isfinite(y)) and y[0] == 0 and y[-1] == 1 and y[4] == 0.5
    th = spec_of(tmp_path, """
        @kl.op(category="activation")
        def th(x):
            return kl.tanh(x)
        """, "th")
    assert "Maxs" not in ops(th) and len(ops(th)) == 14
    t = interpret_spec(th, {"x": big})["y"]
    np.testing.assert_array_equal(t, np.tanh(big.astype(np.float64)).astype(np.float32))


def test_tanh_stays_where_a_use_is_not_one_plus_or_minus_it(tmp_path):
    spec = spec_of(tmp_path, """
        @kl.op(category="activation")
        def mixed(x):
            t = kl.tanh(x)
            return (1.0 + t) * t
        """, "mixed")
    assert "Select" in ops(spec)                                      # tanh's small-argument branch is kept


def test_refine_root_refuses_what_it_cannot_fit(tmp_path):
    with pytest.raises(LangError, match=r"op_under_test.py:\d+: kl.refine_root: f\(1.0\) .* do not bracket"):
        spec_of(tmp_path, """
            @kl.op(category="activation")
            def op_under_test(x):
                return kl.refine_root(x * x + 1.0, x, (1.0, 2.0))
            """)
    with pytest.raises(LangError, match="depends on more than x"):
        spec_of(tmp_path, """
            @kl.op(category="activation")
            def op_under_test(x, w):
                return kl.refine_root(x - w, x, (-1.0, 1.0))
            """)
    # on arrays (the golden) it is the expression itself
    import kernelgen.lang as kl
    assert kl.refine_root(np.array([2.0]), np.array([1.0]), (0, 1))[0] == 2.0


def test_gelu_grad_expression_modelled_time_within_1_15x_of_the_built_in():
    """The issue's quality bar as a number: the cost model is deterministic (docs/cost-model.md)."""
    from kernelgen.perf.model import estimate

    full = os.environ.get("KERNELGEN_LANG_FULL")
    dtypes = ("float16", "float32") if full else ("float16",)
    for n in ((1048576, 67108864) if full else (1048576,)):   # the shape, 64M, in the full run (~4 min)
        for dtype in dtypes:
            gen = estimate(str(EXAMPLE), "ascend910b", dtype, (n,))
            hand = estimate("gelu_grad", "ascend910b", dtype, (n,))
            assert gen.estimated_us / hand.estimated_us <= 1.15, (n, dtype, gen.estimated_us, hand.estimated_us)


def test_the_output_register_carries_its_in_place_chain_and_the_ub_order_is_searched():
    """GeluGrad's expression in two working registers plus z (as the hand-written one): the chain 1 + (s-1)*x*g,
    times s and dy, is computed in z after x's last read, so on float16 z shares x's float copy. Without the chain
    (the compiler's other forms) it takes a register more; the searched UB order has no bank conflicts on the
    float16 path where the default order has 290 cycles a tile."""
    import dataclasses

    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.lang.op import FORMS, _form_cost
    from kernelgen.authoring.lang.lower import Lowering
    from kernelgen.authoring.spec import DType

    spec = get_spec(EXAMPLE)
    v = spec.variants[0]
    assert v.scratch == ("r0", "r1") and [s.dst for s in v.program[-5:]] == ["z"] * 5
    assert spec.low_precision_layout(v).out_alias == (("z", "x"),)
    assert (spec.ub_bytes_per_elem(v, DType.FLOAT16), spec.ub_bytes_per_elem(v, DType.FLOAT32)) == (22, 29)
    module_spec = importlib.util.spec_from_file_location("rw_gelu_grad_expr_chain", EXAMPLE)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    lang = module.gelu_grad_expr
    nodes = trace(lang.fn, lang.params)
    low = Lowering([("z", n) for n in rewrite(nodes)], {"dy", "x", "y", "z"}, "here", chain=False)
    plain = dataclasses.replace(spec, variants=(low.compile().variant,))
    assert len(plain.variants[0].scratch) == 3 and _form_cost(plain) > _form_cost(spec) and FORMS[0] == (True, True)
    assert v.ub_search and ub_layout.conflict_cycles(spec, v, DType.FLOAT16) == 0
    default = dataclasses.replace(v, ub_search=False)
    assert ub_layout.conflict_cycles(spec, default, DType.FLOAT16) > 200


def test_a_factored_polynomial_is_not_expanded_into_a_dearer_horner_form(tmp_path):
    spec = spec_of(tmp_path, """
        @kl.op(category="activation")
        def sq(x):
            e = kl.exp(x)
            return (e + 1.0) * (e + 1.0)
        """, "sq")
    assert ops(spec) == ["Exp", "Adds", "Mul"]
    cubic = spec_of(tmp_path, """
        @kl.op(category="activation")
        def cubic(x):
            return 2.0 * (x + 0.5 * x ** 3)
        """, "cubic")
    assert ops(cubic) == ["Mul", "Adds", "Mul"]                    # x * (x^2 + 2): the 2 folded into Horner


def test_a_program_with_many_tbufs_keeps_the_default_ub_order_without_a_search(tmp_path, monkeypatch):
    """2^TBufs orders are searched only up to SEARCHED_TBUFS: a two-output spec with 10 TBufs (1024 orders, seven
    minutes measured) keeps the default order, and the bank model is never asked."""
    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.spec import DType

    spec = spec_of(tmp_path, """
        @kl.op(category="activation", outputs=("lo", "hi"), domain={"x": (0.01, 20.0)})
        def two_out(x, w, scale: float = 2.0, shift: int = 3):
            a = kl.log(x) * scale + w
            b = kl.clip(w, -1.0, 1.0) / (x + shift) - kl.rsqrt(x) + kl.tanh(w) + kl.where(w < x, 1.0, scale)
            return a, b
        """, "two_out")
    v = spec.variants[0]
    kinds = {b.name: b.kind for d in (DType.FLOAT32, DType.FLOAT16) for b in spec.buffer_plan(v, d)}
    assert sum(k not in ("queue", "mask") for k in kinds.values()) > ub_layout.SEARCHED_TBUFS
    monkeypatch.setattr(ub_layout, "conflict_cycles", lambda *a, **k: pytest.fail("searched"))
    import dataclasses

    plain = dataclasses.replace(v, ub_search=False, ub_order=())
    assert ub_layout.best_alloc_order(spec, plain) == tuple(ub_layout.alloc_order(spec, plain))
