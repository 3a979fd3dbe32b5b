"""kernelgen.testing: the judge as an assertion, and the pytest11 plugin's fixture running an operator directory."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

import numpy as np
import pytest

from kernelgen.testing import assert_allclose_cann, emulated_op

from conftest import REPO


def test_assert_allclose_cann_passes_and_fails_with_the_clause():
    g = np.linspace(1, 2, 1000)
    m = assert_allclose_cann(g.astype(np.float32), g, "float32")
    assert m.passed and m.count == 1000
    bad = g.copy()
    bad[3] *= 1.01
    with pytest.raises(AssertionError, match=r"MARE 0.01 >= 10T 0.00122 at element 3"):
        assert_allclose_cann(bad, g, "fp32")
    with pytest.raises(AssertionError, match="shapes differ"):
        assert_allclose_cann(g[:5], g, "float32")


def test_emulated_op_rejects_a_bad_target():
    from kernelgen.errors import UsageError

    with pytest.raises(UsageError, match="unknown operator"):
        emulated_op("no_such_op")


def test_plugin_is_registered_and_its_fixture_runs_an_operator_directory(tmp_path):
    assert any(ep.value == "kernelgen.testing" for ep in entry_points(group="pytest11"))
    opdir = REPO / "tests" / "opdirs" / "silu_lite"
    (tmp_path / "test_user.py").write_text(textwrap.dedent(f'''
        import numpy as np
        from kernelgen.testing import assert_allclose_cann

        def test_silu(kernelgen_op):
            op = kernelgen_op({str(opdir)!r}, soc="ascend910b")
            x = np.linspace(-8, 8, 1024).astype(np.float32)  # whole 512-byte blocks: silu_lite copies whole blocks out
            z = op(x=x)["y"]
            g = x.astype(np.float64) / (1 + np.exp(-x.astype(np.float64)))
            assert_allclose_cann(z, g, "float32")

        def test_wrong_golden_fails(kernelgen_op):
            x = np.linspace(-8, 8, 1024).astype(np.float32)  # whole 512-byte blocks: silu_lite copies whole blocks out
            z = kernelgen_op({str(opdir)!r})(x=x)["y"]
            assert_allclose_cann(z, 1.01 * x.astype(np.float64) / (1 + np.exp(-x.astype(np.float64))), "float32")
    '''))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert "1 failed, 1 passed" in proc.stdout, proc.stdout + proc.stderr
    assert "MERE" in proc.stdout and "test_wrong_golden_fails" in proc.stdout
