"""Mutation testing (kernelgen mutate): the mutants are what they say, wrong programs are killed, and the
matrix's judge is the one verify uses. Only four mutants are compiled here (tiny cost); the full runs and
their scores are in docs/mutation.md."""
from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from kernelgen.authoring.ops import get_spec
from kernelgen.checking.mutate import make_mutants, mutation_matrix, run_mutant
from kernelgen.cli import main
from kernelgen.socs import get_soc

from conftest import requires_cxx

GELU = get_spec("gelu_grad")


def test_mutants_of_gelu_grad():
    mutants = make_mutants(GELU, ["sigmoid_mul"])
    by_id = {m.ident: m for m in mutants}
    assert len(by_id) == len(mutants), "ids are unique"
    kinds = Counter(m.kind for m in mutants)
    assert kinds["constant"] >= 10 and kinds["clamp"] == 4 and kinds["swap"] >= 1 and kinds["window"] >= 10
    m = by_id["sigmoid_mul/program[4]/constantx1.01"]
    step = m.spec.variant("sigmoid_mul").program[4]
    assert step.op == "Muls" and step.scalar == pytest.approx(GELU.variant("sigmoid_mul").program[4].scalar * 1.01)
    # without z = -K x, the Axpy that follows reads z before anything wrote it: the spec's validation rejects it
    dead = by_id["sigmoid_mul/program[4]/drop"]
    assert "Axpy reads 'z' before it is written" in dead.stillborn and dead.spec is None
    # Mul b <- a, a twice writes the same value twice: equivalent without running
    assert "does not read its destination" in by_id["sigmoid_mul/program[2]/duplicate"].equivalent
    assert by_id["sigmoid_mul/program[3]/duplicate"].equivalent == ""        # b <- b * a twice is x^4


def test_matrix_selects_every_variant():
    socs = [get_soc("ascend910b"), get_soc("ascend310b")]
    assert {v: [s.family for s, _ in sa] for v, sa in mutation_matrix(GELU, socs).items()} == {
        "sigmoid_mul": ["ascend910b"], "sigmoid_fma": ["ascend310b"]}
    v2 = mutation_matrix(get_spec("gelu_grad_v2"), [get_soc("ascend910b")])
    assert sorted(v2) == ["erf", "tanh"] and v2["tanh"][0][1] == {"approximate": "tanh"}


@requires_cxx
@pytest.mark.parametrize("ident, clause", [
    ("sigmoid_mul/program[4]/constantx1.01", "MARE"),      # -K, 1 % off
    ("sigmoid_mul/program[12]/swap", "MARE"),              # (w + p t) / w^2 -> w^2 / (w + p t)
    ("sigmoid_mul/program[1]/drop", "non-finite"),          # no upper clamp: x^3 overflows at x = 1e20
])
def test_wrong_programs_are_killed(ident, clause):
    m = next(m for m in make_mutants(GELU, ["sigmoid_mul"]) if m.ident == ident)
    r = run_mutant(GELU, m, [(get_soc("ascend910b"), {})])
    assert r.status == "killed" and clause in r.by, r.by


@requires_cxx
def test_a_clamp_moved_by_1_percent_survives_and_is_explained():
    """GELU'(7.5) is 1 and GELU'(-7.5) is -5e-17 in float32: moving the clamp changes nothing the standard sees."""
    m = next(m for m in make_mutants(GELU, ["sigmoid_mul"]) if m.ident == "sigmoid_mul/program[1]/clampx0.99")
    r = run_mutant(GELU, m, [(get_soc("ascend910b"), {})])
    assert r.status == "explained" and "input clamp moved from 7.5 to 7.425: the golden varies by" in r.by


def test_bit_identical_survivors_are_recognised_and_others_are_not():
    from kernelgen.checking.mutate import _same_everywhere

    v2 = get_spec("gelu_grad_v2")
    erf_drop = next(m for m in make_mutants(v2, ["erf"]) if m.ident == "erf/program[1]/drop")
    assert "bit-identical to the original on" in _same_everywhere(v2, erf_drop)   # exp(-x^2/2) underflows anyway
    tanh_drop = next(m for m in make_mutants(GELU, ["sigmoid_mul"]) if m.ident == "sigmoid_mul/program[1]/drop")
    assert _same_everywhere(GELU, tanh_drop) == ""                                    # x^3 overflows: NaN


def test_cli_rejects_an_unknown_variant_or_mutant():
    r = CliRunner().invoke(main, ["mutate", "gelu_grad", "--variant", "nope"])
    assert r.exit_code == 2 and "unknown variant 'nope'" in r.output
    r = CliRunner().invoke(main, ["mutate", "gelu_grad", "--soc", "ascend910b", "--mutant", "nope"])
    assert r.exit_code == 2 and "unknown mutant 'nope'" in r.output


def test_refinement_roles_match_the_refinement_layout():
    """The explanations of refinement survivors are keyed by step index: they must match what _refine builds."""
    import numpy as np

    from kernelgen.authoring.ops._refine import DELTA, find_root
    from kernelgen.checking.golden import gelu_tanh_derivative as fn
    from kernelgen.checking.mutate import (REFINE_DUPLICATES, REFINE_ROLES, REFINE_STEPS, SELECT_REFINE_DROPS,
                                           SELECT_REFINE_ROLES, SELECT_REFINE_STEPS)

    refine = GELU.variant("sigmoid_mul_blend").refine
    assert len(refine) == REFINE_STEPS
    for index, (op, _) in {**REFINE_ROLES, **REFINE_DUPLICATES}.items():
        assert refine[index].op == op, index
    assert refine[4].scalar == DELTA * 1e30                     # the window step REFINE_DUPLICATES explains
    select = GELU.variant("sigmoid_mul").refine
    assert len(select) == SELECT_REFINE_STEPS
    for index, (op, _) in {**SELECT_REFINE_ROLES, **SELECT_REFINE_DROPS}.items():
        assert select[index].op == op, index
    assert select[2].op == "Abs" and select[4].srcs == (select[2].srcs[0],)   # the drop leaves |d| in the register
    assert select[3].scalar == DELTA and select[4].scalar == refine[8].scalar and select[5].scalar == refine[9].scalar
    # doubling the window: the Taylor polynomial (fitted on +-DELTA) is still within 2e-9 at 2*DELTA
    x0 = find_root(fn, -0.8, -0.7)
    d = np.linspace(-DELTA, DELTA, 4001)
    d = d[np.abs(d) > 1e-7]
    a1, a2, a3 = np.polynomial.polynomial.polyfit(d, fn(x0 + d) / d, 2)
    wide = np.linspace(-2 * DELTA, 2 * DELTA, 20001)
    wide = wide[np.abs(wide) > 1e-9]
    rel = np.abs(wide * (a1 + a2 * wide + a3 * wide * wide) - fn(x0 + wide)) / np.abs(fn(x0 + wide))
    assert rel.max() < 2e-9
