"""Bit-exact checks of the emulator's number conversions against NumPy and ml_dtypes.

tests/emulator_cpp/numerics_cast.cpp runs Cast (through the public Ascend C API, in an emulated block) over
a seeded sample set with every RoundMode and over all 65536 half / bfloat16 patterns; this module computes
the references independently:
- round to nearest even: NumPy's float16 cast, ml_dtypes.bfloat16, float64 -> float32 casts;
- directed modes (FLOOR, CEIL, TRUNC, ROUND = half away from zero, ODD = von Neumann): from the two
  representable neighbours of each exact value, found by stepping the round-to-nearest result's bit pattern;
- float -> int32: np.rint / floor / ceil / trunc / half-away, saturating, NaN -> 0.
"""

from __future__ import annotations

import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = [
    pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found"),
    # signalling NaNs among the samples make NumPy warn when it converts them; the results are checked anyway
    pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning"),
]

MODES_FLOAT = ["RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"]


def make_samples(seed: int = 20240607) -> np.ndarray:
    rng = np.random.default_rng(seed)
    parts = [rng.integers(0, 2**32, 150_000, dtype=np.uint64).astype(np.uint32).view(np.float32)]
    # exact midpoints between neighbouring halves (ties), and one float ulp either side
    hb = rng.integers(0, 0x7C00, 20_000).astype(np.uint16)
    lo = hb.view(np.float16).astype(np.float64)
    hi = (hb + 1).astype(np.uint16).view(np.float16).astype(np.float64)
    mid = ((lo + hi) / 2).astype(np.float32)
    # the same for bfloat16
    bb = rng.integers(0, 0x7F80, 20_000).astype(np.uint32)
    blo = (bb << 16).view(np.float32).astype(np.float64)
    bhi = ((bb + 1) << 16).view(np.float32).astype(np.float64)
    bmid = ((blo + bhi) / 2).astype(np.float32)
    for m in (mid, bmid):
        parts += [m, -m, np.nextafter(m, np.float32(np.inf)), np.nextafter(m, np.float32(-np.inf))]
    # values around integers and .5 ties (int and float->float rounding), and large integers
    k = rng.integers(-(2**20), 2**20, 10_000).astype(np.float64)
    parts += [(k + 0.5).astype(np.float32), (k / 8).astype(np.float32), (k * 4096.0 + 0.5).astype(np.float32)]
    specials = np.array(
        [0.0, -0.0, np.inf, -np.inf, 65504, 65519.99, 65520, 65536, -65520, 1e10, -1e10, 3.4e38, 1e-45,
         5.960464477539063e-08, 2.9802322387695312e-08, 2.98023259e-08, 2147483520.0, 2147483648.0,
         -2147483648.0, -2147483904.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e-40, 6.1035156e-05, 6.1e-05],
        dtype=np.float32,
    )
    nans = np.array([0x7F800001, 0xFF800001, 0x7FC00000, 0xFFC00000, 0x7FA12345, 0x7FFFFFFF], dtype=np.uint32)
    parts += [specials, nans.view(np.float32)]
    # int32 view of the same bytes: add ties above 2^24 and the extremes
    ints = np.array([2**24 + 1, 2**24 + 3, -(2**24) - 1, 2**25 + 2, 2**31 - 1, -(2**31), 2**31 - 64, 2**31 - 65,
                     16777217, 33554435], dtype=np.int64).astype(np.int32)
    parts.append(ints.view(np.float32))
    return np.concatenate(parts).astype(np.float32)


@pytest.fixture(scope="module")
def dumps(tmp_path_factory):
    exe = kgbuild.build("numerics_cast")
    d = tmp_path_factory.mktemp("numerics")
    samples = make_samples()
    samples.tofile(d / "samples.bin")
    proc = kgbuild.run_program(exe, str(d / "samples.bin"), str(d), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return {"dir": d, "samples": samples, "stdout": proc.stdout}


def load(dumps, name, dtype):
    return np.fromfile(dumps["dir"] / f"{name}.bin", dtype=dtype)


# ---- sign-magnitude neighbour arithmetic on bit patterns (fp16: sign 0x8000, bf16: 0x8000, fp32: 0x80000000)
def next_up(b, sign):
    return np.where(b == sign, 1, np.where(b & sign, b - 1, b + 1)).astype(b.dtype)


def next_down(b, sign):
    return np.where(b == 0, sign | 1, np.where(b & sign, b + 1, b - 1)).astype(b.dtype)


def directed_reference(x64, rne_bits, decode, sign, mode):
    """The result of rounding exact values x64 per mode, given their round-to-nearest-even bit patterns."""
    with np.errstate(invalid="ignore", over="ignore"):
        rne_val = decode(rne_bits)
        exact = rne_val == x64
        below = rne_val < x64
        lo = np.where(below, rne_bits, next_down(rne_bits, sign))
        hi = np.where(below, next_up(rne_bits, sign), rne_bits)
        lo_v, hi_v = decode(lo), decode(hi)
        tie = (x64 - lo_v) == (hi_v - x64)
    if mode == "FLOOR":
        r = lo
    elif mode == "CEIL":
        r = hi
    elif mode == "TRUNC":
        r = np.where(x64 > 0, lo, hi)
    elif mode == "ROUND":
        r = np.where(tie, np.where(x64 > 0, hi, lo), rne_bits)
    elif mode == "ODD":
        r = np.where(lo & 1, lo, hi)
    else:
        r = rne_bits
    return np.where(exact, rne_bits, r).astype(rne_bits.dtype)


def f16_decode(b):
    return b.astype(np.uint16).view(np.float16).astype(np.float64)


def bf16_decode(b):
    return (b.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def f32_decode(b):
    return b.astype(np.uint32).view(np.float32).astype(np.float64)


def assert_bits_equal(got, want, what):
    bad = np.nonzero(got != want)[0]
    assert bad.size == 0, f"{what}: {bad.size} mismatches, first at {bad[:5]}: got {got[bad[:5]]} want {want[bad[:5]]}"


def test_half_to_float_exhaustive(dumps):
    got = load(dumps, "f16_f32_NONE", np.float32)
    ref = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16).astype(np.float32)
    nan = np.isnan(ref)
    assert_bits_equal(got.view(np.uint32)[~nan], ref.view(np.uint32)[~nan], "f16 -> f32")
    gb = got.view(np.uint32)[nan]
    assert np.isnan(got[nan]).all()
    assert ((gb >> 31) == (np.arange(65536)[nan] >> 15)).all(), "NaN sign must be kept"
    assert (gb & 0x400000).all(), "NaN must come out quiet"


def test_bf16_to_float_exhaustive(dumps):
    got = load(dumps, "bf16_f32_NONE", np.float32)
    ref = (np.arange(65536, dtype=np.uint32) << 16).view(np.float32)
    nan = np.isnan(ref)
    assert_bits_equal(got.view(np.uint32)[~nan], ref.view(np.uint32)[~nan], "bf16 -> f32")
    assert np.isnan(got[nan]).all()


@pytest.mark.parametrize("mode", ["NONE", "RINT"])
def test_float_to_half_rne(dumps, mode):
    x = dumps["samples"]
    got = load(dumps, f"f32_f16_{mode}", np.uint16)
    with np.errstate(over="ignore"):
        ref = x.astype(np.float16).view(np.uint16)
    nan = np.isnan(x)
    assert_bits_equal(got[~nan], ref[~nan], f"f32 -> f16 {mode}")
    g = got[nan]
    assert ((g & 0x7C00) == 0x7C00).all() and (g & 0x200).all(), "NaN must stay a quiet NaN"
    assert ((g >> 15) == (x[nan].view(np.uint32) >> 31)).all(), "NaN sign must be kept"


def test_float_to_bf16_rne(dumps):
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="pip install ml_dtypes for the bfloat16 reference")
    x = dumps["samples"]
    got = load(dumps, "f32_bf16_RINT", np.uint16)
    ref = x.astype(ml_dtypes.bfloat16).view(np.uint16)
    nan = np.isnan(x)
    assert_bits_equal(got[~nan], ref[~nan], "f32 -> bf16 RINT")
    assert (((got[nan] & 0x7F80) == 0x7F80) & ((got[nan] & 0x7F) != 0)).all()


@pytest.mark.parametrize("mode", ["FLOOR", "CEIL", "ROUND", "TRUNC", "ODD"])
def test_float_to_half_directed(dumps, mode):
    x = dumps["samples"]
    keep = ~np.isnan(x)
    x = x[keep]
    got = load(dumps, f"f32_f16_{mode}", np.uint16)[keep]
    with np.errstate(over="ignore"):
        rne = x.astype(np.float16).view(np.uint16)
    ref = directed_reference(x.astype(np.float64), rne, f16_decode, np.uint16(0x8000), mode)
    assert_bits_equal(got, ref, f"f32 -> f16 {mode}")


@pytest.mark.parametrize("mode", ["FLOOR", "CEIL", "ROUND", "TRUNC"])
def test_float_to_bf16_directed(dumps, mode):
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="pip install ml_dtypes for the bfloat16 reference")
    x = dumps["samples"]
    keep = ~np.isnan(x)
    x = x[keep]
    got = load(dumps, f"f32_bf16_{mode}", np.uint16)[keep]
    rne = x.astype(ml_dtypes.bfloat16).view(np.uint16)
    ref = directed_reference(x.astype(np.float64), rne, bf16_decode, np.uint16(0x8000), mode)
    assert_bits_equal(got, ref, f"f32 -> bf16 {mode}")


def int_round(x64, mode):
    if mode == "RINT":
        return np.rint(x64)
    if mode == "FLOOR":
        return np.floor(x64)
    if mode == "CEIL":
        return np.ceil(x64)
    if mode == "TRUNC":
        return np.trunc(x64)
    return np.sign(x64) * np.floor(np.abs(x64) + 0.5)  # ROUND: half away from zero


@pytest.mark.parametrize("mode", MODES_FLOAT)
def test_float_to_int32(dumps, mode):
    x = dumps["samples"].astype(np.float64)
    got = load(dumps, f"f32_s32_{mode}", np.int32)
    with np.errstate(invalid="ignore"):
        r = int_round(x, mode)
        ref = np.clip(np.nan_to_num(r, nan=0.0), -(2.0**31), 2.0**31 - 1).astype(np.int64).astype(np.int32)
    assert_bits_equal(got, ref, f"f32 -> s32 {mode}")


@pytest.mark.parametrize("mode", MODES_FLOAT)
def test_half_to_int32_exhaustive(dumps, mode):
    x = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16).astype(np.float64)
    got = load(dumps, f"f16_s32_{mode}", np.int32)
    with np.errstate(invalid="ignore"):
        r = int_round(x, mode)
        ref = np.clip(np.nan_to_num(r, nan=0.0), -(2.0**31), 2.0**31 - 1).astype(np.int64).astype(np.int32)
    assert_bits_equal(got, ref, f"f16 -> s32 {mode}")


@pytest.mark.parametrize("mode", MODES_FLOAT)
def test_float_to_float_integral(dumps, mode):
    x = dumps["samples"]
    got = load(dumps, f"f32_f32_{mode}", np.float32)
    with np.errstate(invalid="ignore"):
        ref = int_round(x.astype(np.float64), mode).astype(np.float32)
    ref = np.where(ref == 0, np.float32(0.0), ref)  # documented: -0 -> +0
    nan = np.isnan(x)
    assert_bits_equal(got.view(np.uint32)[~nan], ref.view(np.uint32)[~nan], f"f32 -> f32 {mode}")
    assert np.isnan(got[nan]).all()


@pytest.mark.parametrize("mode", ["NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"])  # CAST_ODD is not in the table
def test_int32_to_float(dumps, mode):
    v = dumps["samples"].view(np.int32).astype(np.float64)
    got = load(dumps, f"s32_f32_{mode}", np.uint32)
    rne = v.astype(np.float32).view(np.uint32)
    ref = directed_reference(v, rne, f32_decode, np.uint32(0x80000000), mode)
    assert_bits_equal(got, ref, f"s32 -> f32 {mode}")


def test_scalar_types_agree_with_cast(dumps):
    out = dumps["stdout"]
    assert "CHECK scalar_matches_vector_cast ok" in out, out
    assert "CHECK double_to_half_single_rounding ok" in out, out
