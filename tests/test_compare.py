"""The precision comparator: thresholds from precision.md and each verdict clause."""
from __future__ import annotations

import numpy as np

from kernelgen.checking.compare import TOLERANCES, compare


def test_thresholds_are_the_published_ones():
    assert TOLERANCES["float32"][0] == 2**-13 and TOLERANCES["float16"][0] == 2**-10
    assert TOLERANCES["bfloat16"][0] == 2**-7
    assert TOLERANCES["float32"][1:] == (2**-14, 2**-30)


def test_mere_and_mare():
    g = np.array([1.0, 2.0, -4.0, 8.0])
    a = g * (1 + np.array([0, 2e-4, 0, 3e-4]))
    m = compare(a, g, "float32")
    assert abs(m.mere - 1.25e-4) < 1e-9 and abs(m.mare - 3e-4) < 1e-9 and m.mare_index == 3
    assert not m.mere_ok and m.mare_ok and not m.passed


def test_small_values_use_the_commercial_rule():
    g = np.array([1.0, 1e-6, 2e-6, 3e-6])
    a = g + np.array([0, 1e-8, 1e-8, 1e-8])       # 3 small-value errors (> 2^-30)
    bench = g + np.array([0, 1e-8, 0, 0])          # benchmark has 1
    m = compare(a, g, "float32", bench)
    assert m.small_count == 3 and m.small_errors == 3 and m.small_errors_benchmark == 1
    assert not m.small_ok and m.mare == 0.0
    assert compare(a, g, "float32", a).small_ok


def test_nonfinite_where_golden_is_finite_fails():
    m = compare(np.array([1.0, np.nan]), np.array([1.0, 0.5]), "float16")
    assert m.nonfinite_mismatches == 1 and not m.passed
    m = compare(np.array([np.nan, np.inf]), np.array([np.nan, np.inf]), "float16")
    assert m.nonfinite_mismatches == 0 and m.passed
