"""Ascend 950's register-level vector API (AscendC::Reg / MicroAPI, tests/emulator_cpp/api_reg.cpp) against NumPy:
ops-nn's GeluGrad register function (activation/gelu_grad, arch35) against the tanh-GELU derivative, half through
DIST_UNPACK_B16 + Cast + DIST_PACK_B32, Reduce / ReduceDataBlock, asc_vf_call with Compares + Select + MERGING Max;
and each family's misuse diagnosed with the call named."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")

N = 200


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("api_reg")


def x_in(n: int = N) -> np.ndarray:
    i = np.arange(n)
    return ((i % 29 - 14).astype(np.float32) * np.float32(0.23) + (i / 256).astype(np.float32)).astype(np.float32)


def dy_in(n: int = N) -> np.ndarray:
    return (1 - (np.arange(n) % 7) * 0.25).astype(np.float32)


def gelu_grad_tanh(dy: np.ndarray, x: np.ndarray) -> np.ndarray:
    """d/dx of 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), in float64."""
    x = x.astype(np.float64)
    k = np.sqrt(2 / np.pi)
    inner = k * (x + 0.044715 * x ** 3)
    t = np.tanh(inner)
    return dy * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * k * (1 + 3 * 0.044715 * x * x))


def test_gelu_grad_register_function_matches_the_tanh_gelu_derivative(program):
    out = kgbuild.run_vals(program, "gelu_grad_custom")
    assert out["defect"] is None, out["raw"]
    z = out["vals"]["z"].astype(np.float32)
    want = gelu_grad_tanh(dy_in(), x_in())
    # float32 through exp and a division: CANN's float32 standard (rtol 1e-4) with a margin of 10x to spare
    np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-6)
    # and not the erf-GELU derivative (the kernel computes the tanh form): they differ by ~1e-3 near |x| = 2
    x = x_in().astype(np.float64)
    from math import erf
    erf_form = dy_in() * (0.5 * (1 + np.vectorize(erf)(x / np.sqrt(2))) + x * np.exp(-x * x / 2) / np.sqrt(2 * np.pi))
    assert np.max(np.abs(z - erf_form)) > 1e-4


def test_mula_multiplies_and_adds_into_dst(program):
    out = kgbuild.run_vals(program, "mula_fused")
    assert out["defect"] is None, out["raw"]
    x = x_in().astype(np.float64)
    np.testing.assert_allclose(out["vals"]["z"].astype(np.float32), (x * x + 1.0).astype(np.float32), rtol=1e-7)


def test_half_unpack_cast_pack(program):
    out = kgbuild.run_vals(program, "half_unpack_cast_pack")
    assert out["defect"] is None, out["raw"]
    got = out["vals"]["out"].astype(np.uint16).view(np.float16)
    want = (x_in(100).astype(np.float16).astype(np.float32) * np.float32(3)).astype(np.float16)
    np.testing.assert_array_equal(got, want)


def test_cast_chain_keeps_the_float_loops_mask(program):
    out = kgbuild.run_vals(program, "cast_chain_one_wide_mask")
    assert out["defect"] is None, out["raw"]
    x = x_in(100) * np.float32(40)
    want = np.clip(np.rint(x.astype(np.float16).astype(np.float64)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(out["vals"]["q"].astype(np.int8), want)
    assert want.min() == -128 and want.max() == 127  # the sweep reaches both ends of int8


def test_histograms_count_bytes_into_two_bins(program):
    out = kgbuild.run_vals(program, "histograms_bins")
    assert out["defect"] is None, out["raw"]
    h = out["vals"]["h"].astype(np.int64).reshape(3, 128)
    v = (np.arange(256) * 7 + 3) & 0xFF
    on = v[:200]                                            # UpdateMask<uint8_t>(200)
    freq = np.bincount(on, minlength=256)
    np.testing.assert_array_equal(h[0], 5 + freq[:128])             # BIN0 FREQUENCY, added to 5
    np.testing.assert_array_equal(h[1], 5 + np.cumsum(freq[128:]))  # BIN1 ACCUMULATE: values 128..128+n
    low_bytes = v[0:80:4]                                   # a b32 mask of 20: the low byte of each 32-bit lane
    np.testing.assert_array_equal(h[2], np.bincount(low_bytes[low_bytes < 128], minlength=128))
    assert h[0].sum() - 5 * 128 + (h[1][-1] - 5) == 200    # every enabled byte lands in one bin


def test_div_algorithm_keeps_or_flushes_a_subnormal_quotient(program):
    out = kgbuild.run_vals(program, "div_algo_subnormal")
    assert out["defect"] is None, out["raw"]
    q = out["vals"]["q"].astype(np.float32).reshape(2, 64)
    tiny = np.float32(1e-30) / np.float32(1e10)       # 1e-40: a float32 subnormal
    assert 0 < tiny < np.finfo(np.float32).tiny
    np.testing.assert_array_equal(q[0, 0::2], tiny)   # PRECISION_0ULP_FTZ_FALSE keeps it
    np.testing.assert_array_equal(q[1, 0::2], 0.0)    # INTRINSIC flushes it to zero
    np.testing.assert_array_equal(q[:, 1::2], np.float32(3) / np.float32(7))  # normal quotients agree


def test_reduce_sum_max_and_datablock(program):
    out = kgbuild.run_vals(program, "reduce_rows")
    assert out["defect"] is None, out["raw"]
    r = out["vals"]["r"].astype(np.float32)
    x = x_in()
    np.testing.assert_allclose(r[0], x.astype(np.float64).sum(), rtol=1e-6)
    assert r[1] == x.max()
    np.testing.assert_allclose(r[2], x[:8].astype(np.float64).sum(), rtol=1e-6)  # the first 32-byte block
    assert r[3] == x[:64].min() and r[4] == x[:8].max()  # ReduceMin, ReduceMaxWithDataBlock (block 0)
    assert r[3] != r[4]


def test_vf_call_compares_select_and_merging_max(program):
    out = kgbuild.run_vals(program, "vf_call_select")
    assert out["defect"] is None, out["raw"]
    v = x_in() * np.float32(1.5)
    v = np.maximum(v, np.float32(-0.5))
    want = np.where(x_in() * np.float32(1.5) > 0, v, np.float32(-0.5))
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), want)


def test_atvoss_reduce_schedule_pattern(program):
    # the rows summed in a register (ATVOSS reduce_operator.h's cache pattern), a gather by index register, and
    # the positive elements compressed by Squeeze and stored by StoreUnAlign through the AR register
    out = kgbuild.run_vals(program, "reduce_schedule_pattern")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]
    a, r = 100, 5
    x = x_in(a * r).reshape(r, a)
    want = x[0].copy()
    for k in range(1, r):
        want = (want + x[k]).astype(np.float32)
    np.testing.assert_array_equal(v["sum"].astype(np.float32), want)
    np.testing.assert_array_equal(v["gather"].astype(np.float32), x[0][0:64:2])
    kept = x[0][x[0] > 0]
    assert int(v["kept"][0]) == kept.size
    np.testing.assert_array_equal(v["pos"].astype(np.float32), kept)


def test_unqualified_calls_with_template_arguments_reach_the_reg_api(program):
    # the norm family's style: LoadAlign<...>, Move<..., MERGING>, Reduce<...>, StoreAlign<...> unqualified (ADL)
    out = kgbuild.run_vals(program, "unqualified_fold")
    assert out["defect"] is None, out["raw"]
    x = x_in(128).astype(np.float64)
    folded = x[:64].copy()
    folded[:40] += x[64:104]
    np.testing.assert_allclose(out["vals"]["r"].astype(np.float32), [folded.sum(), x[:64].sum()], rtol=1e-6)


def test_fp8_cast_matches_ml_dtypes_with_and_without_saturation(program):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    out = kgbuild.run_vals(program, "fp8_cast_pack")
    assert out["defect"] is None, out["raw"]
    q = out["vals"]["q"].astype(np.uint8)
    x = out["vals"]["x"].astype(np.float32)
    assert np.isnan(x[18]) and np.isinf(x[16]) and x[5] == 500  # the inputs include overflow, inf and NaN
    for k, (dt, top) in enumerate([(ml_dtypes.float8_e4m3fn, 448.0), (ml_dtypes.float8_e5m2, 57344.0)]):
        # SatMode::SAT: overflow and infinities to +-max, NaN to 0 (CTRL[50] = 0); NO_SAT: the plain conversion
        sat = np.where(np.isnan(x), 0, np.clip(x, -top, top)).astype(np.float32).astype(dt).view(np.uint8)
        np.testing.assert_array_equal(q[128 * k:128 * k + 64], sat)
        np.testing.assert_array_equal(q[128 * k + 64:128 * k + 128], x.astype(dt).view(np.uint8))
    assert q[5] == 0x7E and q[64 + 5] == 0x7F  # 500 in e4m3fn: 448 saturated, NaN (no infinity) otherwise


def test_unaligned_copy_through_unalign_registers(program):
    out = kgbuild.run_vals(program, "unaligned_copy")
    assert out["defect"] is None, out["raw"]
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), x_in(100))


def test_subs_both_scalar_positions_and_copy(program):
    out = kgbuild.run_vals(program, "subs_copy")
    assert out["defect"] is None, out["raw"]
    x = x_in(64)
    y = out["vals"]["y"].astype(np.float32)
    np.testing.assert_array_equal(y[:64], (np.float32(1) - x) * x)
    np.testing.assert_array_equal(y[64:], x - np.float32(0.5))


def test_duplicate_takes_its_template_arguments_in_the_documented_order(program):
    out = kgbuild.run_vals(program, "duplicate_documented_arguments")
    assert out["defect"] is None, out["raw"]
    d = out["vals"]["d"].astype(np.float32)
    np.testing.assert_array_equal(d[:64], np.ones(64, np.float32))
    np.testing.assert_array_equal(d[64:104], np.full(40, 7.0, np.float32))   # src's element 0 (Arange from 7)
    np.testing.assert_array_equal(d[104:128], np.zeros(24, np.float32))      # zeroing past the mask's 40
    np.testing.assert_array_equal(d[128:168], np.full(40, 0.5, np.float32))
    np.testing.assert_array_equal(d[168:], np.zeros(24, np.float32))


def test_scalar_bit_builtins(program):
    out = kgbuild.run_vals(program, "scalar_bit_builtins")
    assert out["defect"] is None, out["raw"]
    # asc_clz.md's example (4), 64 for 0; 8 ones and 56 zeros in 0xF0F0; floor(log2(37)); 3 trailing ones of 7
    assert out["vals"]["b"].astype(int).tolist() == [4, 64, 8, 56, 5, 3, 63, 64]


def test_older_unaligned_names_load_squeeze_and_store_by_ar(program):
    """ids[i] = i // 5 from element 8 on: a new segment starts where ids[i] != ids[i - 1], at 10, 15, ..., 70 (13
    starts among elements 8..71); the AR form stores exactly those 13 positions, the rest of keep stays -1."""
    out = kgbuild.run_vals(program, "older_unaligned_names")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]["older"]
    starts = [i for i in range(8, 72) if i // 5 != (i - 1) // 5]
    assert v[0] == len(starts) == 13
    np.testing.assert_array_equal(v[1:14], starts)
    np.testing.assert_array_equal(v[14:17], [-1, -1, -1])


def test_register_gather_takes_lanes_by_an_index_register(program):
    """Reg Gather(dst, src, index) (swiglu_backward_mx_quant_with_dual_axis permutes its scales so): dst[i] =
    src[index[i] % 128] for uint16 lanes; a signed index register is the page's misuse."""
    out = kgbuild.run_vals(program, "reg_gather_by_index_register")
    assert out["defect"] is None, out["raw"]
    i = np.arange(128)
    np.testing.assert_array_equal(out["vals"]["gathered"], 3 * ((300 - i) % 128))
    out = kgbuild.run_vals(program, "reg_gather_signed_index")
    assert out["defect"] is not None and "Reg::Gather: the index register holds 2-byte signed elements" in out["defect"]


def test_older_dual_datacopy_forms_deinterleave_and_interleave(program):
    """DataCopy<T, POST_MODE_UPDATE, DIST_DINTLV_B16>(even, odd, cursor, 256), the AddrReg dual load and the AddrReg
    interleaving stores of odd before even: every pair of 0..511 swapped, the cursor 256 elements on."""
    out = kgbuild.run_vals(program, "older_dual_datacopy")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]["dual"]
    want = np.arange(512).reshape(-1, 2)[:, ::-1].reshape(-1)
    np.testing.assert_array_equal(v[:512], want)
    assert v[512] == 256


def test_block_copy_mode_moves_whole_blocks_by_their_stride_and_mask(program):
    """非连续对齐搬入/搬出 (DataCopyMode::DATA_BLOCK_COPY): the register's block k from src block 2k where the mask
    enables any of its lanes (48 of 64: blocks 0-5; blocks 6, 7 are zeros), stored to dst block 3k; the PostUpdate
    form moves dst on by 24 blocks, where the 48-lane store fills blocks 24-29 and leaves 30, 31 alone."""
    out = kgbuild.run_vals(program, "block_copy_mode")
    assert out["defect"] is None, out["raw"]
    dst = np.asarray(out["vals"]["blocks"]).reshape(32, 8)
    src = np.arange(128).reshape(16, 8)
    reg = np.vstack([src[0:12:2], np.zeros((2, 8))])
    want = np.full((32, 8), -1.0)
    want[0:24:3] = reg
    want[24:30] = reg[:6]
    np.testing.assert_array_equal(dst, want)


def test_ar_store_appends_from_a_copied_base(program):
    """0..127 in two registers; the multiples of 7 kept by a STORE_REG Squeeze per register and stored by the AR form
    through a helper holding a copy of the base: 0, 7, ..., 63 then 70, ..., 126 (19 values), one after the other."""
    out = kgbuild.run_vals(program, "ar_store_from_a_copied_base")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]["kept7"]
    sevens = np.arange(0, 128, 7)
    np.testing.assert_array_equal(v[:19], sevens)
    np.testing.assert_array_equal(v[19:], -1.0)   # nothing past them, and the second chunk not over the first


def test_block_builtin_functions_name_the_running_block(program):
    out = kgbuild.run_vals(program, "block_builtin_functions")
    assert out["defect"] is None, out["raw"]
    assert out["vals"]["blocks"].astype(int).tolist() == [0, 3, 1, 3, 2, 3]   # (index, count) per block


def test_numeric_limits_and_ctrl_register(program):
    out = kgbuild.run_vals(program, "limits_and_ctrl")
    assert out["defect"] is None, out["raw"]
    o = out["vals"]["o"].astype(np.float32)  # printed with 9 significant digits: float32 round-trips
    f16 = np.finfo(np.float16)
    assert o[0] == -np.inf
    assert o[1] == np.float32(f16.max) and o[3] == np.float32(f16.tiny) and o[4] == np.float32(f16.smallest_subnormal)
    assert o[5] == -32768
    assert o[2] == np.float32(-3.3895313892515355e38)  # bfloat16's lowest (0xFF7F)
    assert int(o[6]) == 0x7E00 and int(o[7]) == 0x7FA0  # quiet NaN: top mantissa bit 1; signaling: 0
    assert o[8] == 1 and o[9] == 2  # CTRL[60] resets to 1; CTRL[8:6] = 2 reads back through CTRL[10:6]


def test_masks_stored_and_loaded_through_an_addr_reg_choose_the_same_lanes(program):
    """index/non_zero's arch35 kernels store Compare masks to UB with DataCopy(ptr, mask, AddrReg), order them with
    mem_bar(VST_VLD) and load them back (MaskReg搬入/搬出（LoadAlign/StoreAlign）.md: VL/8 = 32 bytes, DIST_NORM)."""
    v = kgbuild.run_vals(program, "mask_through_ub_addrreg")
    assert v["defect"] is None, v["raw"]
    i = np.arange(128)
    x = x_in(128)
    np.testing.assert_array_equal(v["vals"]["picked"].astype(np.float32), np.where(x > 0, x, np.float32(0)))
    # a b32 comparison sets predicate bit 4k for lane k of each 256-bit image; the two images lie back to back
    bits = np.zeros(2 * 256, np.uint8)
    bits[4 * i] = x > 0
    want = np.packbits(bits, bitorder="little")
    np.testing.assert_array_equal(v["vals"]["mask_bytes"].astype(np.uint8), want)
    assert 0 < (x > 0).sum() < 128


def test_pooling_register_forms_mull_scatter_mask_logic(program):
    # ops-nn pooling on the 950: FastDivImpl (Mull's high word), NaN-keeping max (Or of two Compare masks), Scatter
    # to an output permutation; AscendC::F32_NEG_INF read from a free helper; GlobalTensor::ReinterpretCast
    out = kgbuild.run_vals(program, "pool_fastdiv_scatter")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]
    n = np.arange(64, dtype=np.uint64) * 33554393
    np.testing.assert_array_equal(v["q"], n // 6)                       # the magic-number division is exact
    np.testing.assert_array_equal(v["lo"], (n * 1431655766) & 0xFFFFFFFF)
    prod = -(np.arange(64, dtype=np.int64) * 1000003) * 70001            # int32 x int32 as 64 bits
    np.testing.assert_array_equal(v["slo"], prod & 0xFFFFFFFF)
    np.testing.assert_array_equal(v["shi"], prod >> 32)
    assert (v["shi"] < 0).sum() > 40 and v["shi"][0] == 0               # the signed high word (-1 for small ones)
    a = (np.arange(64) % 7).astype(np.float32)
    a[3] = np.nan
    want_max = np.where((a > 3) | np.isnan(a), a, np.float32(3))
    np.testing.assert_array_equal(v["max"], want_max)                    # NaN kept at lane 3
    scattered = np.full(64, -1.0)
    lanes = np.arange(60)
    scattered[(lanes * 5) % 64] = want_max[:60]
    np.testing.assert_array_equal(v["scattered"], scattered)             # 4 masked lanes leave 4 targets at -1
    assert (v["scattered"] == -1).sum() == 4
    words = np.arange(16, dtype=np.int32) * 65536 + np.arange(1, 17, dtype=np.int32)
    np.testing.assert_array_equal(v["halves"], words.view(np.int16))     # little-endian: low half first
    np.testing.assert_array_equal(v["sizes"], [16, 32])
    assert v["ninf"][0] == -np.inf


def test_reg_trait_two_halves_are_the_documented_registers(program):
    """RegTensor.md: a b64 RegTraitNumTwo register keeps each element's low 32 bits in reg[0] and its high 32 bits in
    reg[1] (lane i for element i); pooling's kernels take `(RegTensor<int32_t>&)two.reg[0]` as the int32 indices, and
    write a float pair through reg[0] / reg[1]."""
    out = kgbuild.run_vals(program, "reg_trait_two_halves")
    assert out["defect"] is None, out["raw"]
    v = out["vals"]
    idx = (np.arange(64, dtype=np.int64) - 20) * 3 + 5
    np.testing.assert_array_equal(v["lo"], idx.astype(np.int32))            # low halves, as int32
    np.testing.assert_array_equal(v["hi"], np.where(idx < 0, -1, 0))         # the sign-extension words
    assert not np.array_equal(v["lo"], idx.view(np.int32)[:64])             # not the interleaved image
    np.testing.assert_array_equal(v["rehigh"], np.full(64, 2))              # reg[1] := 2 lands in the high halves
    np.testing.assert_array_equal(v["relow"], idx.astype(np.int32))         # and keeps the low ones
    np.testing.assert_array_equal(v["pair"], np.r_[np.full(64, 1.5), np.full(64, -2.5)])
    # a one-register b64 tensor's reg[0] is its own image: int64 -3, -2, -1, 0 as little-endian int32 words
    np.testing.assert_array_equal(v["one"], (np.arange(4, dtype=np.int64) - 3).view(np.int32))


@pytest.mark.parametrize("name, diagnosis", [
    ("mask_of_wrong_width", "Reg::Add: the mask was made for b16 elements (UpdateMask/CreateMask/Compare<2-byte "
                            "type>) and is used on b32 elements: each b32 element reads the predicate bit of its "
                            "first byte, so the mask enables other elements than it counts (make it with the "
                            "operands' type)"),
    ("store_past_view", "Reg::StoreAlign: writes UB [256, 512), past the end of the LocalTensor view at UB [0, 400) "
                        "that its address lies in (112 bytes beyond it): the store overruns the tensor"),
    ("unaligned_load", "Reg::LoadAlign: UB address offset 4 is not 32-byte aligned, which LoadDist::DIST_NORM "
                       "requires (the unaligned forms are LoadUnAlign / StoreUnAlign)"),
    ("merging_mul", "Reg::Mul: MaskMergeMode::MERGING is not supported by this operation (asc-devkit's MergeMode "
                    "appendix: it takes MaskMergeMode::ZEROING only; MERGING exists for Add, Max, Min, Move and "
                    "Copy)"),
    ("cast_mask_narrower_than_both", "Reg::Cast: the mask was made for b8 elements (UpdateMask/CreateMask/"
                                     "Compare<1-byte type>) and is used on b32 elements: each b32 element reads the "
                                     "predicate bit of its first byte, so the mask enables other elements than it "
                                     "counts (make it with the operands' type)"),
    ("div_0ulp_on_half", "Reg::Div: DivAlgo 4 (a 0-ulp algorithm) takes float only, not 2-byte elements"),
    ("cast_bad_layout", "Reg::Cast: RegLayout 2 does not exist for a 2-to-4 byte widening cast (ZERO..1)"),
    ("vf_reads_before_mte2", "__VEC_SCOPE__: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe V) reads "
                             "bytes that DataCopy (pipe MTE2, API call #4) wrote, and nothing orders pipe MTE2 before "
                             "pipe V in between (on the NPU the result depends on timing): add "
                             "SetFlag/WaitFlag<HardEvent::MTE2_V> between them, or pass the tensor through "
                             "EnQue/DeQue"),
    ("ctrl_field_undocumented", "SetCtrlSpr: CTRL[20:20] is not a field ascend950 lets a kernel set (Ascend 950: "
                                "CTRL[8:6], [10:9], 45, 48, 50, 53, 59, 60)"),
    ("ctrl_value_too_wide", "SetCtrlSpr: value 4 does not fit CTRL[10:9] (2 bits: 0..3)"),
    ("subs_on_910b", "Subs: Subs (a flexible scalar position) is an Ascend 950 API (npu arch 3510); ascend910b "
                     "(arch 2201) has none: use Adds with the negated scalar"),
    ("mask_store_unaligned_addrreg", "Reg::StoreAlign: UB address offset 4 is not 32-byte aligned, which a MaskReg "
                                     "StoreAlign requires (the unaligned forms are LoadUnAlign / StoreUnAlign)"),
    ("scatter_repeated_index", "Reg::Scatter: index lanes 2 and 9 both hold 2: Scatter's enabled indexes must be "
                               "distinct (which element lands is undefined)"),
    ("scatter_past_view", "Reg::Scatter: writes UB [160, 164), past the end of the LocalTensor view at UB [0, 128) "
                          "that its address lies in (36 bytes beyond it): the store overruns the tensor"),
    ("gm_reinterpret_on_910b", "GlobalTensor::ReinterpretCast: GlobalTensor::ReinterpretCast is an Ascend 950 API "
                               "(npu arch 3510); ascend910b (arch 2201) has none: set a second GlobalTensor of the "
                               "new type on the same address"),
    ("duplicate_highest_part", "Reg::Duplicate: pos must be HighLowPart::LOWEST (the only position the register "
                               "form supports)"),
    ("reg_trait_two_third_register", "RegTensor::reg: index 2: a RegTraitNumTwo register has reg[0] and reg[1] "
                                     "only"),
    ("reg_on_910b", "Reg::CreateMask: the Reg (MicroAPI) register-level vector API is an Ascend 950 API (npu arch "
                    "3510); ascend910b (arch 2201) has none: use the vector APIs on LocalTensor operands"),
])
def test_misuse_is_a_defect_naming_the_call(program, name, diagnosis):
    out = kgbuild.run_vals(program, name)
    assert out["defect"] == f"block 0: {diagnosis}", out["raw"]
