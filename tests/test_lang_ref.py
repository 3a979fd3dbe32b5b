"""kernelgen.lang ref outputs (an output named like a full-shape input: CANN's in-place `var`) and axis attributes
(kl.Axis / kl.Axes: only the last axis is compiled), on the built-ins that use them: apply_gradient_descent,
apply_adagrad_d, softmax_v2, log_softmax_v2. Rendering and the NumPy interpreter here; one emulator run each for
the in-place write and the tiling's refusal of another axis (the libraries the kl rotation builds anyway)."""
from __future__ import annotations

import textwrap

import numpy as np
import pytest

import kernelgen
from kernelgen.authoring.interfaces import check_spec
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret_spec
from kernelgen.authoring.render import opbuild_generates_aclnn, render_tree, resolve_socs
from kernelgen.authoring.spec import DType
from kernelgen.checking.cases import make_inputs
from kernelgen.checking.verify import judge_all
from kernelgen.errors import KernelgenError

from conftest import requires_cxx

NEW = ("apply_gradient_descent", "apply_adagrad_d", "softmax_v2", "log_softmax_v2")


def rendered(name: str) -> dict[str, str]:
    spec = get_spec(name)
    return render_tree(spec, resolve_socs(spec, list(spec.default_socs)))


@pytest.mark.parametrize("name", NEW)
def test_each_keeps_the_hand_written_opdef_interface(name):
    spec = get_spec(name)
    assert check_spec(spec) == []
    assert set(spec.default_socs) == {"ascend910b", "ascend310b"}


def test_ref_outputs_are_declared_like_the_inputs_and_named_apart_in_the_kernel():
    spec = get_spec("apply_adagrad_d")
    assert [(t.name, t.opdef_name) for t in spec.outputs] == [("var_ref", "var"), ("accum_ref", "accum")]
    files = rendered("apply_adagrad_d")
    opdef = files["op_host/apply_adagrad_d_def.cpp"]
    assert opdef.count('this->Input("var")') == 1 and opdef.count('this->Output("var")') == 1
    assert 'this->Output("accum")' in opdef and "var_ref" not in opdef
    assert '.Bool(true)' in opdef and '.Bool(false)' in opdef
    assert ("GM_ADDR var, GM_ADDR accum, GM_ADDR lr, GM_ADDR grad, GM_ADDR var_ref, GM_ADDR accum_ref"
            in files["op_kernel/apply_adagrad_d.cpp"])
    # opbuild's API: the updated inputs as `aclTensor* <name>Ref`, no output parameters
    assert opbuild_generates_aclnn(spec)
    assert [(p.name, p.role) for p in spec.aclnn.params] == [
        ("varRef", "ref"), ("accumRef", "ref"), ("lr", "input"), ("grad", "input"), ("update_slots", "attr"),
        ("use_locking", "attr")]
    doc = files["docs/aclnnApplyAdagradD.md"]
    assert "aclTensor* varRef, aclTensor* accumRef, const aclTensor* lr" in doc
    assert "input and output (updated in place)" in doc
    # ApplyGradientDescent's docs name it `aclTensor* var`
    agd = get_spec("apply_gradient_descent")
    assert [(p.name, p.role) for p in agd.aclnn.params][0] == ("var", "ref")
    example = rendered("apply_gradient_descent")["examples/test_aclnn_apply_gradient_descent.cpp"]
    assert "aclnnApplyGradientDescentGetWorkspaceSize(var, alpha, delta, &workspaceSize" in example
    assert "varDeviceAddr,\n" in example   # the printed result is read back from var


def test_interpreter_matches_the_goldens_keyed_by_the_opdef_names():
    for name, shape in (("apply_adagrad_d", (5, 37)), ("apply_gradient_descent", (4097,)),
                        ("softmax_v2", (3, 7, 99)), ("log_softmax_v2", (16, 1000))):
        spec = get_spec(name)
        for dtype in (DType.FLOAT32, DType.FLOAT16):
            inputs = make_inputs(spec, shape, dtype, 1)
            out = interpret_spec(spec, inputs, {}, dtype)
            assert sorted(out) == sorted(t.opdef_name for t in spec.outputs)
            metrics, _ = judge_all(spec, inputs, out, dtype.short, {})
            assert metrics.passed, (name, dtype, metrics.failed_clauses())


def test_update_slots_false_leaves_accum_unchanged():
    spec = get_spec("apply_adagrad_d")
    inputs = make_inputs(spec, (4, 37), DType.FLOAT32, 2)
    out = interpret_spec(spec, inputs, {"update_slots": False})
    np.testing.assert_array_equal(out["accum"], inputs["accum"])
    on = interpret_spec(spec, inputs, {"update_slots": True})
    assert not np.array_equal(on["accum"], inputs["accum"])


def test_axis_attributes_render_the_tiling_check_and_list_defaults():
    sm = rendered("softmax_v2")
    assert 'this->Attr("dim").AttrType(OPTIONAL).Int(-1);' in sm["op_host/softmax_v2_def.cpp"]
    assert "dim is %ld; supported: -1 or %ld" in sm["op_host/softmax_v2_tiling.cpp"]
    lsm = rendered("log_softmax_v2")
    assert 'ListInt(std::vector<int64_t>{-1})' in lsm["op_host/log_softmax_v2_def.cpp"]
    assert "GetListInt(0)" in lsm["op_host/log_softmax_v2_tiling.cpp"]
    assert "aclCreateIntArray(axesValues.data()" in lsm["examples/test_aclnn_log_softmax_v2.cpp"]
    assert get_spec("softmax_v2").family_id == "last_axis_reduction"


@pytest.mark.parametrize("body, message", [
    ("""
     @kl.op(outputs=("alpha",))
     def f(x, alpha: kl.Scalar):
         return x * alpha
     """, "output 'alpha' is named like the scalar parameter alpha; supported: a new name, or a full-shape"),
    ("""
     @kl.op(outputs=("x", "x"))
     def f(x):
         return x, x * 2.0
     """, "output name 'x' is given twice"),
    ("""
     @kl.op(outputs=("x",))
     def f(x, x_ref):
         return x + x_ref
     """, "whose kernel name 'x_ref' is taken"),
    ("""
     @kl.op()
     def f(x, dim: kl.Axis = 1.5):
         return x
     """, "axis attribute dim has default 1.5; supported: dim: kl.Axis = <an int, e.g. -1>"),
    ("""
     @kl.op()
     def f(x, axes: kl.Axes = ()):
         return x
     """, "axis attribute axes has default (); supported: axes: kl.Axes"),
])
def test_ref_and_axis_errors_are_one_line(tmp_path, body, message):
    path = tmp_path / "bad.py"
    path.write_text("import kernelgen.lang as kl\n\n" + textwrap.dedent(body))
    with pytest.raises(KernelgenError) as info:
        get_spec(path)
    text = str(info.value)
    assert message in text and "\n" not in text and "bad.py:" in text


def _rotation_pair(name: str):
    """The operator's pair in test_kl_builtins' reduced matrix: its library is already built there."""
    from test_kl_builtins import rotation_pair
    return rotation_pair(name)


@requires_cxx
def test_the_kernel_writes_the_ref_output_into_the_inputs_gm_and_refuses_another_axis():
    soc, dtype = _rotation_pair("apply_gradient_descent")
    var = np.linspace(-2, 2, 4 * 37).reshape(4, 37).astype(dtype.numpy)
    out = kernelgen.run("apply_gradient_descent", soc, {"var": var, "alpha": np.array([2.0]).astype(dtype.numpy),
                                                          "delta": np.full_like(var, 0.5)})
    assert list(out) == ["var"]   # keyed by the OpDef's name; alpha * delta = 1 exactly
    np.testing.assert_array_equal(out["var"], (var.astype(np.float32) - 1.0).astype(dtype.numpy))
    soc, dtype = _rotation_pair("softmax_v2")
    x = np.random.default_rng(0).uniform(-3, 3, (5, 37)).astype(dtype.numpy)
    y = kernelgen.run("softmax_v2", soc, {"x": x}, attrs={"dim": 1})["y"].astype(np.float64)
    np.testing.assert_allclose(y.sum(axis=-1), 1.0, atol=5e-3)
    with pytest.raises(KernelgenError) as info:
        kernelgen.run("softmax_v2", soc, {"x": x}, attrs={"dim": 0})
    assert "dim is 0; supported: -1 or 1 (the last axis of a rank-2 x" in str(info.value)
