"""The kernelgen.lang re-authored activations and their gradients (kernelgen/authoring/ops/kl/, session 27): the
edges their OpDef docs define (threshold equality, x == 0, the attribute's sign), the camelCase attribute of
LeakyreluV2 through every generated file, aclnn= for documented API names, defaults for attributes the OpDef
declares without a value. Nothing here compiles: the emulator runs are tests/test_kl_builtins.py's.
"""
from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest

import kernelgen.lang as kl
from kernelgen.authoring import interfaces
from kernelgen.authoring.lang.expr import LangError
from kernelgen.authoring.ops import _goldens, get_spec
from kernelgen.checking.golden import get_golden
from kernelgen.checking.versus import resolve_attrs
from kernelgen.validate import type_attrs

NEW = ("elu", "leakyrelu_v2", "hard_shrink", "celu", "relu6", "hard_sigmoid_v2", "shrink", "threshold_v2",
       "relu_grad", "elu_grad", "hard_shrink_grad", "selu_grad", "silu_grad", "softshrink_grad", "softsign_grad",
       "swish_grad", "mish_grad")
S, A = _goldens.SELU_SCALE, _goldens.SELU_ALPHA


def _run(name, inputs, attrs=None):
    """(the spec's own expression on float64 arrays, the docs reference of _goldens.py)."""
    spec = get_spec(name)
    ins = {t.name: np.asarray(inputs.get(t.name, inputs[next(iter(inputs))]), dtype=np.float64)
           for t in spec.inputs}
    attrs = {a.name: a.default for a in spec.attrs} | (attrs or {})
    lang = getattr(importlib.import_module(f"kernelgen.authoring.ops.kl.{name}"), name)
    (mine,) = lang._evaluate(ins, attrs, np.float64).values()
    (ref,) = _goldens.golden(name, ins, attrs).values()
    return mine, ref


# The edges: (operator, inputs, attributes, expected output), from each OpDef's docs formula.
EDGES = [
    ("hard_shrink", {"self": [-0.5, 0.5, 0.50001, -0.6, 0.0]}, {}, [0.0, 0.0, 0.50001, -0.6, 0.0]),
    ("threshold_v2", {"self": [1.5, 1.5001, -3.0]}, {}, [0.0, 1.5001, 0.0]),           # x == threshold -> value
    ("threshold_v2", {"self": [2.0, 2.5]}, {"threshold": 2.0, "value": -7.0}, [-7.0, 2.5]),
    ("leakyrelu_v2", {"x": [-2.0, 0.0, 3.0]}, {"negativeSlope": 0.01}, [-0.02, 0.0, 3.0]),
    ("leakyrelu_v2", {"x": [-2.0, 3.0]}, {}, [-2.0, 3.0]),                             # absent: 1.0, its fallback
    ("shrink", {"self": [1.0, 1.5, -1.5, -1.0]}, {"lambd": 1.0, "bias": 0.25}, [0.0, 1.25, -1.25, 0.0]),
    ("relu6", {"x": [-1.0, 0.0, 6.0, 7.5, 3.0]}, {}, [0.0, 0.0, 6.0, 6.0, 3.0]),
    ("hard_sigmoid_v2", {"x": [-3.0, -4.0, 3.0, 0.0]}, {}, [0.0, 0.0, 1.0, 0.5]),
    ("celu", {"x": [0.0, 2.0, -1.0]}, {"alpha3": 2.0}, [6.0, 6.0, np.expm1(-1.0)]),   # the README's alpha3 * 3
    ("elu", {"x": [0.0, 2.0, -1.0]}, {"scale": 2.0, "alpha": 0.5, "input_scale": 3.0},
     [0.0, 4.0, 2.0 * 0.5 * np.expm1(-3.0)]),
    ("relu_grad", {"gradients": [5.0, 5.0, 5.0], "features": [0.0, 1e-30, -1.0]}, {}, [0.0, 5.0, 0.0]),
    ("elu_grad", {"grads": [2.0, 2.0], "activations": [-0.25, 3.0]}, {}, [1.5, 2.0]),
    ("hard_shrink_grad", {"grad_output": [4.0, 4.0], "self": [-0.5, -0.51]}, {}, [0.0, 4.0]),
    ("softshrink_grad", {"input_grad": [4.0, 4.0], "input_x": [0.5, 0.51]}, {}, [0.0, 4.0]),
    ("selu_grad", {"gradients": [2.0, 2.0], "outputs": [0.0, -1.0]}, {}, [2.0 * S, 2.0 * (S * A - 1.0)]),
    ("softsign_grad", {"gradients": [3.0, 3.0], "features": [0.0, -2.0]}, {}, [3.0, 1.0 / 3.0]),
    ("silu_grad", {"dy": [1.0], "x": [0.0]}, {}, [0.5]),
    ("swish_grad", {"grad": [1.0], "x": [0.0], "y": [9.0]}, {"sconf": 2.0}, [0.5]),
    ("mish_grad", {"grad": [1.0], "x": [0.0], "tanhx": [9.0]}, {}, [np.tanh(np.log(2.0))]),
]


@pytest.mark.parametrize("name, inputs, attrs, expected", EDGES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EDGES)])
def test_expression_and_reference_agree_on_the_documented_edges(name, inputs, attrs, expected):
    mine, ref = _run(name, inputs, attrs)
    np.testing.assert_allclose(ref, expected, rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(mine, expected, rtol=1e-7, atol=1e-300)   # the expm1 polynomial: < 1e-7


def test_a_changed_comparison_departs_from_the_reference():
    """>= where HardShrink's docs say > : the equality edge |x| == lambd tells them apart."""
    @kl.op(category="activation", outputs=("out",))
    def hard_shrink(self, lambd: float = 0.5):
        return kl.where(kl.abs(self) >= lambd, self, 0.0)

    x = np.array([-0.5, 0.5, 0.7])
    (wrong,) = hard_shrink.golden({"self": x}, {}).values()
    (ref,) = _goldens.golden("hard_shrink", {"self": x}, {"lambd": 0.5}).values()
    assert list(wrong) == [-0.5, 0.5, 0.7] and list(ref) == [0.0, 0.0, 0.7]


def test_every_new_builtin_keeps_its_opdef_interface():
    known = {"elu": ["aclnn aclnnElu vs aclnnEluDef"], "relu_grad": ["aclnn aclnnReluGrad vs aclnnThresholdBackward"]}
    for name in NEW:
        assert interfaces.check_spec(get_spec(name)) == known.get(name, []), name


def test_a_snake_case_rename_of_negative_slope_departs_from_the_opdef():
    @kl.op(category="activation", dtypes=("float32", "float16"))
    def leakyrelu_v2(x, negative_slope: float = 1.0):
        return kl.where(x >= 0, x, x * negative_slope)

    assert interfaces.check_spec(leakyrelu_v2.spec) == [
        "attributes (negative_slope) vs the OpDef's (negativeSlope)"]


def test_camel_case_negative_slope_reaches_opdef_tiling_aclnn_and_attr():
    from kernelgen.authoring.render import render_tree
    from kernelgen.socs import get_soc

    spec = get_spec("leakyrelu_v2")
    assert [a.name for a in spec.attrs] == ["negativeSlope"] and spec.attrs[0].default == 1.0
    files = render_tree(spec, (get_soc("ascend910b"), get_soc("ascend310b")))
    text = {Path(k).name: v for k, v in files.items()}
    assert 'this->Attr("negativeSlope").AttrType(OPTIONAL).Float(1.0);' in text["leakyrelu_v2_def.cpp"]
    assert "float attr_negativeSlope;" in text["leakyrelu_v2_tiling_data.h"]
    assert "tiling->attr_negativeSlope" in text["leakyrelu_v2.h"]
    assert "aclnnLeakyreluV2GetWorkspaceSize(x, negativeSlope, y," in text["test_aclnn_leakyrelu_v2.cpp"]
    kinds = {a.name: a.kind for a in spec.attrs}
    assert resolve_attrs(spec, type_attrs([("negativeSlope", "0.01")], kinds, "leakyrelu_v2")) == {
        "negativeSlope": 0.01}
    with pytest.raises(Exception, match="unknown attribute 'negative_slope'.*known: negativeSlope"):
        type_attrs([("negative_slope", "0.01")], kinds, "leakyrelu_v2")


def test_a_required_attribute_without_a_value_takes_the_documented_default_and_the_golden_gets_it():
    spec = get_spec("threshold_v2")
    assert [(a.name, a.default) for a in spec.attrs] == [("threshold", 1.5), ("value", 0.0)]
    out = get_golden(spec.golden)({"self": np.array([1.0, 1.5, 2.0])}, {})   # verify passes {} for defaults
    assert list(out["out"]) == [0.0, 0.0, 2.0]


def test_aclnn_names_the_documented_api_and_its_header():
    assert get_spec("silu_grad").aclnn.name == "aclnnSiluBackward"
    assert get_spec("silu_grad").aclnn.header == "aclnn_silu_backward"
    assert get_spec("hard_sigmoid_v2").aclnn.header == "aclnn_hardsigmoid_v2"
    with pytest.raises(LangError, match="aclnn='silu_backward'; supported: the documented API's name"):
        @kl.op(category="activation", aclnn="silu_backward")
        def silu_grad(dy, x):
            return dy * x
