"""kernelgen for pytest users: CANN's judge as an assertion, and a fixture that runs operators on the emulator.

    from kernelgen.testing import assert_allclose_cann
    assert_allclose_cann(npu_output, golden_float64, "float16")

Installed with kernelgen, this module is also a pytest plugin (entry point pytest11 "kernelgen"): a test
in any repository can ask for the `kernelgen_op` fixture and run an ops-nn operator directory, a spec file
or a built-in operator on the CPU emulator:

    def test_my_op(kernelgen_op):
        op = kernelgen_op("path/to/my_op", soc="ascend910b")     # directory, spec file or name
        z = op(x=np.linspace(-5, 5, 1024, dtype=np.float32))["z"]
        assert_allclose_cann(z, my_golden(x), "float32")

The judge is exactly `kernelgen verify`'s and `kernelgen compare`'s (kernelgen.checking.compare).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kernelgen.checking.compare import RULES, Metrics, compare


def assert_allclose_cann(actual, golden, dtype: str, benchmark=None) -> Metrics:
    """Raise AssertionError unless actual matches golden (float64) by CANN's standards for dtype
    (float32, float16, bfloat16); returns the metrics when it does."""
    from kernelgen.authoring.spec import DType

    actual, golden = np.asarray(actual), np.asarray(golden)
    if actual.shape != golden.shape:
        raise AssertionError(f"shapes differ: actual {actual.shape}, golden {golden.shape}")
    metrics = compare(actual, golden, DType.parse(dtype).short, benchmark)
    if not metrics.passed:
        raise AssertionError(f"{metrics.summary()}\n({RULES})")
    return metrics


@dataclass(frozen=True)
class EmulatedOp:
    """An operator bound to a SOC: call it with the inputs (and attrs=..., dtype=...) to get its outputs."""

    target: str
    soc: str

    def __call__(self, attrs: dict | None = None, dtype: str | None = None, **inputs) -> dict[str, np.ndarray]:
        from kernelgen.emulator.emulate import run

        return run(self.target, self.soc, inputs, attrs, dtype=dtype)


def emulated_op(target, soc: str = "ascend910b") -> EmulatedOp:
    """Bind an operator directory, a spec file (my_op.py) or a built-in operator name to a SOC."""
    from kernelgen.emulator.emulate import resolve_target
    from kernelgen.socs import get_soc

    target = str(Path(target)) if isinstance(target, Path) else str(target)
    resolve_target(target, get_soc(soc))  # a bad target or SOC fails here, naming what is valid
    return EmulatedOp(target, soc)


try:
    import pytest
except ImportError:  # pragma: no cover - the assertion works without pytest
    pytest = None

if pytest is not None:
    # `pytest --kernelgen-survey PATH`: one item per operator directory (kernelgen.corpus.pytest_survey)
    from kernelgen.corpus.pytest_survey import (pytest_addoption, pytest_collection_modifyitems,  # noqa: F401
                                                pytest_configure, pytest_ignore_collect, pytest_report_header,
                                                pytest_unconfigure)

    @pytest.fixture
    def kernelgen_op():
        """A factory: kernelgen_op(target, soc="ascend910b") -> callable(**inputs) -> {output: array}."""
        return emulated_op


__all__ = ["EmulatedOp", "assert_allclose_cann", "emulated_op"]
