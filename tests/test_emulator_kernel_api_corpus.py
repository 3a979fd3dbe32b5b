"""Kernel APIs and overloads added for ops-nn operators (tests/emulator_cpp/api_corpus.cpp), checked against NumPy.

Each C++ test prints `VAL <name> v0 v1 ...`; misuse tests must end in the emulator's one-line diagnosis.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("api_corpus")


run = kgbuild.run_vals


def ok(out: dict) -> dict:
    assert out["defect"] is None, out["raw"]
    assert all(v.startswith("ok") for v in out["checks"].values()), out["raw"]
    return out["vals"]


def inputs(n: int) -> np.ndarray:
    i = np.arange(n)
    return ((i % 13 - 6).astype(np.float32) * np.float32(0.37) + (i / 64).astype(np.float32)).astype(np.float32)


def test_tbuf_alloc_enque_deque_free(program):
    v = ok(run(program, "tbuf_queue_interface"))
    x = inputs(64)
    np.testing.assert_array_equal(v["y"].astype(np.float32), x * np.float32(2) + np.float32(1))


def test_quebind_user_positions_and_constexpr_half(program):
    v = ok(run(program, "quebind_user_positions"))
    alpha = np.float16(1.6732632423543772848170429916717)
    assert int(v["alpha"][0]) == int(alpha.view(np.uint16))
    want = (inputs(128).astype(np.float16).astype(np.float32) * np.float32(alpha)).astype(np.float16)
    np.testing.assert_array_equal(v["y"].astype(np.uint16), want.view(np.uint16))


def test_quebind_passes_through_veccalc_on_the_950(program):
    """index/non_zero(_with_value)'s arch35 kernels carry one buffer GM -> VECIN -> VECCALC -> VECOUT -> GM
    through a TQueBind<VECIN, VECOUT>; asc-devkit's dav_3510 EnQue/DeQue order those hops MTE2 -> V and V -> MTE3
    (GetPipeByPos), so the sanitizer sees the copy in ordered before the Muls and the Muls before the copy out
    (with V -> V for the first hop, as for VECIN -> VECOUT, it reports the copy in racing the Muls)."""
    v = ok(run(program, "quebind_through_calc_950"))
    alpha = np.float16(1.6732632423543772848170429916717)
    want = (inputs(128).astype(np.float16).astype(np.float32) * np.float32(alpha)).astype(np.float16)
    np.testing.assert_array_equal(v["y"].astype(np.uint16), want.view(np.uint16))


def _round_to_odd_half(x: np.ndarray) -> np.ndarray:
    """float32 -> float16 bits, von Neumann rounding: truncate toward zero, then set the last bit if inexact."""
    out = []
    for f in x.astype(np.float64):
        h = np.float16(f)
        if float(h) == f:
            out.append(int(h.view(np.uint16)))
            continue
        toward0 = h if abs(float(h)) < abs(f) else np.nextafter(h, np.float16(0))
        out.append(int(np.float16(toward0).view(np.uint16)) | 1)
    return np.array(out)


def test_scalar_cast_and_std_min_max(program):
    v = ok(run(program, "scalar_cast"))
    x = v["in"].astype(np.float32)
    assert len(x) == 40
    np.testing.assert_array_equal(v["odd_half"], _round_to_odd_half(x))
    np.testing.assert_array_equal(v["rint_bf16"], x.astype(ml_dtypes.bfloat16).view(np.uint16))
    np.testing.assert_array_equal(v["round_s32"], np.where(x >= 0, np.floor(x + 0.5), np.ceil(x - 0.5)))
    np.testing.assert_array_equal(v["floor_s32"], np.floor(x))
    np.testing.assert_array_equal(v["ceil_s32"], np.ceil(x))
    np.testing.assert_array_equal(v["rint_s32"], np.rint(x))


def test_deq_scale_cast_and_ascendc_utils_set_mask(program):
    v = ok(run(program, "deq_scale_and_set_mask"))
    i = np.arange(64)
    np.testing.assert_array_equal(v["deq_half"], ((i * 37 - 1000) * 0.25).astype(np.float16).astype(np.float64))
    want = np.ones(128)
    want[(np.arange(128) % 64) < 16] = 6.0  # SetMask<float>(16): 16 of the 64 lanes of each repeat
    np.testing.assert_array_equal(v["masked_adds"], want)
    # GetC0Count: elements per 32-byte block for 1/2/4/8-byte types; GetBitSize: bits of a byte count
    np.testing.assert_array_equal(v["c0_and_bits"], [32, 16, 8, 4, 8, 32])


def test_init_global_memory(program):
    v = ok(run(program, "init_global_memory"))
    untouched = np.frombuffer(b"\x7f" * 4, np.float32)[0]
    np.testing.assert_array_equal(v["w"].astype(np.float32), np.r_[np.full(96, -2.5, np.float32), [untouched] * 4])


def test_init_output_fills_like_init_global_memory(program):
    v = ok(run(program, "init_output"))
    untouched = np.frombuffer(b"\x7f" * 4, np.float32)[0]
    want = np.r_[[untouched] * 8, np.full(40, 1.5, np.float32), np.zeros(50, np.float32), [untouched] * 2]
    np.testing.assert_array_equal(v["w"].astype(np.float32), want)


def test_fill_gm_takes_the_socs_types(program):
    v = ok(run(program, "fill_gm"))
    np.testing.assert_array_equal(v["m"], np.r_[np.full(64, -3), np.full(8, 0x7F)])
    untouched64 = np.frombuffer(b"\x7f" * 8, np.int64)[0]
    d = np.r_[untouched64, np.full(4, 1 << 40, np.int64), untouched64]
    # printed through float with 9 digits: the (low, high) int32 halves, 0 and 256 exact, the 0x7F fill to 9 digits
    halves = d.view(np.int32)
    np.testing.assert_array_equal(v["d_hi"][2:10], halves[2:10])
    np.testing.assert_allclose(v["d_hi"][[0, 1, 10, 11]], halves[[0, 1, 10, 11]], rtol=1e-8)
    untouched = float(np.frombuffer(b"\x7f" * 2, np.float16)[0])
    np.testing.assert_array_equal(v["w"], np.r_[[untouched] * 2, np.full(30, 0.75), [untouched] * 8])


def test_gather_count_and_mask_forms(program):
    v = ok(run(program, "gather_forms"))
    src = inputs(128)
    want = np.zeros(128, np.float32)
    want[:100] = src[4 + (np.arange(100) * 37) % 100]
    np.testing.assert_array_equal(v["gather_count"].astype(np.float32), want)
    hs = src.astype(np.float16)
    want_h = np.zeros(128, np.float16)
    want_h[:100] = hs[127 - np.arange(100)]
    np.testing.assert_array_equal(v["gather_mask"].astype(np.float16), want_h)


def test_gather_offsets_may_pass_src_view_within_its_buffer(program):
    out = run(program, "gather_past_view_ok")
    ok(out)
    assert out["checks"] == {"gathered_past_view": "ok"}, out["raw"]


def test_gather_mask_patterns(program):
    v = ok(run(program, "gather_mask_forms"))
    src = np.arange(1, 257, dtype=np.float32)
    y = v["gm_y"].astype(np.float32)
    odd = src[1:128:2]                                # pattern 2, two repeats of 64
    k = np.arange(64)
    p5 = src[(k // 8) * 16 + k % 8][k % 4 == 2]      # pattern 5, block stride 2
    words = np.array([0x0F0F0F0F ^ (w * 0x01010101) for w in range(16)], np.uint32)
    bits = np.unpackbits(words.view(np.uint8), bitorder="little")[:70].astype(bool)
    user = np.concatenate([src[r * 32 + np.arange(70)][bits] for r in range(2)])
    assert list(v["gm_counts"]) == [len(odd), len(p5), len(user)]
    np.testing.assert_array_equal(y[:64], odd)
    np.testing.assert_array_equal(y[64:64 + len(p5)], p5)
    np.testing.assert_array_equal(y[128:128 + len(user)], user)


def test_sign_and_its_tmp_sizes(program):
    v = ok(run(program, "sign_values"))
    x = v["sign_in"].astype(np.float32)
    want = np.nan_to_num(np.sign(x), nan=0.0)  # documented: NaN -> 0, -0 -> 0
    np.testing.assert_array_equal(v["sign_f32"], want)
    np.testing.assert_array_equal(v["sign_f16"], np.nan_to_num(np.sign(x.astype(np.float16)), nan=0.0))
    assert list(v["sign_tmp_sizes"]) == [3 * 1024 * 2, 3 * 256]  # shape 1024, half


def test_trans_data_to_5hd_transpose_scatter(program):
    v = ok(run(program, "transpose_forms"))
    h = np.arange(256, dtype=np.float16).reshape(16, 16)
    np.testing.assert_array_equal(v["t5hd_half"].reshape(16, 16), h.T)       # dst block j = element j of each row
    np.testing.assert_array_equal(v["transpose"].reshape(16, 16), h.T)
    f = (np.arange(256, dtype=np.float32) + 0.5).reshape(16, 16)
    want = np.zeros((2, 16, 8), np.float32)  # repeat r, dst block j, element i
    for r in range(2):
        for e in range(8):                    # element e of the 16 source blocks (rows, shifted r blocks)
            want[r, 2 * e] = f[0:8, r * 8 + e]
            want[r, 2 * e + 1] = f[8:16, r * 8 + e]
    np.testing.assert_array_equal(v["t5hd_float"].astype(np.float32), want.reshape(-1))
    sc = np.full(64, -1.0, np.float32)
    sc[16 + (5 * np.arange(16)) % 16] = f.reshape(-1)[:16]
    np.testing.assert_array_equal(v["scatter"].astype(np.float32), sc)


def test_pair_and_repeat_reduce_sum(program):
    v = ok(run(program, "pair_and_repeat_reduce"))
    x = inputs(256)
    full = np.zeros(128, np.float32)
    full[:96] = x[:192].reshape(-1, 2).astype(np.float64).sum(axis=1).astype(np.float32)
    np.testing.assert_allclose(v["pair_full"], full, rtol=1e-6, atol=1e-6)
    z = np.zeros(64, np.float64)
    for r in range(2):
        rep = x[r * 64:(r + 1) * 64].astype(np.float64)
        z[r * 32:r * 32 + 5] = rep[:10].reshape(5, 2).sum(axis=1)
        z[r * 32 + 20] = rep[40]
    z[32:35] = [x[r * 64:r * 64 + 20].astype(np.float64).sum() for r in range(3)]  # RepeatReduceSum overwrites
    np.testing.assert_allclose(v["pair_bits_and_repeat"], z.astype(np.float32), rtol=1e-6, atol=1e-6)


def test_reduce_with_pattern(program):
    v = ok(run(program, "reduce_patterns"))["reduce_patterns"]
    x = inputs(256).astype(np.float64)
    want = np.zeros(64)
    want[:5] = x[:80].reshape(5, 16)[:, :10].sum(axis=1)        # AR, rows padded to 16 floats
    want[8:16] = x[:48].reshape(6, 8).sum(axis=0)               # RA
    want[16:21] = x[:50].reshape(5, 10).max(axis=1)             # AR, unpadded
    want[63] = 1.0                                              # g_coreType == AIV
    np.testing.assert_allclose(v, want.astype(np.float32), rtol=1e-6, atol=1e-6)


def test_reduce_with_pattern_over_int64_on_the_950_is_exact(program):
    v = ok(run(program, "reduce_pattern_int64_950"))["reduce_int64"]
    i = np.arange(48, dtype=np.int64)
    x = ((1 << 40) + (i % 7) * 3 - i).reshape(4, 12)
    want = np.concatenate([x.sum(axis=1), x.max(axis=0)])
    assert [int(a) for a in v] == [int(w) for w in want]
    # summed through float32, as the form for floats does, the four sums would be off by tens of thousands
    assert any(int(np.float32(r.astype(np.float64)).sum(dtype=np.float32)) != int(r.sum()) for r in x)


def test_tbuf_pool(program):
    v = ok(run(program, "tbuf_pool"))
    np.testing.assert_array_equal(v["pool_y"].astype(np.float32), inputs(64) * np.float32(3))
    # the pool starts after the 512-byte TBuf; its queue takes 2 x 1024 bytes, its TBuf the next 1024; after Reset
    # a new TBuf starts at the pool's start again, and the twin pool shares those bytes
    assert list(v["pool_offsets"]) == [512 + 2048, 512, 512]


MISUSE = [
    ("tbuf_free_foreign", "TBuf::FreeTensor: the tensor (UB buffer [0, 1024)) does not come from this TBuf "
                          "(UB [1024, 2048)): it belongs to another TBuf or queue"),
    ("quebind_bad_user_positions", "EnQue: user positions VECOUT -> VECIN are not a hop of this TQueBind<VECIN, "
                                   "VECOUT> (valid: GM -> VECIN, VECIN -> VECOUT, VECOUT -> GM; VECIN -> VECCALC -> "
                                   "VECOUT only on the 950)"),
    ("quebind_through_calc_on_910b", "EnQue: user positions VECIN -> VECCALC are not a hop of this TQueBind<VECIN, "
                                     "VECOUT> (valid: GM -> VECIN, VECIN -> VECOUT, VECOUT -> GM; VECIN -> VECCALC "
                                     "-> VECOUT only on the 950)"),
    ("init_global_memory_past_end", "InitGlobalMemory: writes bytes [0, 288) of 'w' which has 256 bytes"),
    ("init_output_past_end", "InitOutput: writes bytes [160, 280) of 'w' which has 256 bytes"),
    ("fill_gm_int8_on_910b", "Fill: a 1-byte element type is not supported on ascend910b (uint16_t, int16_t, half"),
    ("gather_unaligned_offset", "Gather: offset 1 of element 1 is not a multiple of 4 bytes (sizeof float)"),
    ("gather_past_src_buffer", "Gather: offset 1120 bytes of element 7 reads past the end of src's buffer [0, 1024)"),
    ("gather_mask_bad_pattern", "GatherMask: built-in pattern 8 is outside [1, 7]"),
    ("pair_reduce_bad_mask", "PairReduceSum: mask 65 is outside [1, 64]"),
    ("reduce_pattern_empty_axis", "ReduceSum: srcShape {4, 0} has an empty axis"),
    ("reduce_pattern_int64_on_910b", "ReduceSum: int64_t is not a supported dtype on ascend910b"),
    ("tbuf_pool_overflow", "TBufPool::InitBuffer: TBufPool overflow: 3072 more bytes bring the pool to 3072 bytes, "
                           "above its 2048 bytes (TPipe::InitBufPool length)"),
    ("c0_count_of_a_3_byte_type", "AscendCUtils::GetC0Count: typeSize 3 is not an element size (1, 2, 4 or 8 bytes)"),
    ("tpipe_member_copied", "TPipe: a second TPipe was constructed while one is alive"),
    ("trans5hd_unaligned_address", "TransDataTo5HD: dstList[3] is at UB offset 1128, which is not 32-byte aligned"),
    ("ascendc_assert_fails", "ASCENDC_ASSERT: Assertion `b != 0' failed at"),
    ("load_data_repeat_mode", "SetLoadDataRepeat: repeatMode 2 is outside [0, 1] (0: along height, 1: along width)"),
    ("icache_preload_too_long", "ICachePreLoad: preFetchLen 8 (2 KiB units) must be in [0, 8) on an AIV (ICache 16 KiB)"),
]


@pytest.mark.parametrize("name,diagnosis", MISUSE, ids=[m[0] for m in MISUSE])
def test_misuse_is_diagnosed(program, name, diagnosis):
    out = run(program, name)
    assert out["defect"] is not None and diagnosis in out["defect"], out["raw"]


def test_every_corpus_api_test_is_covered(program):
    listed = set(kgbuild.run_program(program, "--list").stdout.split())
    covered = {m[0] for m in MISUSE} | {"tbuf_queue_interface", "quebind_user_positions", "scalar_cast",
                                        "deq_scale_and_set_mask", "init_global_memory", "init_output", "fill_gm", "gather_forms",
                                        "gather_mask_forms", "gather_past_view_ok", "sign_values", "transpose_forms",
                                        "pair_and_repeat_reduce", "reduce_patterns", "reduce_pattern_int64_950",
                                        "tbuf_pool", "quebind_through_calc_950"}
    assert listed == covered


# ---- compile-time misuse: the library's static_asserts, with a message naming the rule ----
def _compile_src(src: str) -> subprocess.CompletedProcess:
    return subprocess.run([kgbuild.CXX, *kgbuild.BASE_FLAGS, "-fsyntax-only", "-x", "c++", "-"], input=src,
                          capture_output=True, text=True, check=False, timeout=120)


def _compile(body: str) -> subprocess.CompletedProcess:
    return _compile_src(f'#include "kernel_operator.h"\nint main() {{ {body} return 0; }}\n')


@pytest.mark.parametrize("body,message", [
    ("AscendC::Reg::RegTensor<half> s; AscendC::Reg::RegTensor<uint16_t> d; AscendC::Reg::MaskReg m; "
     "AscendC::Reg::Histograms<half, uint16_t, AscendC::Reg::HistogramsBinType::BIN0, "
     "AscendC::Reg::HistogramsType::FREQUENCY>(d, s, m);",
     "Reg::Histograms counts uint8_t source lanes into uint16_t destination lanes"),
    ("int64_t a = 1; int32_t b = 2; (void)AscendC::Std::min(a, b);",
     "AscendC::Std::min compares two values of the same type"),
    ("(void)AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_RINT>(1.0f);",
     "ScalarCast float -> half takes CAST_ODD"),
    ("(void)AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_TRUNC>(1.0f);",
     "ScalarCast float -> int32_t takes CAST_ROUND, CAST_CEIL, CAST_FLOOR or CAST_RINT"),
    ("AscendC::Reg::RegTensor<float> a, b, c, d; AscendC::Reg::MaskReg m; AscendC::Reg::Mull(a, b, c, d, m);",
     "Reg::Mull takes int32_t and uint32_t registers only"),
    ("AscendC::Reg::RegTensor<float> s; AscendC::Reg::RegTensor<uint16_t> i; AscendC::Reg::MaskReg m; "
     "AscendC::Reg::Scatter((float*)nullptr, s, i, m);",
     "Reg::Scatter indexes: uint16_t for 8/16-bit data, uint32_t for 32-bit"),
    ("AscendC::LocalTensor<half> c, a, b; AscendC::Mmad(c, a, b, AscendC::MmadParams());",
     "Mmad: the cube takes int8 x int8 -> int32_t and half / bfloat16_t / float pairs -> float"),
    ("AscendC::LocalTensor<half> a, b; AscendC::Load3DBitModeParam p; p.SetConfig0(1); p.SetChannelSize(16); "
     "AscendC::LoadData<AscendC::TPosition::A2, AscendC::TPosition::A1, half>(a, b, p);",
     "LoadData with Load3DBitModeParam (img2col) is not emulated yet"),
    ("AscendC::Load2DBitModeParam p; p.SetMStep(1); p.SetConfig0(0);",
     "Load2DBitModeParam::SetConfig0 (a raw configuration word) is not emulated yet"),
], ids=["reg_histograms_half_source", "std_min_mixed_types", "scalar_cast_half_mode", "scalar_cast_int_mode",
        "reg_mull_float", "reg_scatter_float_by_u16", "mmad_half_result", "img2col_bit_mode", "load2d_raw_config"])
def test_compile_time_misuse(body, message):
    proc = _compile(body)
    assert proc.returncode != 0 and message in proc.stderr, proc.stderr


# A miniature of the cmct gemm templates' use of AscendC::Std (matmul/common/cmct/utils/tuple_utils.h,
# integral_constant.h, common_utils.h) and of conv/common's member detection with TrueType / FalseType, by the three
# paths the main tree includes asc-devkit's Std headers with.
_STD_LIBRARY = "".join(f'#include "{d}/{h}.h"\n' for d in ("lib/std", "utils/std", "std")
                       for h in ("tuple", "algorithm", "type_traits", "utility")) + """
#include "kernel_basic_intf.h"
namespace AscendC { namespace Std {
template <typename...> struct always_false : public false_type {};   // cmct defines it in AscendC::Std itself
template <typename... Tp> constexpr bool always_false_v = always_false<Tp...>::value;
} }
template <int32_t t> using Int = AscendC::Std::integral_constant<int32_t, t>;
template <auto t, auto u>
__host_aicore__ inline constexpr Int<(t * u)> operator*(Int<t>, Int<u>) { return {}; }
template <size_t I, typename T>
__aicore__ constexpr inline decltype(auto) Get(T&& t) { return AscendC::Std::get<I>(AscendC::Std::forward<T>(t)); }
template <size_t N, typename Tp>
__aicore__ constexpr inline decltype(auto) GetIntegralConstant() {
    static_assert(AscendC::Std::is_tuple_v<Tp>, "a tuple");
    return AscendC::Std::tuple_element<N, Tp>::type::value;
}
using Shape = AscendC::Std::tuple<Int<128>, Int<256>, uint32_t>;
static_assert(GetIntegralConstant<1, Shape>() == 256, "tuple_element of an integral constant");
static_assert(AscendC::Std::tuple_size_v<Shape> == 3 && AscendC::Std::is_tuple_v<const Shape>, "tuple_size");
static_assert(!AscendC::Std::is_tuple_v<int> && !AscendC::Std::always_false_v<int>, "is_tuple of a scalar");
static_assert(AscendC::Std::is_same_v<decltype(Int<4>{} * Int<8>{}), Int<32>>, "Int arithmetic stays a constant");
static_assert(AscendC::Std::is_same_v<AscendC::Std::remove_cvref_t<const Shape&>, Shape>, "remove_cvref");
struct Base {};
struct Derived : Base {};
static_assert(AscendC::Std::is_base_of_v<Base, Derived> && AscendC::Std::is_integral_v<uint8_t>, "traits");
static_assert(AscendC::Std::conditional_t<true, AscendC::Std::true_type, AscendC::Std::false_type>::value, "");
static_assert(AscendC::Std::is_same_v<AscendC::Std::bool_constant<false>, AscendC::Std::false_type>, "");
static_assert(AscendC::Std::min(uint64_t(3), uint64_t(9)) == 3 && AscendC::Std::max(7, 2) == 7, "min / max");
struct WithImpl { template <typename U, int N> struct Impl {}; };
struct WithoutImpl {};
template <typename T>
struct HasImpl {   // conv/common/op_kernel/arch35/conv_framework_util_arch35.h's CONV_DECLARE_REG_IMPL pattern
    template <typename C>
    static auto check(int) -> decltype(std::declval<typename C::template Impl<float, 0>>(), AscendC::TrueType());
    template <typename C>
    static AscendC::FalseType check(...);
    enum { value = AscendC::IsSameType<decltype(check<T>(0)), AscendC::TrueType>::value };
};
static_assert(HasImpl<WithImpl>::value && !HasImpl<WithoutImpl>::value, "TrueType / FalseType detection");
static_assert(AscendC::HALF_FACTOR == 2 && AscendC::DEFAULT_C0_SIZE == 32 && AscendC::ConstCeil(33, 16) == 3, "");
static_assert(AscendC::BYTE_PER_FRACTAL == 512, "");
__cbuf__ half* kL1Address = nullptr;   // the cube memories' address-space qualifiers are empty, like __ubuf__
__ca__ half* kL0AAddress = nullptr;
int main() {
    Shape s{Int<128>{}, Int<256>{}, 7u};
    AscendC::Std::get<2>(s) = 9u;
    return Get<2>(s) == 9u && Get<0>(Get<0>(AscendC::Std::make_tuple(s))).value == 128 ? 0 : 1;
}
"""


def test_std_library_of_the_cmct_templates_compiles():
    proc = _compile_src(_STD_LIBRARY)
    assert proc.returncode == 0, proc.stderr


def test_the_launchers_format_macros_have_asc_devkits_numbers():
    """kernel_type.h's FORMAT_* numbers for the kernels' `#if`/`==` tests (conv3d_backprop_filter_v2's arch35 kernel
    compares a format with FORMAT_DHWCN; conv3d_backprop_input_v2 with FORMAT_MAX)."""
    src = ('#include "kernel_operator.h"\n#include "graph/types.h"\n#define KGEMU_LAUNCH_FORMAT_MACROS\n'
           '#include "kgemu/launch_defines.h"\n'
           "#if FORMAT_DHWCN != 31 || FORMAT_FRACTAL_Z_3D != 33 || FORMAT_DHWNC != 36 || FORMAT_NC1HWC0_C04 != 12 || \\\n"
           "    FORMAT_FRACTAL_Z_C04 != 13 || FORMAT_NULL != 42 || FORMAT_RESERVED != 40 || FORMAT_MAX != 0xff\n"
           "#error wrong FORMAT numbers\n#endif\nint main() { return FORMAT_DHWCN == 31 ? 0 : 1; }\n")
    proc = _compile_src(src)
    assert proc.returncode == 0, proc.stderr


def test_a_kernel_may_include_two_operators_tiling_key_headers():
    """conv3d_transpose_v2's arch35 kernel includes its own tiling-key header and, through conv3d_backprop_input_v2's
    arch35 headers, that operator's: two ASCENDC_TPL_ARGS_DECL and two ASCENDC_TPL_SEL in one unit (CANN's kernel
    build expands them to nothing). A unit with one declaration still encodes keys with GET_TPL_TILING_KEY."""
    two = ('#include "ascendc/host_api/tiling/template_argument.h"\n'
           "ASCENDC_TPL_ARGS_DECL(OpA, ASCENDC_TPL_BOOL_DECL(a, 0, 1));\n"
           "ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(a, 0, 1)));\n"
           "ASCENDC_TPL_ARGS_DECL(OpB, ASCENDC_TPL_UINT_DECL(m, 2, ASCENDC_TPL_UI_LIST, 0, 1, 2));\n"
           "ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(m, ASCENDC_TPL_UI_LIST, 0, 1, 2)));\n"
           "int main() { return 0; }\n")
    proc = _compile_src(two)
    assert proc.returncode == 0, proc.stderr
    one = ('#include "ascendc/host_api/tiling/template_argument.h"\n'
           "ASCENDC_TPL_ARGS_DECL(OpA, ASCENDC_TPL_BOOL_DECL(a, 0, 1));\n"
           "int main() { return GET_TPL_TILING_KEY(1) == 1 ? 0 : 1; }\n")
    proc = _compile_src(one)
    assert proc.returncode == 0, proc.stderr


def test_to_float_of_a_float_goes_through_bfloat16():
    """ToFloat's documented form takes a bfloat16_t; a float reaches it by conversion (loss/ctc_loss_v3 calls it on a
    float in a branch its type never takes): it compiles, rounded to bf16 as the conversion rounds."""
    src = ('#include "kernel_operator.h"\n#include <cstdio>\n'
           'int main() { std::printf("%.9g %.9g\\n", AscendC::ToFloat(1.00390625f), AscendC::ToFloat(3.0f)); }\n')
    exe = Path(kgbuild.build_dir()) / "to_float_of_float"
    proc = subprocess.run([kgbuild.CXX, *kgbuild.BASE_FLAGS, "-x", "c++", "-", "-o", str(exe)], input=src,
                          capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, proc.stderr
    # 1 + 2^-8 is a tie between bf16 neighbours 1 and 1 + 2^-7: round to even gives 1
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.split() == ["1", "3"]


# ---- Matmul: the types and calls compile (tests/test_emulator_matmul.py runs them) ----
_MATMUL_KERNEL = """#include "lib/matmul_intf.h"
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_operator_intf.h"
using namespace AscendC;
constexpr MatmulConfig MM_CFG_TOY = GetMDLConfig(false, false, 0, false, false, false, true);
constexpr MatmulConfig MM_CFG_AGG{false, false, true, 0, 0, 0, false, false, false, false,
                                  false, 0, 0, 0, 0, 0, 0, 0, true};
struct ToyTilingData { uint32_t n; TCubeTiling cube; };
namespace own {  // CANN declares the configuration at global scope: kernels name it unqualified in their namespaces
constexpr MatmulBatchParams BATCH{false, BatchMode::BATCH_LESS_THAN_L1, true, BatchOutMode::DYNAMIC};
constexpr MatmulConfig MM_CFG_BATCH = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(BATCH);
constexpr MatmulConfig MM_CFG_SHAPE = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{128, 64, 32, 16, 16, 16});
static_assert(MM_CFG_BATCH.doNorm && MM_CFG_BATCH.bmmOutMode == BatchOutMode::DYNAMIC && MM_CFG_BATCH.isBiasBatch, "");
static_assert(MM_CFG_SHAPE.doMultiDataLoad && MM_CFG_SHAPE.singleCoreN == 64 && MM_CFG_SHAPE.basicK == 16, "");
static_assert(GetBasicConfig(128, 256, 64).basicN == 256 && !CFG_MDL.enUnitFlag && CFG_NORM.enUnitFlag, "");
}
static_assert(sizeof(ToyTilingData) == 204 && offsetof(ToyTilingData, cube) == 4, "CANN layout");
using A = MatmulType<TPosition::GM, CubeFormat::ND, float, false>;
int main() {
    MatmulImpl<A, A, A, A, MM_CFG_TOY, MatmulCallBackFunc<nullptr, nullptr, nullptr>> mm;
    matmul::MatmulImpl<A, matmul::MatmulType<TPosition::GM, CubeFormat::NZ, float, true>, A, A, MM_CFG_AGG> mm2;
    (void)mm; (void)mm2;
    CALL
    return 0;
}
"""


def test_matmul_library_names_of_the_cmct_templates():
    """GetMmDstType (the L0C type of Mmad.md's pairs), IsTypeOneOfV and DataCopyOutParams compile; a Matmul given a
    user DataCopyOut callback stops at compile time naming MatmulCallBackFunc (the emulated Matmul copies C itself)."""
    names = ("static_assert(std::is_same<GetMmDstType<half>::Type, float>::value && "
             "std::is_same<GetMmDstType<int8_t>::Type, int32_t>::value, \"\"); "
             "static_assert(IsTypeOneOfV<half, int8_t, half> && !IsTypeOneOfV<float, int8_t, half>, \"\"); "
             "DataCopyOutParams p; p.oriNSize = 3; (void)p;")
    proc = _compile_src(_MATMUL_KERNEL.replace("CALL", names))
    assert proc.returncode == 0, proc.stderr
    callback = _MATMUL_KERNEL.replace("CALL", "").replace(
        "int main() {", "void CopyOut(const __gm__ void*, const LocalTensor<int8_t>&, const void*, const uint64_t, "
        "const uint64_t) {}\nint main() {\n    MatmulImpl<A, A, A, A, MM_CFG_TOY, MatmulCallBackFunc<CopyOut>> mm3;\n"
        "    (void)mm3;")
    proc = _compile_src(callback)
    assert proc.returncode != 0 and "MatmulCallBackFunc with user DataCopyOut" in proc.stderr, proc.stderr


def test_matmul_types_and_calls_compile():
    calls = ("GlobalTensor<float> g; mm.SetOrgShape(1, 2, 3); mm.SetSingleShape(1, 2, 3); mm.SetTensorA(g, false); "
             "mm.SetTensorB(g); mm.SetBias(g); mm.DisableBias(); mm.IterateAll<false>(g, 0, false); "
             "while (mm.Iterate()) { mm.GetTensorC(g); } mm.End(); mm2.SetTensorB(g, true);")
    proc = _compile_src(_MATMUL_KERNEL.replace("CALL", calls))
    assert proc.returncode == 0, proc.stderr


_MATMUL_HOST = """#include "tiling/tiling_api.h"
#include <cstdio>
// the cube constants the host tiling API declares in AscendC (conv3d_backprop_filter_v2's arch35 tiling)
static_assert(AscendC::BLOCK_CUBE == 16 && AscendC::ONE_BLK_SIZE == 32 && AscendC::CUBE_MAX_SIZE == 256, "");
namespace optiling {
BEGIN_TILING_DATA_DEF(ToyMmTilingData)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, mm);
END_TILING_DATA_DEF;
}
int main() {
    optiling::ToyMmTilingData t;
    t.mm.set_baseM(128);
    t.mm.set_mxTypePara(7);
    std::printf("%zu %zu %d\\n", t.GetDataSize(), t.mm.GetDataSize(), t.mm.get_baseM());
    CALL
    return 0;
}
"""


def test_host_tcube_tiling_layout(tmp_path):
    exe = tmp_path / "toy_mm_host"
    src = _MATMUL_HOST.replace("CALL", "")
    # a program of the host headers alone: it defines the registries' out-of-line members itself, as kg_harness.cpp
    # does for every library kernelgen builds (KGEMU_OPDEF_IMPL)
    build = subprocess.run([kgbuild.CXX, "-std=c++17", "-DKGEMU_OPDEF_IMPL", f"-I{kgbuild.INCLUDE}", "-x", "c++", "-",
                            "-o", str(exe)], input=src, capture_output=True, text=True, check=False, timeout=120)
    assert build.returncode == 0, build.stderr
    # uint32_t n, padding to 8 (nested structs align to 8), then 50 int32_t fields
    assert subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split() == ["208", "200", "128"]


_MATMUL_TILING = """#include "tiling/tiling_api.h"
#include <cstdio>
using namespace matmul_tiling;
static void show(const char* what, int64_t ret, const AscendC::tiling::TCubeTiling& t) {
    std::printf("%s %lld %d %d %d %d %d %d %d %d %d %d %d\\n", what, static_cast<long long>(ret), t.usedCoreNum,
                t.singleCoreM, t.singleCoreN, t.singleCoreK, t.baseM, t.baseN, t.baseK, t.stepKa, t.depthA1,
                t.isBias, t.M);
}
int main() {
    AscendC::tiling::TCubeTiling t;
    MultiCoreMatmulTiling mc;
    mc.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    mc.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, true);
    mc.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    mc.SetShape(300, 520, 200);
    mc.SetOrgShape(300, 520, 200);
    mc.SetBias(true);
    mc.SetDim(4);
    show("multi", mc.GetTiling(t), t);
    MatmulApiTiling one;
    one.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    one.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    one.SetShape(64, 64, 100);
    show("fp32", one.GetTiling(t), t);
    one.SetFixSplit(24, 64, 16);  // baseM not a multiple of 16
    AscendC::tiling::TCubeTiling u;
    show("badsplit", one.GetTiling(u), u);
    MatmulApiTiling mixed;
    mixed.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    mixed.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    mixed.SetShape(16, 16, 16);
    show("mixed", mixed.GetTiling(u), u);
    MatmulApiTiling noshape;
    show("noshape", noshape.GetTiling(u), u);
    for (DataType bt : {DataType::DT_BF16, DataType::DT_BFLOAT16}) {  // asc-devkit's two names of bf16
        MatmulApiTiling b16;
        b16.SetAType(TPosition::GM, CubeFormat::ND, bt);
        b16.SetBType(TPosition::GM, CubeFormat::ND, bt);
        b16.SetShape(48, 80, 100);
        show(bt == DataType::DT_BF16 ? "bf16" : "bfloat16", b16.GetTiling(u), u);
    }
    return 0;
}
"""


def test_host_matmul_tiling_is_valid_and_fails_where_cann_does(tmp_path):
    exe = tmp_path / "toy_mm_tiling"
    build = subprocess.run([kgbuild.CXX, "-std=c++17", f"-I{kgbuild.INCLUDE}", "-x", "c++", "-", "-o", str(exe)],
                           input=_MATMUL_TILING, capture_output=True, text=True, check=False, timeout=120)
    assert build.returncode == 0, build.stderr
    rows = {line.split()[0]: [int(v) for v in line.split()[1:]]
            for line in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()}
    ret, used, sm, sn, sk, bm, bn, bk, step, depth, bias, m = rows["multi"]
    assert ret == 0 and bias == 1 and m == 300 and sk == 200
    # the single-core parts cover the shape with at most SetDim cores
    assert used <= 4 and -(-300 // sm) * -(-520 // sn) == used
    # base blocks: multiples of 16 (fp16: baseK of 32 bytes), an fp32 accumulator block within L0C (128 KiB),
    # double-buffered A and B blocks within L0A / L0B (64 KiB each)
    assert bm % 16 == 0 and bn % 16 == 0 and bk % 16 == 0
    assert bm * bn * 4 <= 131072 and bm * bk * 2 * 2 <= 65536 and bn * bk * 2 * 2 <= 65536
    assert depth == 2 * step and step >= 1
    assert rows["fp32"][:8] == [0, 1, 64, 64, 100, 64, 64, 104]  # fp32: baseK in multiples of 8 (32 bytes)
    assert rows["badsplit"][0] == -1 and rows["mixed"][0] == -1 and rows["noshape"][0] == -1
    assert rows["bfloat16"] == rows["bf16"] and rows["bf16"][0] == 0 and rows["bf16"][7] % 16 == 0


def _hif8_table() -> dict[int, float]:
    """HiFloat8's values, from the format's rules (asc-devkit's HiF8 reference converter, hif8.py): sign, a prefix
    "dot" code choosing 4/3/2/1/0 exponent bits (|e| 8-15 / 4-7 / 2-3 / 1 / 0; the first exponent bit e's sign)
    with 1/2/3/3/3 mantissa bits, and the denormal code 0000 for 2^(k - 23)."""
    table = {}
    for sign in (0, 0x80):
        s = -1.0 if sign else 1.0
        for k in range(1, 8):
            table[sign | k] = s * 2.0 ** (k - 23)
        for m in range(8):
            table[sign | 0x08 | m] = s * (1 + m / 8)
        for es in (0, 1):
            for m in range(8):
                table[sign | 0x10 | es << 3 | m] = s * 2.0 ** (-1 if es else 1) * (1 + m / 8)
        for dot, eb, mb in ((0b0100, 2, 3), (0b1000, 3, 2), (0b1100, 4, 1)):
            for es in (0, 1):
                for low in range(1 << (eb - 1)):
                    a = low + (1 << (eb - 1))
                    for m in range(1 << mb):
                        code = sign | dot << 3 | es << (eb - 1 + mb) | low << mb | m
                        table[code] = s * 2.0 ** (-a if es else a) * (1 + m / (1 << mb))
    del table[0x6F], table[0xEF]   # +-infinity
    return table


def test_hifloat8_decodes_and_rounds_by_the_formats_rules():
    """hifloat8_t both ways: every code's value, and float -> hif8 for values between codes, on ties, at binade
    edges, in the denormal range, past the largest finite value (2^15; 1.25 * 2^15 overflows)."""
    table = _hif8_table()
    finite = sorted(set(table.values()))
    probes = [1.0, 1.0625, 1.1875, 2.5, 3.875, 3.9375, 5.5, 5.75, 300.0, 32768.0, 36000.0, 40959.0, 40960.0,
              1e9, 2.0 ** -22, 1.4 * 2.0 ** -23, 1.5 * 2.0 ** -23, 2.0 ** -24, 1.5 * 2.0 ** -17, 0.3, 1e-3, 7.99]
    probes += [-p for p in probes[:6]]
    src = ('#include "kernel_operator.h"\n#include <cstdio>\nint main() {\n'
           '  for (int b = 0; b < 256; ++b) std::printf("%a ", static_cast<double>(static_cast<float>(hifloat8_t::from_bits(b))));\n'
           '  std::printf("\\n");\n  const float p[] = {' + ", ".join(f"{v!r}f" for v in probes) + '};\n'
           '  for (float v : p) std::printf("%d ", static_cast<int>(hifloat8_t(v).bits_));\n}\n')
    exe = Path(kgbuild.build_dir()) / "hifloat8_both_ways"
    proc = subprocess.run([kgbuild.CXX, *kgbuild.BASE_FLAGS, "-x", "c++", "-", "-o",
                           str(exe)], input=src, capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, proc.stderr
    decoded, encoded = subprocess.run([str(exe)], capture_output=True, text=True).stdout.splitlines()
    values = [float.fromhex(v) for v in decoded.split()]
    assert values[0] == 0.0 and np.isnan(values[0x80]) and values[0x6F] == np.inf and values[0xEF] == -np.inf
    assert {b: values[b] for b in table} == table

    def nearest(x: float) -> float:   # half away from zero in the binade's grid; below 2^-22 by its first bit
        a = abs(x)
        if a >= 1.25 * 2 ** 15:
            return float("inf") * np.sign(x)
        if a < 2.0 ** -22:
            return np.sign(x) * (2.0 ** -22 if a >= 1.5 * 2.0 ** -23 else 0.0)
        below = max(v for v in finite if v <= a)
        above = min((v for v in finite if v > a), default=below)
        return np.sign(x) * (above if a - below >= above - a else below)

    got = [values[int(b)] if int(b) not in (0x6F, 0xEF) else (np.inf if int(b) == 0x6F else -np.inf)
           for b in encoded.split()]
    assert got == [nearest(p) for p in probes]
