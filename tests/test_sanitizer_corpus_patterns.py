"""Patterns the ops-nn corpus showed that the sanitizer once reported as races although the NPU orders them,
each as a miniature operator directory written here (tests/opdirs), with a planted variant that must still be
reported. See docs/corpus.md, "Confirmed defects" and "False positives fixed".
"""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from kernelgen.emulator.emulate import run as run_opdir
from kernelgen.errors import EmulatorDefect

OPDIRS = pathlib.Path(__file__).resolve().parent / "opdirs"
X = (np.arange(148, dtype=np.float32) - 70.0) / 16.0  # 148 floats: two whole 64-element tiles and a 20-element tail


def test_vector_then_scalar_then_copy_out_is_ordered_by_the_compilers_syncs():
    # Duplicate (V) -> SetValue (S) -> DataCopyPad (MTE3) on one 32-byte block; per tile ReduceSum -> GetValue
    out = run_opdir(OPDIRS / "square_sum_lite", "ascend910b", {"x": X}, attrs={"pattern": 0})
    np.testing.assert_allclose(out["z"], [0.5 * float(np.sum(X.astype(np.float64) ** 2))], rtol=1e-5)


def test_scalar_write_elsewhere_does_not_order_the_vector_write():
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIRS / "square_sum_lite", "ascend910b", {"x": X}, attrs={"pattern": 1})
    msg = str(err.value)
    assert "DataCopyPad: race on UB" in msg and "this call (pipe MTE3) reads bytes that Duplicate (pipe V" in msg, msg


def test_cast_in_place_to_a_narrower_type_is_allowed():
    # Cast.md: overlapping operands give wrong results only when converting to a wider type (quantize's pattern)
    x = np.linspace(-3.0, 3.0, 100, dtype=np.float32)
    out = run_opdir(OPDIRS / "cast_in_place_lite", "ascend910b", {"x": x}, attrs={"pattern": 0})
    np.testing.assert_array_equal(out["y"], x.astype(np.float16))


def test_cast_partial_overlap_is_still_a_defect():
    x = np.linspace(-3.0, 3.0, 100, dtype=np.float32)
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIRS / "cast_in_place_lite", "ascend910b", {"x": x}, attrs={"pattern": 1})
    assert "Cast: dst UB [32, 232) and src UB [0, 400) partially overlap" in str(err.value), str(err.value)
