"""The precision comparator: thresholds from precision.md and each verdict clause."""
from __future__ import annotations

import numpy as np

import json

import pytest
from click.testing import CliRunner

from kernelgen.checking.cases import make_inputs
from kernelgen.checking.compare import TOLERANCES, allowance_cap, compare
from kernelgen.checking.golden import gelu_grad, gelu_grad_benchmark
from kernelgen.cli import main


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
    assert m.allowance == 2 and not m.small_ok and m.mare == 0.0
    assert compare(a, g, "float32", a).allowance == 2  # 2 x 3, capped at the floor for 4 elements
    big_g, big_a = np.concatenate([g, np.ones(99_996)]), np.concatenate([a, np.ones(99_996)])
    m = compare(big_a, big_g, "float32", big_a)          # the benchmark errs as often: 2 x 3 <= cap 10
    assert m.allowance == 6 and m.small_ok and m.passed
    assert compare(a, g, "float32").allowance == 2      # no benchmark: COM's floor


def test_nonfinite_where_golden_is_finite_fails():
    m = compare(np.array([1.0, np.nan]), np.array([1.0, 0.5]), "float16")
    assert m.nonfinite_mismatches == 1 and not m.passed
    m = compare(np.array([np.nan, np.inf]), np.array([np.nan, np.inf]), "float16")
    assert m.nonfinite_mismatches == 0 and m.passed


@pytest.mark.parametrize("dtype, beyond, within", [
    ("float16", 65520.0, 65519.0),                      # 65504 + half an ulp (16) rounds to inf
    ("bfloat16", 3.3962e38, 3.3961e38),                 # (2 - 2**-7) 2**127 + 2**119 = 3.39618e38
    ("float32", 3.40282357e38, 3.40282346e38),
])
def test_a_golden_past_the_dtypes_range_accepts_the_infinity_it_rounds_to(dtype, beyond, within):
    golden = np.array([1.0, beyond, -beyond, 2.0])
    out = np.array([1.0, np.inf, -np.inf, 2.0])
    assert compare(out, golden, dtype).passed
    # the infinity of the other sign, or an infinity where the golden rounds to a finite value, is still wrong
    assert compare(np.array([1.0, -np.inf, -np.inf, 2.0]), golden, dtype).nonfinite_mismatches == 1
    m = compare(out, np.array([1.0, within, -within, 2.0]), dtype)
    assert not m.passed and m.nonfinite_mismatches == 2


def test_no_benchmark_can_relax_a_gross_small_value_error():
    g = np.full(100_000, 1e-6)
    a = g.copy()
    a[:1200] = 1000.0
    bench = np.zeros_like(g) + 1.0   # a benchmark wrong everywhere
    m = compare(a, g, "float32", bench)
    assert m.small_errors_benchmark == 100_000 and m.allowance == allowance_cap("float32", 100_000) == 10
    assert m.small_gross == 1200 and not m.passed
    # within the small-value threshold but above the small-value error: counted, capped
    a = g + 2.0**-20
    m = compare(a, g, "float32", bench)
    assert m.small_gross == 0 and m.small_errors == 100_000 and not m.small_ok


def test_allowance_cap_follows_the_count_rule():
    assert allowance_cap("float32", 737_293) == 73 and allowance_cap("float16", 737_293) == 737
    assert allowance_cap("float32", 10) == 2


# ---- the done-when cases, on the emulator's real output (one 100 000-element float32 case) ----------
N = 100_000


@pytest.fixture(scope="module")
def real_case(tmp_path_factory):
    from kernelgen.authoring.ops import get_spec
    from kernelgen.emulator.emulate import run

    spec = get_spec("gelu_grad")
    inputs = make_inputs(spec, (N,), __import__("kernelgen.authoring.spec", fromlist=["DType"]).DType.FLOAT32, 7)
    inputs["y"] = inputs["dy"]
    actual = run("gelu_grad", "ascend910b", inputs)["z"]
    wide = {k: v.astype(np.float64) for k, v in inputs.items()}
    golden = gelu_grad(wide, {})["z"]
    bench = gelu_grad_benchmark(inputs, {})["z"].astype(np.float32)
    d = tmp_path_factory.mktemp("cmp")
    np.save(d / "golden.npy", golden)
    np.save(d / "bench.npy", bench)
    return d, actual, golden


def _cli(d, actual, *extra):
    np.save(d / "actual.npy", actual)
    return CliRunner().invoke(main, ["compare", str(d / "actual.npy"), str(d / "golden.npy"), "--dtype", "float32",
                                     "--benchmark", str(d / "bench.npy"), *extra])


def test_compare_passes_the_emulators_real_output(real_case, tmp_path):
    d, actual, golden = real_case
    r = _cli(d, actual, "--json", str(tmp_path / "m.json"))
    assert r.exit_code == 0, r.output
    doc = json.loads((tmp_path / "m.json").read_text())
    assert doc["passed"] and doc["count"] == N and doc["small_gross"] == 0
    assert doc["small_errors_benchmark"] > 1000          # torch's float32 formula cancels in the tail ...
    assert doc["small_allowance"] == 10                   # ... so the cap decides: 1/10000 of 100 000
    assert doc["mare"] < 1e-3 and "small-value threshold" in doc["rules"]


def _small(golden, k):
    return np.flatnonzero(np.abs(golden) < 2.0**-14)[:k]


@pytest.mark.parametrize("how", ["1200 small set to 1000", "one small set to 1000", "one large off by 1%",
                                 "every element off by 0.1%"])
def test_compare_fails_each_cheat(real_case, how):
    d, actual, golden = real_case
    bad = actual.copy()
    if how == "1200 small set to 1000":
        idx = _small(golden, 1200)
        assert idx.size == 1200
        bad[idx] = 1000.0
    elif how == "one small set to 1000":
        bad[_small(golden, 1)] = 1000.0
    elif how == "one large off by 1%":
        i = int(np.flatnonzero(np.abs(golden) >= 1)[0])
        bad[i] = np.float32(golden[i] * 1.01)
    else:
        bad = (actual.astype(np.float64) * 1.001).astype(np.float32)
    r = _cli(d, bad)
    assert r.exit_code == 1, r.output
    assert "FAIL" in r.output


def test_compare_bad_input_exits_2(real_case, tmp_path):
    d, actual, golden = real_case
    r = _cli(d, actual[:10])
    assert r.exit_code == 2 and "shape" in r.output
    (tmp_path / "junk.npy").write_text("not an array")
    r = CliRunner().invoke(main, ["compare", str(tmp_path / "junk.npy"), str(d / "golden.npy"), "--dtype", "float32"])
    assert r.exit_code == 2 and "junk.npy is not an .npy array file" in r.output
    r = CliRunner().invoke(main, ["compare", str(d / "golden.npy"), str(d / "golden.npy"), "--dtype", "int8"])
    assert r.exit_code == 2 and "unknown dtype" in r.output
