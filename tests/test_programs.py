"""The compute programs in NumPy float32 (before any C++): whole-range accuracy of every variant."""
from __future__ import annotations

import numpy as np
import pytest

from kernelgen.checking.compare import compare
from kernelgen.checking.golden import gelu_erf_derivative, gelu_tanh_derivative
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret

X = np.concatenate([np.linspace(-14, 14, 200001), np.linspace(-1, -0.5, 50001),
                    [-3.4e38, -1e20, -60, 60, 1e20, 3.4e38, 0.0, 1e-40]]).astype(np.float32)
CASES = [("gelu_grad", "sigmoid_mul", gelu_tanh_derivative), ("gelu_grad", "sigmoid_fma", gelu_tanh_derivative),
         ("gelu_grad_v2", "erf", gelu_erf_derivative), ("gelu_grad_v2", "tanh", gelu_tanh_derivative)]


@pytest.mark.parametrize("op, variant, reference", CASES, ids=[c[1] for c in CASES])
def test_variant_meets_fp32_standard_over_the_whole_range(op, variant, reference):
    spec = get_spec(op)
    z = interpret(spec.variant(variant), {"x": X, "dy": np.ones_like(X)}, ("z",))["z"]
    assert np.isfinite(z).all()
    m = compare(z, reference(X.astype(np.float64)), "float32", reference(X))
    assert m.passed, m.failed_clauses()
    assert m.mere < 1e-6 and m.mare < 1.22e-3


def test_erfc_fit_relative_error_in_float32():
    """Phi(-|x|) from the erf variant's first steps, against math.erfc, over the whole finite range."""
    import math

    spec = get_spec("gelu_grad_v2")
    v = spec.variant("erf")
    # Steps up to and including z = h = Phi(-|x|): the program before the x*phi(x) term.
    cut = next(i for i, s in enumerate(v.program) if s.op == "Mul" and s.srcs == ("a", "d")) 
    from dataclasses import replace

    partial = replace(v, program=v.program[:cut], refine=())
    x = np.linspace(-13, 13, 100001).astype(np.float32)
    h = interpret(partial, {"x": x, "dy": x}, ("z",))["z"].astype(np.float64)
    exact = np.array([0.5 * math.erfc(abs(float(t)) / math.sqrt(2)) for t in x])
    rel = np.abs(h - exact) / exact
    assert rel.max() < 1.5e-5   # dominated by float32 rounding of x^2/2 inside exp at |x| = 13


# ---- the interpreter computes what the emulator computes ---------------------------------------------------
CROSS = [("gelu_grad", "ascend910b", {}, "sigmoid_mul"), ("gelu_grad", "ascend310b", {}, "sigmoid_fma"),
         ("gelu_grad_v2", "ascend910b", {}, "erf"), ("gelu_grad_v2", "ascend910b", {"approximate": "tanh"}, "tanh")]


@pytest.mark.parametrize("op, soc, attrs, variant", CROSS, ids=[c[3] for c in CROSS])
def test_interpreter_equals_the_emulator_bit_for_bit(op, soc, attrs, variant):
    from kernelgen.authoring.spec import DType
    from kernelgen.checking.cases import make_inputs
    from kernelgen.emulator.emulate import run

    spec = get_spec(op)
    assert spec.variant_for(__import__("kernelgen.socs", fromlist=["get_soc"]).get_soc(soc), attrs).name == variant
    inputs = make_inputs(spec, (20001,), DType.FLOAT32, 3)
    inputs["x"][:2001] = np.linspace(-0.76, -0.745, 2001).astype(np.float32)   # across the refinement window
    if "y" in inputs:
        inputs["y"] = inputs["dy"]
    emulated = run(op, soc, inputs, attrs)["z"]
    interpreted = interpret(spec.variant(variant), {"x": inputs["x"], "dy": inputs["dy"]}, ("z",))["z"]
    assert emulated.dtype == interpreted.dtype == np.float32
    assert emulated.tobytes() == interpreted.tobytes(), int(np.count_nonzero(emulated != interpreted))


# ---- the goldens against independent forms -----------------------------------------------------------------
def _gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))


def _gelu_erf(x):
    import math

    return x * np.array([0.5 * math.erfc(-v / math.sqrt(2.0)) for v in x])


@pytest.mark.parametrize("forward, derivative", [(_gelu_tanh, gelu_tanh_derivative), (_gelu_erf, gelu_erf_derivative)],
                         ids=["tanh", "erf"])
def test_golden_is_the_derivative_of_gelu_by_finite_differences(forward, derivative):
    x = np.linspace(-8, 8, 4001)
    h = 1e-5
    fd = (forward(x + h) - forward(x - h)) / (2 * h)     # central difference: error ~ h^2 * f''' + eps / h
    assert np.max(np.abs(fd - derivative(x))) < 5e-10


def test_tanh_golden_equals_the_tanh_form_written_out():
    """The golden's sigmoid form against 0.5(1 + tanh u) + 0.5 x sech^2(u) u' (precision.md, torch's form)."""
    x = np.linspace(-3, 8, 20001)        # below -3 the written-out form cancels in 1 + tanh(u)
    c, k = 0.044715, np.sqrt(2.0 / np.pi)
    u = k * (x + c * x**3)
    written = 0.5 * (1 + np.tanh(u)) + 0.5 * x * (1 - np.tanh(u) ** 2) * k * (1 + 3 * c * x**2)
    assert np.max(np.abs(written - gelu_tanh_derivative(x))) < 1e-14
    assert abs(gelu_tanh_derivative(np.array([-0.7524614]))[0]) < 1e-7   # its zero, where the kernel refines
