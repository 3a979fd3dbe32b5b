"""verify's own Python time (docs/speed.md, Session 33): the kernelgen.lang built-ins registered on first need, one
rendering per SOC list, references computed ahead in a second thread, the 16-bit golden table, all changing no
result."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np

from conftest import GELU, REPO, requires_cxx


def _python(code: str, tmp_path) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO), KERNELGEN_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_lang_builtins_are_built_only_when_a_name_needs_them(tmp_path):
    """gelu_grad resolves without building the 44 kernelgen.lang specs; a built-in's name, or its golden alone,
    builds them (in fresh processes: the suite's has them already)."""
    out = _python("""
        import kernelgen.authoring.ops as ops
        ops.get_spec("gelu_grad")
        print(ops._BUILTINS_LOADED, len(ops._SPECS))
        print(ops.get_spec("celu").golden, ops._BUILTINS_LOADED, len(ops._SPECS) > 40)
    """, tmp_path)
    assert out.split("\n")[:2] == ["False 2", "celu True True"]
    out = _python("""
        import numpy as np
        from kernelgen.checking.golden import get_benchmark, get_golden
        (out,) = get_golden("celu")({"x": np.zeros(3)}, {}).values()
        print(get_benchmark("celu") is not None, out.shape)
    """, tmp_path)
    assert out.strip() == "True (3,)"


def test_both_socs_of_a_verify_share_one_rendering_of_host_and_kernel_only(tmp_path):
    """The two SOCs of gelu_grad's default list used to render the same tree once each; now render_tree runs once,
    for op_host/ and op_kernel/ alone (no docs, examples or CMake files the emulator never reads)."""
    out = _python("""
        import kernelgen.authoring.render as render
        from kernelgen.emulator.emulate import source_for_spec
        calls = []
        original = render.render_tree
        def counted(*a, **kw):
            files = original(*a, **kw)
            calls.append(sorted({rel.split("/")[0] for rel in files}))
            return files
        render.render_tree = counted
        a, b = source_for_spec("gelu_grad", "ascend910b"), source_for_spec("gelu_grad", "ascend310b")
        print(len(calls), calls[0], a.op_dir == b.op_dir, a is not b, a.frozen_tree)
    """, tmp_path)
    assert out.strip() == "1 ['op_host', 'op_kernel'] True True True"


def test_the_16_bit_table_gives_the_functions_own_numbers():
    """per_half_value is gelu's derivatives bit for bit on float16- and bfloat16-valued inputs (with +-0, +-inf and
    NaN among them; a NaN result may differ in its sign bit, which no comparison reads), and a non-elementwise
    function shows the table is what ran: its result differs through it."""
    import ml_dtypes

    from kernelgen.checking.golden import gelu_erf_derivative, gelu_tanh_derivative, per_half_value

    rng = np.random.default_rng(3)
    wide = np.concatenate([rng.uniform(-9, 9, 80_000), [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-6, 70000.0]])
    for narrow in (np.float16, ml_dtypes.bfloat16):
        with np.errstate(over="ignore"):
            x = wide.astype(narrow).astype(np.float64)
        for fn in (gelu_tanh_derivative, gelu_erf_derivative):
            with np.errstate(all="ignore"):
                got, want = per_half_value(fn, x), fn(x)
            assert np.array_equal(np.isnan(got), np.isnan(want))
            assert np.array_equal(got[~np.isnan(got)].view(np.uint64), want[~np.isnan(want)].view(np.uint64))
        with np.errstate(invalid="ignore"):   # inf + -inf in the running sum
            assert not np.array_equal(per_half_value(np.cumsum, x), np.cumsum(x), equal_nan=True)
    # values no 16-bit type holds, and small inputs: the function itself
    with np.errstate(invalid="ignore"):
        assert np.array_equal(per_half_value(np.cumsum, wide[:-3]), np.cumsum(wide[:-3]), equal_nan=True)
    small = wide[:1000].astype(np.float16).astype(np.float64)
    assert np.array_equal(per_half_value(np.cumsum, small), np.cumsum(small))


@requires_cxx
def test_verify_computing_references_ahead_gives_run_cases_results():
    """verify (the next case's inputs and references made in a second thread) against run_case one by one, on
    float16 cases of gelu_grad on 910b, one of them large enough for the 16-bit table: the same metrics."""
    from kernelgen.authoring.spec import DType
    from kernelgen.checking.cases import Case
    from kernelgen.checking.verify import prebuild, run_case, verify
    from kernelgen.socs import get_soc

    soc = get_soc("ascend910b")
    cases = [Case(soc, DType.parse("float16"), shape, "t") for shape in [(1,), (70_001,), (3, 5, 7)]]
    prebuild(GELU, cases, jobs=2)
    ahead = verify(GELU, cases, seed=11)
    one_by_one = [run_case(GELU, c, 11 + i) for i, c in enumerate(cases)]
    assert [r.passed for r in ahead] == [True, True, True]
    for a, b in zip(ahead, one_by_one):
        assert a.metrics.as_dict() == b.metrics.as_dict() and a.info_metrics.as_dict() == b.info_metrics.as_dict()
    # a different seed gives different inputs, so equal metrics above are not the trivial kind
    assert run_case(GELU, cases[1], 99).metrics.as_dict() != ahead[1].metrics.as_dict()
