"""kernelgen.lang without a compiler: tracing, instruction selection, register allocation, the NumPy interpreter
of the compiled program against the golden at ragged shapes in every dtype, errors, `kernelgen new`, generate."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.authoring.ops import get_spec, resolve_op
from kernelgen.authoring.program import interpret_spec
from kernelgen.authoring.spec import DType, Step
from kernelgen.checking.cases import make_inputs
from kernelgen.checking.verify import judge_all
from kernelgen.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "lang_examples"
ELEMENTWISE = ("leaky_relu", "silu", "apply_gradient_descent")
RAGGED = ((1,), (33,), (4097,), (5, 37), (3, 5, 7, 11))


def spec_of(tmp_path, body: str, name: str = "op_under_test"):
    path = tmp_path / f"{name}.py"
    path.write_text("import math\n\nimport kernelgen.lang as kl\n\n\n" + textwrap.dedent(body))
    return get_spec(path)


def program(spec):
    return spec.variant(spec.default_variant).program


def ops(spec):
    return [s.op for s in program(spec)]


# ---- tracing and instruction selection -----------------------------------------------------------
def test_leaky_relu_lowers_to_compare_select_with_the_slope_read_at_run_time():
    spec = get_spec(EXAMPLES / "leaky_relu.py")
    assert spec.op_type == "LeakyRelu" and spec.snake == "leaky_relu" and spec.category == "activation"
    assert [(a.name, a.kind, a.default) for a in spec.attrs] == [("negative_slope", "float", 0.01)]
    assert ops(spec) == ["Adds", "CompareScalar", "Muls", "Select"]
    steps = program(spec)
    assert steps[0] == Step("Adds", "r0", ("x",), 0.0)            # the compare reads a register, not the queue
    assert steps[1].cmp == "GT" and steps[1].scalar == 0.0
    assert steps[2].scalar is None and spec.scalar(steps[2].scalar_ref).expr == ("attr", "negative_slope")
    assert steps[3] == Step("Select", "y", ("k0", "x", "r0"))
    assert [o.name for o in spec.outputs] == ["y"] and spec.variants[0].masks == ("k0",)


@pytest.mark.parametrize("expr, want", [
    ("x + 1.5", ["Adds"]),
    ("x - 2", ["Adds"]),
    ("2 - x", ["Muls", "Adds"]),
    ("x / 4", ["Muls"]),
    ("1 / x", ["Div"]),
    ("-x", ["Muls"]),
    ("x * x", ["Mul"]),
    ("x ** 3", ["Mul", "Mul"]),
    ("kl.maximum(x, 0.5)", ["Maxs"]),
    ("kl.clip(x, -1, 1)", ["Maxs", "Mins"]),
    ("kl.relu(x) + kl.abs(x)", ["Relu", "Abs", "Add"]),
    ("kl.rsqrt(x)", ["Div", "Sqrt", "Muls"]),
    ("kl.log(x) + kl.exp(x) - kl.sqrt(x)", ["Ln", "Exp", "Add", "Sqrt", "Sub"]),
    ("x * 1 + 0", ["Muls"]),                     # an output that is an input: one copy into the output
    ("kl.where(x < 1.0, x, 2.0)", ["Adds", "CompareScalar", "Select"]),
])
def test_instruction_selection(tmp_path, expr, want):
    spec = spec_of(tmp_path, f"""
        @kl.op(category="activation")
        def op_under_test(x):
            return {expr}
        """)
    assert ops(spec) == want
    assert not {"Reciprocal", "Rsqrt"} & set(ops(spec))


def test_rsqrt_rounds_the_reciprocal_before_the_root_and_stays_normal(tmp_path):
    """kl.rsqrt(v) = 0.5 * sqrt(4 / v): within an ulp over the whole normal range, and 4 / v is itself a normal float
    for every finite v (the NPU's Div does not return denormals); 1 / v would be denormal above 2^126."""
    spec = spec_of(tmp_path, """
        @kl.op(category="activation")
        def op_under_test(x):
            return kl.rsqrt(x)
        """)
    div = program(spec)[0]
    consts = dict(spec.variant(spec.default_variant).constants)
    f32 = np.finfo(np.float32)
    v = np.array([f32.tiny * 2, 1e-6, 0.7, 1.0, 3.0, 2.0 ** 126, 2.0 ** 127, 3e38, f32.max], dtype=np.float32)
    y = interpret_spec(spec, {"x": v})["y"].astype(np.float64)
    exact = 1.0 / np.sqrt(v.astype(np.float64))
    assert np.all(np.abs(y - exact) <= np.spacing(exact.astype(np.float32)).astype(np.float64)), (y, exact)
    assert div.op == "Div" and consts[div.srcs[0]] == 4.0
    assert np.float32(4.0) / f32.max >= f32.tiny and not np.float32(1.0) / f32.max >= f32.tiny


def test_axpy_fusion_sharing_and_attribute_scalars(tmp_path):
    spec = spec_of(tmp_path, """
        @kl.op(category="activation")
        def op_under_test(x, w, alpha: float = 0.5, n: int = 3):
            e = kl.exp(x)
            return e * w + x * alpha, (e + n) / alpha
        """)
    steps = program(spec)
    assert [s.op for s in steps] == ["Exp", "Mul", "Axpy", "Adds", "Muls"]
    assert steps[0].dst not in ("y0", "y1") and steps[2].dst == "y0"      # e computed once, kept for y1
    exprs = {sc.name: sc.expr for sc in spec.scalars}
    assert exprs[steps[2].scalar_ref] == ("attr", "alpha")
    assert exprs[steps[4].scalar_ref] == ("div", ("const", 1.0), ("attr", "alpha"))   # / alpha: * (1 / alpha)
    assert exprs[steps[3].scalar_ref] == ("attr", "n")


def test_unused_input_stays_an_input_and_tuple_outputs_are_named(tmp_path):
    spec = get_spec(EXAMPLES / "gelu_grad_expr.py")
    assert [(t.name, t.used_by_kernel) for t in spec.inputs] == [("dy", True), ("x", True), ("y", False)]
    assert [t.name for t in spec.outputs] == ["z"]
    spec2 = spec_of(tmp_path, """
        @kl.op(category="activation")
        def op_under_test(x):
            return x + 1, x * 2
        """)
    assert [t.name for t in spec2.outputs] == ["y0", "y1"]


def test_scalar_input_is_read_once_not_streamed():
    spec = get_spec(EXAMPLES / "apply_gradient_descent.py")
    assert [(t.name, t.kind) for t in spec.inputs] == [("var", "full"), ("alpha", "scalar"), ("delta", "full")]
    assert [t.name for t in spec.kernel_inputs] == ["var", "delta"]
    assert [b.name for b in spec.buffer_plan(spec.variants[0], DType.FLOAT32) if b.kind == "queue"] == \
        ["queue_var", "queue_delta", "queue_var_out"]
    assert program(spec)[0].op == "Axpy" or [s.op for s in program(spec)] == ["Muls", "Sub"]


# ---- the compiled program against the golden (NumPy interpreter: the emulator's float32 semantics) -----
@pytest.mark.parametrize("name", ELEMENTWISE)
@pytest.mark.parametrize("dtype", list(DType), ids=lambda d: d.short)
def test_examples_match_numpy_at_ragged_shapes(name, dtype):
    spec = get_spec(EXAMPLES / f"{name}.py")
    for i, shape in enumerate(RAGGED):
        inputs = make_inputs(spec, shape, dtype, seed=i)
        outs = interpret_spec(spec, inputs, {}, dtype)
        metrics, _ = judge_all(spec, inputs, outs, dtype.short)
        assert metrics.passed, (name, dtype.short, shape, metrics.failed_clauses())


ROW_SHAPES = ((5, 37), (16, 1000), (3, 7, 4099), (100, 1), (4097,))


@pytest.mark.parametrize("name", ["softmax", "rms_norm"])
@pytest.mark.parametrize("dtype", list(DType), ids=lambda d: d.short)
def test_row_programs_match_numpy_at_ragged_shapes(name, dtype):
    spec = get_spec(EXAMPLES / f"{name}.py")
    assert spec.row_program
    for i, shape in enumerate(ROW_SHAPES):
        inputs = make_inputs(spec, shape, dtype, seed=i)
        outs = interpret_spec(spec, inputs, {}, dtype)
        metrics, _ = judge_all(spec, inputs, outs, dtype.short)
        assert metrics.passed, (name, dtype.short, shape, metrics.failed_clauses())


def test_row_program_lowering():
    softmax = get_spec(EXAMPLES / "softmax.py")
    assert ops(softmax) == ["ReduceMax", "Sub", "Exp", "ReduceSum", "Div"]
    rms = get_spec(EXAMPLES / "rms_norm.py")
    assert [(t.name, t.kind) for t in rms.inputs] == [("x", "full"), ("gamma", "last_axis")]
    assert ops(rms) == ["Mul", "ReduceSum", "Muls", "Adds", "Div", "Sqrt", "Muls", "Mul", "Mul"]
    mean = program(rms)[2]
    assert rms.scalar(mean.scalar_ref).expr == ("div", ("const", 1.0), ("rowlen",))   # / the row length, at run time
    from kernelgen.authoring.tiling import spec_tiling_fields
    assert [f[0] for f in spec_tiling_fields(rms)[12:]] == ["rowLen", "rowAlloc", "attr_epsilon", "attrPad"]
    mse = get_spec(EXAMPLES / "mse_loss_mean.py")   # a whole-tensor reduction: tests/test_lang_whole.py
    assert ops(mse) == ["Sub", "Mul"] and mse.whole_reduce.partials == (("r0", "sum"),)   # in place


def test_attribute_values_change_the_result_not_the_program(tmp_path):
    spec = get_spec(EXAMPLES / "leaky_relu.py")
    x = np.array([-2.0, -0.5, 0.0, 3.0], dtype=np.float32)
    out = interpret_spec(spec, {"x": x}, {"negative_slope": 0.25})["y"]
    assert out.tolist() == [-0.5, -0.125, 0.0, 3.0]
    assert get_spec(EXAMPLES / "leaky_relu.py").variants == spec.variants


def test_a_mask_of_attributes_only_selects_at_run_time(tmp_path):
    """kl.where(a > 0, x, -x): a comparison between attributes and numbers (the issue's "between the same") was
    refused; its left side is now a constant register filled in Init, compared by CompareScalar."""
    spec = spec_of(tmp_path, """
        @kl.op(category="activation")
        def op_under_test(x, a: float = 0.5, b: int = 2):
            return kl.where(a > 0, x, -x) + kl.where(b <= a, 1.0, x)
        """)
    assert ops(spec).count("CompareScalar") == 2 and "Select" in ops(spec)
    x = np.array([-2.0, -0.5, 0.0, 3.0], dtype=np.float32)
    for a, b in ((0.5, 2), (-0.5, 2), (3.0, 2), (-1.0, -1)):
        want = np.where(a > 0, x, -x) + np.where(b <= a, 1.0, x)
        assert interpret_spec(spec, {"x": x}, {"a": a, "b": b})["y"].tolist() == want.tolist(), (a, b)
    out = interpret_spec(spec, {"x": x}, {"a": -0.5})
    assert judge_all(spec, {"x": x}, out, "float32", {"a": -0.5})[0].passed
    assert not judge_all(spec, {"x": x}, out, "float32", {"a": 0.5})[0].passed   # the golden reads the value too


def test_a_wrong_lowering_fails_the_judge():
    spec = get_spec(EXAMPLES / "leaky_relu.py")
    v = spec.variants[0]
    swapped = replace(spec, variants=(replace(v, program=v.program[:3] + (Step("Select", "y", ("k0", "r0", "x")),)),))
    inputs = make_inputs(spec, (4097,), DType.FLOAT32, seed=0)
    good, _ = judge_all(spec, inputs, interpret_spec(spec, inputs), "float32")
    bad, _ = judge_all(spec, inputs, interpret_spec(swapped, inputs), "float32")
    assert good.passed and not bad.passed


def test_domain_bounds_inputs_and_their_hazards(tmp_path):
    spec = spec_of(tmp_path, """
        @kl.op(category="activation", domain={"x": (0.5, 4.0)})
        def op_under_test(x):
            return kl.log(x)
        """)
    x = make_inputs(spec, (20000,), DType.FLOAT32, seed=3)["x"]
    assert x.min() >= 0.5 and x.max() <= 4.0 and 0.5 in x and 4.0 in x


def test_tanh_and_sigmoid_stay_finite_and_precise():
    from kernelgen.authoring.lang.op import build_spec
    import kernelgen.lang as kl

    def act(x):
        return kl.tanh(x) + 2.0 * kl.sigmoid(x)

    spec, params = build_spec(act, category="activation", dtypes=("float32",), outputs=None, op_type=None, domain=None,
                         socs=None, spec_file="t.py", golden_key="act")
    from kernelgen.checking.golden import GOLDENS
    from kernelgen.authoring.lang.op import LangOp
    GOLDENS["act"] = LangOp(act, spec, params, None).golden
    x = np.concatenate([np.linspace(-100, 100, 20001), [-1e-6, 1e-6, 0.0625, -0.0625, 3e38, -3e38]]).astype(np.float32)
    outs = interpret_spec(spec, {"x": x})
    assert np.all(np.isfinite(outs["y"]))
    metrics, _ = judge_all(spec, {"x": x}, outs, "float32")
    assert metrics.passed, metrics.failed_clauses()


# ---- errors: one line with file:line and what is supported, exit 2, nothing written ---------------
BAD = {
    "if_on_tensor": ("if x > 0:\n        return x\n    return -x", 8, "Python `if`"),
    "numpy_call": ("y = x * 2\n    return np.exp(y)", 9, "NumPy's exp"),
    "other_axis": ("return x - kl.sum(x, axis=0, keepdims=True)", 8, "axis=0"),
    "unknown_fn": ("return kl.erf(x)", 8, "kl.erf is not a kernelgen.lang function"),
    "pow_half": ("return x ** 0.5", 8, "x ** 0.5"),
    "mismatched_outputs": ("return x, x + 1", 6, "names 1 output"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_unsupported_specs_are_one_line_usage_errors(tmp_path, name):
    body, line, text = BAD[name]
    outputs = ', outputs=("z",)' if name == "mismatched_outputs" else ""
    path = tmp_path / f"{name}.py"
    path.write_text("import numpy as np\n\nimport kernelgen.lang as kl\n\n\n"
                    f"@kl.op(category=\"activation\"{outputs})\ndef {name}(x):\n    {body}\n")
    r = CliRunner().invoke(main, ["generate", str(path), "-o", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.output.splitlines() if ln.startswith("kernelgen: error:")]
    assert len(lines) == 1 and f"{path}:{line}:" in lines[0] and text in lines[0] and "supported:" in lines[0]
    assert "Traceback" not in r.output and not (tmp_path / "out").exists()


def test_attribute_without_default_and_two_ops_in_one_file(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("import kernelgen.lang as kl\n\n@kl.op()\ndef a(x, alpha: float):\n    return x * alpha\n")
    with pytest.raises(Exception, match=r"a.py:3: attribute alpha: float has no default"):
        resolve_op(path)
    path.write_text("import kernelgen.lang as kl\n\n@kl.op()\ndef a(x):\n    return x\n\n@kl.op()\ndef b(x):\n"
                    "    return x\n")
    with pytest.raises(Exception, match="one @kl.op function"):
        resolve_op(path)


# ---- kernelgen new and generate -------------------------------------------------------------------
def test_new_writes_a_lang_scaffold_and_generate_renders_attributes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["new", "my_add3", "--input", "a", "--input", "b", "--input", "c",
                                  "--output", "out", "--attr", "alpha:float=0.5"])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "my_add3.py").read_text()
    assert "import kernelgen.lang as kl" in text and "def my_add3(a, b, c, alpha: float = 0.5):" in text
    assert "return a + b + c" in text
    r = CliRunner().invoke(main, ["new", "s", "--input", "x", "--output", "y", "--attr", "mode:str=a"])
    assert r.exit_code == 2 and "bool, float or int" in r.output


def test_generate_passes_attributes_at_run_time(tmp_path):
    r = CliRunner().invoke(main, ["generate", str(EXAMPLES / "leaky_relu.py"), "-o", str(tmp_path / "g")])
    assert r.exit_code == 0, r.output
    g = tmp_path / "g"
    assert 'this->Attr("negative_slope").AttrType(OPTIONAL).Float(0.01);' in (g / "op_host/leaky_relu_def.cpp").read_text()
    tiling = (g / "op_host/leaky_relu_tiling.cpp").read_text()
    assert "GetAttrPointer<float>(0)" in tiling and "tiling->attr_negative_slope =" in tiling
    assert "float attr_negative_slope;" in (g / "op_kernel/leaky_relu_tiling_data.h").read_text()
    kernel = (g / "op_kernel/leaky_relu.h").read_text()
    assert "s0Value_ = static_cast<float>(tiling->attr_negative_slope);" in kernel
    assert "Muls(r0, x, s0Value_, len);" in kernel and "0.01" not in kernel
    assert "CompareScalar(k0, r0, 0.0f, CMPMODE::GT, WholeRepeats(len));" in kernel
    example = (g / "examples/test_aclnn_leaky_relu.cpp").read_text()
    assert "aclnnLeakyReluGetWorkspaceSize(x, negative_slope, y, &workspaceSize, &executor)" in example


def test_generate_scalar_input_and_two_outputs(tmp_path):
    r = CliRunner().invoke(main, ["generate", str(EXAMPLES / "apply_gradient_descent.py"), "-o", str(tmp_path / "g")])
    assert r.exit_code == 0, r.output
    kernel = (tmp_path / "g/op_kernel/apply_gradient_descent.h").read_text()
    assert "alphaScalar_ = ScalarToFloat(gm_alpha_.GetValue(0));" in kernel
    assert "queue_alpha_" not in kernel
    tiling = (tmp_path / "g/op_host/apply_gradient_descent_tiling.cpp").read_text()
    assert "alpha must be a one-element tensor" in tiling
    example = (tmp_path / "g/examples/test_aclnn_apply_gradient_descent.cpp").read_text()
    assert "CreateAclTensor(alphaHostData, std::vector<int64_t>{1}," in example
    spec_path = tmp_path / "two.py"
    spec_path.write_text("import kernelgen.lang as kl\n\n@kl.op(outputs=('a', 'b'))\ndef two(x):\n"
                         "    return x + 1, x * 2\n")
    r = CliRunner().invoke(main, ["generate", str(spec_path), "-o", str(tmp_path / "t")])
    assert r.exit_code == 0, r.output
    infer = (tmp_path / "t/op_host/two_infershape.cpp").read_text()
    assert "*aShape = *inShape;" in infer and "*bShape = *inShape;" in infer
    assert "SetOutputDataType(1, context->GetInputDataType(0));" in infer


# ---- built-ins written with kernelgen.lang -----------------------------------------------------------
def test_register_a_lang_builtin_by_module_in_ops_kl(tmp_path, monkeypatch):
    import kernelgen.authoring.ops as ops
    from kernelgen.authoring.ops import kl as kl_pkg
    from kernelgen.checking.golden import GOLDENS, get_golden

    (tmp_path / "my_softplus_like.py").write_text(
        "import kernelgen.lang as kl\n\n\n@kl.op(category=\"activation\")\n"
        "def my_softplus_like(x, beta: float = 2.0):\n    return kl.log(1.0 + kl.exp(kl.minimum(x, 20.0))) * beta\n")
    monkeypatch.setattr(kl_pkg, "__path__", [str(tmp_path)])
    monkeypatch.setattr(ops, "_SPECS", dict(ops._SPECS))
    monkeypatch.setattr(kl_pkg, "__name__", "kernelgen.authoring.ops.kl")
    import sys
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "kernelgen.authoring.ops.kl", kl_pkg)
    ops._register_lang_builtins()
    spec = get_spec("my_softplus_like")
    assert spec.op_type == "MySoftplusLike" and spec.golden == "my_softplus_like" and "my_softplus_like" in GOLDENS
    x = np.array([-1.0, 0.0, 30.0])
    got = get_golden("my_softplus_like")({"x": x}, {})["y"]
    np.testing.assert_allclose(got, np.log1p(np.exp(np.minimum(x, 20.0))) * 2.0)
    sys.modules.pop("kernelgen.authoring.ops.kl.my_softplus_like", None)


def test_mismatched_full_shapes_and_a_long_scalar_are_usage_errors_before_compiling(tmp_path):
    import kernelgen
    from kernelgen.errors import UsageError

    path = str(EXAMPLES / "apply_gradient_descent.py")
    a, b = np.ones((5, 37), np.float32), np.ones((5, 36), np.float32)
    with pytest.raises(UsageError, match=r"one shape \(var \[5, 37\], delta \[5, 36\]\)"):
        kernelgen.run(path, "ascend910b", {"var": a, "alpha": np.ones(1, np.float32), "delta": b})
    with pytest.raises(UsageError, match="alpha is a Scalar input: give a one-element array"):
        kernelgen.run(path, "ascend910b", {"var": a, "alpha": np.ones(2, np.float32), "delta": a})
    for name, arr in (("var", a), ("alpha", np.ones(1, np.float32)), ("delta", b)):
        np.save(tmp_path / f"{name}.npy", arr)
    r = CliRunner().invoke(main, ["sim", path, "--soc", "ascend910b", "--out", str(tmp_path / "o")]
                           + [f"--input={n}={tmp_path / n}.npy" for n in ("var", "alpha", "delta")])
    assert r.exit_code == 2 and "must have one shape" in r.output and not (tmp_path / "o").exists()
