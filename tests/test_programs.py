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
