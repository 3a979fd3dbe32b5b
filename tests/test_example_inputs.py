"""The generated example's inputs (kernelgen/authoring/example_data.py) can tell a wrong kernel from a right one:
every constant of the main program changed by 1 % changes a printed value beyond CANN's float32 tolerance.

Shown with the NumPy program interpreter (cross-checked against the emulator in test_programs.py), whose
output is printed as the example prints (%.9g) and judged by the example's own check."""
from __future__ import annotations

import pytest

from kernelgen.authoring.example_data import EXAMPLE_DY, EXAMPLE_X, SEED_X
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.program import interpret
from kernelgen.authoring.render import render_tree, resolve_socs
from kernelgen.checking.mutate import make_mutants
from kernelgen.emulator.example import check_results, example_inputs

CASES = [("gelu_grad", "sigmoid_mul"), ("gelu_grad", "sigmoid_fma"), ("gelu_grad_v2", "erf")]


def printed(spec, variant_spec, variant):
    inputs = example_inputs(spec)
    z = interpret(variant_spec.variant(variant), {k: inputs[k].ravel() for k in ("x", "dy")}, ("z",))["z"]
    return [f"{spec.aclnn.name} result[{i}] is: {v:.9g}" for i, v in enumerate(z)]


def test_example_keeps_the_seed_values_and_covers_the_formula():
    assert EXAMPLE_X[:8] == SEED_X and set(EXAMPLE_DY[:8]) == {1.0}
    assert min(EXAMPLE_X) <= -7 and max(EXAMPLE_X) >= 10                  # large |x|, beyond the clamps
    assert -0.75246 in EXAMPLE_X and -0.7517916 in EXAMPLE_X             # the zeros of both forms
    assert any(d < 0 for d in EXAMPLE_DY) and any(abs(d) not in (0.0, 1.0) for d in EXAMPLE_DY)
    text = render_tree(get_spec("gelu_grad"), resolve_socs(get_spec("gelu_grad"), ()))[
        "examples/test_aclnn_gelu_grad.cpp"]
    assert "shape = {4, 8}" in text and "-0.75246f" in text and "%.9g" in text


@pytest.mark.parametrize("op, variant", CASES, ids=[v for _, v in CASES])
def test_every_main_program_constant_off_by_1_percent_fails_the_example(op, variant):
    spec = get_spec(op)
    ok, detail, _ = check_results(spec, printed(spec, spec, variant))
    assert ok, detail
    constants = [m for m in make_mutants(spec, [variant])
                 if m.kind == "constant" and m.spec is not None and not m.where.startswith("refine")
                 and "e+30" not in m.where]   # x*1e30 clamped to [0, 1] is a step function: its scale is moot
    assert len(constants) >= 10
    survivors = [m.ident for m in constants if check_results(spec, printed(spec, m.spec, variant))[0]]
    assert survivors == []


def test_the_issues_one_percent_cubic_fails_the_example():
    import dataclasses

    from kernelgen.authoring.ops import gelu_grad as g

    spec = get_spec("gelu_grad")
    kc = g.K * 0.0452
    bad = dataclasses.replace(g.SIGMOID_MUL, program=tuple(
        dataclasses.replace(s, scalar=-kc) if s.scalar == -g.KC else s for s in g.SIGMOID_MUL.program))
    ok, detail, _ = check_results(spec, printed(spec, dataclasses.replace(spec, variants=(bad, g.SIGMOID_FMA)),
                                                "sigmoid_mul"))
    assert not ok and "results differ from the golden" in detail and "MARE" in detail
