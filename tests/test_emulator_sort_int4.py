"""Sort32 / MrgSort / Extract, int4b_t, ArithProgression, GetSystemCycle and the scalar min / max
(tests/emulator_cpp/api_sort_int4.cpp), checked against NumPy.

Each C++ test prints `VAL <name> v0 v1 ...`; misuse tests must end in the emulator's one-line diagnosis.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("api_sort_int4")


run = kgbuild.run_vals


def ok(out: dict) -> dict:
    assert out["defect"] is None, out["raw"]
    return out["vals"]


def scores(n: int) -> np.ndarray:
    i = np.arange(n)
    return (((i * 37) % 29) - 14).astype(np.float32) * np.float32(0.25)


def sorted_desc(idx: np.ndarray, s: np.ndarray) -> np.ndarray:
    """idx ordered by descending score, equal scores in the order given (a stable sort)."""
    return idx[np.argsort(-s[idx], kind="stable")]


def test_sort32_sorts_each_group_of_32_descending_and_stable(program):
    v = ok(run(program, "sort32_forms"))
    s = scores(64)
    want = np.concatenate([sorted_desc(np.arange(g, g + 32), s) for g in (0, 32)])
    assert len(set(s[:32])) < 32  # ties occur, so the tie order is checked
    for dtype in ("f32", "f16"):
        np.testing.assert_array_equal(v[f"{dtype}_index"], want)
        np.testing.assert_array_equal(v[f"{dtype}_score"], s[want])


def _merge(lists: list[np.ndarray], s: np.ndarray, suspend: bool) -> tuple[list[int], list[int]]:
    """The documented merge: the highest score first, ties to the lower list; optionally stop when one runs out."""
    pos = [0] * len(lists)
    out = []
    while True:
        live = [k for k in range(len(lists)) if pos[k] < len(lists[k])]
        if not live or (suspend and len(live) < len(lists)):
            return out, pos
        k = min(live, key=lambda j: (-s[lists[j][pos[j]]], j))
        out.append(int(lists[k][pos[k]]))
        pos[k] += 1


def test_mrgsort_repeat_two_list_merge_extract_and_suspension(program):
    v = ok(run(program, "mrgsort_forms"))
    s = scores(256)
    runs = [sorted_desc(np.arange(g, g + 32), s) for g in range(0, 256, 32)]
    group0, _ = _merge(runs[0:4], s, False)
    group1, _ = _merge(runs[4:8], s, False)
    merged, _ = _merge([np.array(group0), np.array(group1[:100])], s, False)
    assert len(merged) == 228
    np.testing.assert_array_equal(v["merged_index"], merged[:224])  # Extract: 7 repeats of 32
    np.testing.assert_array_equal(v["merged_score"], np.r_[s[merged[:224]], [-100.0] * 32])
    runs3 = [sorted_desc(np.arange(g, g + 32), s) for g in (0, 32, 64)]
    suspended, used = _merge(runs3, s, True)
    n = len(suspended)
    assert used == [32, 31, 31] and n == 94
    np.testing.assert_array_equal(v["suspended_counts"], used + [0])
    np.testing.assert_array_equal(v["suspended_index"][:n], suspended)
    np.testing.assert_array_equal(v["suspended_score"][:n], s[suspended])
    np.testing.assert_array_equal(v["suspended_score"][n:], 0.0)  # a suspended merge writes only what it merged


def test_int4_pack_saturate_unpack_and_sizes(program):
    v = ok(run(program, "int4_cast_forms"))
    h = ((np.arange(128) % 41) - 20).astype(np.float16) * np.float16(0.5)
    q = np.r_[np.rint(h[:64].astype(np.float64)), np.trunc(h[64:].astype(np.float64))]  # RINT: half to even
    q = np.clip(q, -8, 7).astype(np.int64)
    nib = q & 0xF
    packed = nib[0::2] | (nib[1::2] << 4)  # element 2k in the low nibble of byte k
    np.testing.assert_array_equal(v["packed_bytes"], packed)
    np.testing.assert_array_equal(v["unpacked"], q)
    # 128 elements in 64 bytes; packed[64] has 64 elements; its uint8_t view 32 bytes
    np.testing.assert_array_equal(v["sizes"], [128, 64, 64, 32])


def test_arith_progression_system_cycle_and_scalar_min_max(program):
    v = ok(run(program, "system_and_progression"))
    i = np.arange(64)
    np.testing.assert_array_equal(v["f32"], np.float32(1.5) + i.astype(np.float32) * np.float32(-0.25))
    np.testing.assert_array_equal(v["s32"], -7 + 3 * i)
    # the counter advanced by 500, 5000 cycles took at least 100 us (50 MHz), min/max of int, int64_t, float
    np.testing.assert_array_equal(v["meta"], [1, 1, -4, 2, -1.25, 1])


def test_arange_counts_int64_indices_on_the_950(program):
    """Arange (asc-devkit Arange-94.md; max_pool3d_with_argmax_v2's ksize-1 kernel numbers its argmax with it):
    int64_t past 2^32 on Ascend 950, and half."""
    v = ok(run(program, "arange_forms"))
    np.testing.assert_array_equal(v["idx_from_base"], np.arange(48))   # 5000000000 + i
    np.testing.assert_array_equal(v["h"], (np.float16(-2) + np.arange(16, dtype=np.float16) * np.float16(0.5)))


def test_sort_with_a_sort_config_is_a_stable_radix_sort(program):
    """Ascend 950's Sort<T, isReuseSource, SortConfig> (ops-nn's index operators), against NumPy's stable sorts:
    int32 keys ascending with their positions, floats descending with given int64 indices (radix order: +0 before
    -0 descending, infinities at the ends), uint8 ascending."""
    v = ok(run(program, "sort_config_forms"))
    i = np.arange(96)
    keys = ((i * 37) % 29 - 14).astype(np.int32)
    order = np.argsort(keys, kind="stable")
    np.testing.assert_array_equal(v["keys"], keys[order])
    np.testing.assert_array_equal(v["key_index"], order)
    j = np.arange(40)
    f = (((j * 37) % 29 - 14) * 0.25).astype(np.float32)
    f[:8] = [-0.0, 0.0, np.inf, -np.inf, 2.5, -2.5, 0.0, -0.0]
    # the radix key: descending by (sign clear first, then magnitude up / sign set, magnitude down), stable
    key = np.where(np.signbit(f), -1.0 - np.abs(f.astype(np.float64)), np.abs(f.astype(np.float64)))
    forder = np.argsort(-key, kind="stable")
    np.testing.assert_array_equal(v["fvals"].astype(np.float32), f[forder])
    np.testing.assert_array_equal(v["fsign"], np.signbit(f[forder]).astype(np.float64))
    np.testing.assert_array_equal(v["findex"], 1000 + forder)
    np.testing.assert_array_equal(v["bytes"], np.sort((np.arange(64) * 53) % 256))


MISUSE = [
    ("mrgsort_overlap", "MrgSort: dst UB [256, 768) overlaps src2 UB [256, 512): the sort instructions do not work "
                        "in place"),
    ("mrgsort_repeat_not_contiguous", "MrgSort: repeatTimes 2 needs four lists of equal length stored one after "
                                      "another, validBit 15 and ifExhaustedSuspension false"),
    ("sort32_on_310p", "Sort32: not supported on ascend310p"),
    ("int4_odd_view", "LocalTensor::operator[]: offset 3 does not start on a byte: int4b_t packs 2 elements per byte"),
    ("int4_cast_odd_mode", "Cast: half -> int4b_t does not take CAST_ODD on ascend910b (allowed: CAST_NONE, "
                           "CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC)"),
    ("system_cycle_on_310b", "GetSystemCycle: not supported on ascend310b (Atlas A2/A3 and Ascend 950 only)"),
    ("sort_config_tmp_too_small", "Sort: sharedTmpBuffer holds 1920 bytes; sorting 96 elements of 4 bytes needs at "
                                  "least 1952 (GetSortMaxMinTmpSize's minimum)"),
    ("sort_config_on_910b", "Sort: Sort with a SortConfig is an Ascend 950 API (npu arch 3510); ascend910b"),
    ("arange_negative_diff", "Arange: diffValue is negative: Arange's diffValue is >= 0 (Arange-94.md)"),
    ("arange_int64_on_910b", "Arange: int64_t is not a supported dtype on ascend910b"),
    ("sort32_copy_out_race", "DataCopy: race on UB [512, 1024) of TBuf 2 (VECCALC): this call (pipe MTE3) reads "
                             "bytes that Sort32 (pipe V, API call #10) wrote"),
]


@pytest.mark.parametrize("name,diagnosis", MISUSE, ids=[m[0] for m in MISUSE])
def test_misuse_is_diagnosed(program, name, diagnosis):
    out = run(program, name)
    assert out["defect"] is not None and diagnosis in out["defect"], out["raw"]


def test_every_test_is_covered(program):
    listed = set(kgbuild.run_program(program, "--list").stdout.split())
    assert listed == {m[0] for m in MISUSE} | {"sort32_forms", "mrgsort_forms", "int4_cast_forms",
                                               "system_and_progression", "sort_config_forms", "arange_forms"}


def test_int4_element_access_is_a_compile_error():
    import subprocess

    src = ('#include "kernel_operator.h"\nint main() { AscendC::LocalTensor<AscendC::int4b_t> t; '
           '(void)t.GetValue(0); return 0; }\n')
    proc = subprocess.run([kgbuild.CXX, *kgbuild.BASE_FLAGS, "-fsyntax-only", "-x", "c++", "-"], input=src,
                          capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode != 0
    assert "element access (GetValue / SetValue / operator()) to a packed int4b_t tensor is not emulated" in proc.stderr


def test_row_sort_opdir_runs_sort32_mrgsort_extract_end_to_end():
    """tests/opdirs/row_sort_lite: an ops-nn layout operator (Sort32 -> MrgSort -> Extract per row, the opbase
    `op_kernel/platform_util.h` helper, the compiler's scalar min) runs unmodified and matches a stable argsort."""
    from kernelgen.emulator.emulate import run as run_opdir

    x = ((((np.arange(3 * 64) * 37) % 29) - 14).astype(np.float32) * np.float32(0.25)).reshape(3, 64)
    out = run_opdir(Path(__file__).resolve().parent / "opdirs" / "row_sort_lite", "ascend910b", {"x": x})
    want = np.argsort(-x, axis=1, kind="stable")
    np.testing.assert_array_equal(out["indices"], want)
    np.testing.assert_array_equal(out["values"], np.take_along_axis(x, want, axis=1))
