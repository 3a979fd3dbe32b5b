"""The normalization library APIs of ops-nn's 950 LayerNorm family: their host tilings (tiling/tiling_api.h:
GetLayerNormMaxMinTmpSize / GetLayerNormNDTilingInfo, GetWelfordUpdate/FinalizeMaxMinTmpSize,
GetNormalizeMaxMinTmpSize, and Power's GetPowerTmpBufferFactorSize / GetPowerMaxMinTmpSize) by asc-devkit's rules,
and the kernel APIs (LayerNorm's [A, R] form, WelfordUpdate, WelfordFinalize, Normalize: cases in
tests/emulator_cpp/api_normalization.h, built with api_v35) against NumPy, each misuse the docs forbid diagnosed."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import requires_cxx

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

HOST_SRC = r'''#define KGEMU_OPDEF_IMPL
#include <cstdio>
#include "tiling/tiling_api.h"
using V = std::vector<int64_t>;
// layer_norm_v3's tiling names std::unordered_set with no include of its own (CANN's headers bring it)
static const std::unordered_set<ge::DataType> kFloatTypes = {ge::DT_FLOAT, ge::DT_FLOAT16};
void ln(V d, uint32_t ts, bool rstd, bool only) { uint32_t mx = 7, mn = 9;
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape(d), ts, true, rstd, only, mx, mn); std::printf("%u %u ", mx, mn); }
void wf(V d) { uint32_t mx = 7, mn = 9; AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape(d), 4, false, mx, mn);
  std::printf("%u %u ", mx, mn); }
void wu(V d, uint32_t t) { uint32_t mx = 7, mn = 9;
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape(d), t, 4, false, true, mx, mn); std::printf("%u %u ", mx, mn); }
void nz(V d, bool rstd) { uint32_t mx = 7, mn = 9;
  AscendC::GetNormalizeMaxMinTmpSize(ge::Shape(d), 4, 4, false, rstd, false, mx, mn); std::printf("%u %u ", mx, mn); }
void pf(bool b, bool e, bool i, uint32_t t) { uint32_t n = 7, x = 9;
  AscendC::GetPowerTmpBufferFactorSize(b, e, i, t, n, x); std::printf("%u %u ", n, x); }
void sep(V d, uint32_t buf) { optiling::LayerNormSeparateTiling t;
  AscendC::GetLayerNormNDTilingInfo(ge::Shape(d), buf, 4, true, true, t);
  std::printf("%u %u %u %u %u %u %.7g %.7g %.7g ", t.get_aLength(), t.get_rLength(), t.get_rHeadLength(),
              t.get_oneTmpSize(), t.get_loopRound(), t.get_secondTmpStartPos(), t.get_k2Rec(), t.get_k2RRec(),
              t.get_rValueBack()); }
int main() { KgSoc e{}; e.short_soc_version = "Ascend950"; e.soc_version_enum = 4; e.npu_arch = 3510;
  e.ub_size_tiling = 262144;
  KgSoc b = e; b.short_soc_version = "Ascend910B"; b.soc_version_enum = 1; b.npu_arch = 2201;
  { fe::PlatFormInfos pe(&e);
    ln({4, 37}, 4, true, false); ln({4, 37}, 4, false, false); ln({2, 300}, 2, true, false); ln({4, 37}, 4, true, true);
    sep({4, 37}, 528); sep({4, 300}, 0);
    wu({1, 64}, 2); wf({1, 64}); wf({200}); wf({16384}); nz({4, 37}, true); nz({4, 37}, false);
    pf(true, true, false, 4); pf(true, false, false, 2); pf(true, true, true, 4);
    uint32_t mx = 7, mn = 9;
    AscendC::GetPowerMaxMinTmpSize(ge::Shape({4, 37}), ge::Shape({1}), false, 4, false, mx, mn);
    std::printf("%u %u ", mx, mn);
    bool ok = AscendC::GetExpMaxMinTmpSize(ge::Shape({4, 37}), 4, false, mx, mn); std::printf("%d %u %u ", ok, mx, mn);
    ok = AscendC::GetExpMaxMinTmpSize(ge::Shape({10}), 2, false, mx, mn); std::printf("%d %u %u ", ok, mx, mn);
    AscendC::GetExpTmpBufferFactorSize(2, mx, mn); std::printf("%u %u ", mx, mn); }
  { fe::PlatFormInfos pb(&b);
    ln({4, 37}, 4, true, false); sep({4, 37}, 352);
    uint32_t mx = 7, mn = 9;
    AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn); std::printf("%u %u ", mx, mn);
    wu({1, 64}, 2); wu({1, 200}, 4); wf({64}); wf({200}); wf({37}); nz({4, 37}, true);
    pf(true, true, false, 4); pf(true, false, false, 2); pf(true, true, true, 4); }
  std::printf("\n"); }
'''


@requires_cxx
def test_norm_family_host_tilings_follow_asc_devkit(tmp_path):
    """One program, both SOCs. 950: LayerNorm's minimum = maximum = (ceil_128(R64 / 64) + A [+ A for the variance])
    floats; its tiling holds rLength, rHeadLength (largest power of two >= 64 not above R), log2 of it and the
    2^ceil(log2 R) reciprocals; WelfordUpdate and Normalize need no buffer; WelfordFinalize (K + ceil_128(P / 64))
    floats; Power 3 / 6 live nodes (float / half), none for integers; Exp (any SOC) 3 float tiles for float, 4 for
    half. 910B: the two-tile rules. Refusals (isOnlyOutput,
    isComputeRstd false for Normalize, an unaligned abLength) log a line and leave the outputs (7, 9) as they were."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "norm_tilings.cpp"
    src.write_text(HOST_SRC)
    exe = tmp_path / "norm_tilings"
    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    got = run.stdout.split()
    f = 4
    ln950 = [(128 + 4) * f] * 2 + [(128 + 8) * f] * 2 + [(128 + 2) * f] * 2 + [7, 9]
    # {4, 37}: head 64 (log2 6), 2^6 >= 37 -> k2Rec 1/64, k2RRec 64/37; {4, 300}: head 256 (8), 2^9 = 512
    sep950 = ["0", "37", "64", "6", "0", "0", "0.015625", "1.72973", "0",
              "0", "300", "256", "8", "0", "0", "0.001953125", "1.706667", "0"]
    rest950 = [0, 0, (64 + 128) * f, (64 + 128) * f, (200 + 128) * f, (200 + 128) * f, (16384 + 256) * f,
               (16384 + 256) * f, 0, 0, 7, 9, 3, 0, 6, 0, 0, 0, 3 * f * 148, 3 * f * 148,
               # Exp: float 3 float tiles of max(148 x 4, 256) bytes / 3 x 256; half 4 tiles of 256; factor 8, 0
               1, 3 * 148 * f, 3 * 256, 1, 4 * 256, 4 * 256, 8, 0]
    # 910B {4, 37} float: RP 40; max(2 x 640 + 32, Normalize's 2 x 160 + 2 x 1280 + 32), min 2 x 160 + 32;
    # tiling with 352 bytes: (88 - 8) / 2 -> one row of 40 per tile, 4 rounds, second tile at 8 + 40
    b910 = [2912, 352] + ["4", "37", "0", "40", "4", "48", "0", "0", "0.02702703"] + \
        [3 * 8192 + 2 * 128, 3 * 256 + 2 * 128, 768, 768, 4 * 512, 512, 1024, 1024, (128 + 400) * f, 1024, 7, 9,
         2 * 160 + 2 * 8 * 40 * 4, 2 * 160, 4, 256, 14, 256, 6, 0]
    want = [str(v) for v in ln950] + sep950 + [str(v) for v in rest950] + [str(v) for v in b910]
    assert got == want
    for why in ("isOnlyOutput current only support false", "isComputeRstd current only support true",
                "abLength must be aligned to 32Bytes"):
        assert why in run.stderr


@pytest.fixture(scope="module")
def program():
    if not kgbuild.have_compiler():
        pytest.skip(f"{kgbuild.CXX} not found")
    return kgbuild.build("api_v35")


def _x(n: int) -> np.ndarray:  # v35::input
    i = np.arange(n)
    return ((i % 13 - 6).astype(np.float32) * np.float32(0.37) + (i / 64).astype(np.float32)).astype(np.float32)


def _gamma_beta(r: int) -> tuple[np.ndarray, np.ndarray]:
    j = np.arange(r, dtype=np.float32)
    return np.float32(0.5) + j / np.float32(64), j / np.float32(32) - np.float32(0.25)


@pytest.mark.parametrize("case, rstd_out", [("layer_norm_rstd", True), ("layer_norm_variance", False)])
def test_layer_norm_rows_match_numpy(program, case, rstd_out):
    out = kgbuild.run_vals(program, case)
    assert out["defect"] is None, out["raw"]
    x = _x(3 * 37).reshape(3, 37).astype(np.float64)
    g, b = (v.astype(np.float64) for v in _gamma_beta(37))
    mean = x.mean(axis=1)
    var = x.var(axis=1)                     # population variance (1 / R)
    rstd = 1 / np.sqrt(var + 1e-5)
    y = (x - mean[:, None]) * rstd[:, None] * g + b
    np.testing.assert_allclose(out["vals"]["y"], y.reshape(-1), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(out["vals"]["mean"], mean, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(out["vals"]["last"], rstd if rstd_out else var, rtol=1e-6)


def test_welford_update_then_finalize_give_the_population_moments(program):
    out = kgbuild.run_vals(program, "welford_update_finalize")
    assert out["defect"] is None, out["raw"]
    x = _x(128).astype(np.float64)
    np.testing.assert_allclose(out["vals"]["mean_var"], [x.mean(), x.var()], rtol=2e-6)


def test_normalize_half_rows_with_float_gamma(program):
    out = kgbuild.run_vals(program, "normalize_half_rows")
    assert out["defect"] is None, out["raw"]
    x = _x(48).astype(np.float16).astype(np.float64).reshape(3, 16)
    g, b = (v.astype(np.float64) for v in _gamma_beta(16))
    mean = 0.25 * np.arange(3)
    rstd = 1 / np.sqrt(1.5 + np.arange(3) + 1e-5)
    y = ((x - mean[:, None]) * rstd[:, None] * g + b).astype(np.float16)
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float16), y.reshape(-1))
    np.testing.assert_allclose(out["vals"]["rstd"], rstd, rtol=1e-6)


@pytest.mark.parametrize("case, diagnosis", [
    ("layer_norm_in_place", "LayerNorm: output overlaps inputX; LayerNorm.md: src和dst的Tensor空间不可以复用 (no "
                            "in-place form)"),
    ("layer_norm_tmp_below_minimum", "LayerNorm: sharedTmpBuffer holds 512 bytes, less than the 536 bytes "
                                     "GetLayerNormMaxMinTmpSize({aLength, rLength}) gives as the minimum for this "
                                     "call (the minimum is what the API needs to compute correctly)"),
    ("welford_update_partial_overlap", "WelfordUpdate: outputMean overlaps inputX (only an output that is its own "
                                       "input, whole, is allowed)"),
    ("welford_finalize_tmp_below_minimum", "WelfordFinalize: sharedTmpBuffer holds 256 bytes, less than the 768 "
                                           "bytes GetWelfordFinalizeMaxMinTmpSize({abLength}) gives as the minimum "
                                           "for this call (the minimum is what the API needs to compute correctly)"),
])
def test_normalization_misuse_is_named(program, case, diagnosis):
    out = kgbuild.run_vals(program, case)
    assert out["defect"] == f"block 0: {diagnosis}", out["raw"]


def test_broad_cast_is_broadcast_under_its_implementation_name(program):
    """BroadCast<T, dim, axis> (ada_layer_norm, add_layer_norm, rms_norm, dynamic_quant ... call it directly): the
    same as Broadcast; a source axis that is neither the destination's nor 1 is named with the call."""
    out = kgbuild.run_vals(program, "broad_cast_rows")
    assert out["defect"] is None, out["raw"]
    col = np.float32(0.5) + np.arange(3, dtype=np.float32)
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), np.repeat(col, 8))
    out = kgbuild.run_vals(program, "broad_cast_bad_shape")
    assert out["defect"] == ("block 0: BroadCast: axis 1: srcShape 2 neither equals dstShape 8 nor is 1 (the axis to "
                             "broadcast)")


def test_power_without_count_takes_the_whole_tensor(program):
    """Power<T>(dst, scalar, tensor), (dst, tensor, scalar) and the config form (dst, tensor, tensor) without calCount:
    the tensor operand's whole size (asc-devkit's power.h); an exponent longer than dst is named."""
    out = kgbuild.run_vals(program, "power_whole_tensor")
    assert out["defect"] is None, out["raw"]
    e = np.float32(0.25) * np.arange(8, dtype=np.float32)
    b = np.float32(1) + np.arange(16, dtype=np.float32) / np.float32(8)
    y = out["vals"]["y"]
    np.testing.assert_allclose(y[:8], np.power(np.float32(2), e), rtol=2e-7)
    np.testing.assert_allclose(y[8:24], b ** 3, rtol=2e-7)
    np.testing.assert_allclose(y[24:], np.power(b, b), rtol=3e-7)
    out = kgbuild.run_vals(program, "power_whole_tensor_past_dst")
    assert out["defect"] == ("block 0: Power: dst needs 64 bytes from UB offset 256, past the end of its LocalTensor "
                             "view at UB offset 288 (32 bytes): the count exceeds the tensor it was given "
                             "(TBuf::Get<T>(n), a sub-view or SetSize) although it stays inside the buffer"), out["raw"]


def test_trans_data_to_5hd_impl_takes_pointer_lists(program):
    """TransDataTo5HDImpl(dstList, srcList, params) with __ubuf__ pointer lists (layer_norm_grad_v3, ge_glu_grad_v2,
    scatter_list call the implementation name): a 16 x 16 half block transposed; an unaligned address is named."""
    out = kgbuild.run_vals(program, "trans_5hd_impl_pointer_lists")
    assert out["defect"] is None, out["raw"]
    np.testing.assert_array_equal(out["vals"]["y"].reshape(16, 16), np.arange(256, dtype=np.float64).reshape(16, 16).T)
    out = kgbuild.run_vals(program, "trans_5hd_impl_unaligned")
    assert out["defect"] == "block 0: TransDataTo5HD: dstList[0] is at UB offset 514, which is not 32-byte aligned"


# A miniature of CANN opbase's op_common/op_host/util/shape_util.h: its guard, CheckAxisBounds inline, the rest
# declared (libopbase holds the bodies).
_OPBASE_SHAPE_UTIL = """#ifndef OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H
#define OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H
#include "exe_graph/runtime/shape.h"
namespace Ops { namespace Base {
template <typename T1, typename T2> bool CheckAxisBounds(const T1 dimNum, const T2 axis) {
    if (dimNum == 0) { return axis == 0; }
    return static_cast<int64_t>(axis) >= -static_cast<int64_t>(dimNum) && static_cast<int64_t>(axis) < dimNum; }
void SetUnknownRank(gert::Shape& shape);
bool IsUnknownRank(const gert::Shape& shape);
void SetUnknownShape(int64_t rank, gert::Shape& shape);
bool IsUnknownShape(const gert::Shape& shape);
} }
#endif
"""


@requires_cxx
@pytest.mark.parametrize("opbase_first", [True, False])
def test_shape_util_meets_opbases_copy_in_either_order(tmp_path, opbase_first):
    """norm/euclidean_norm's infershape includes opbase's op_host/infershape_reduce_util.h (which brings opbase's
    shape_util.h) and "util/shape_util.h" (the emulator's): with the emulator's header under opbase's guard and
    libopbase's bodies in the harness (KGEMU_OPDEF_IMPL), both orders compile, link and answer alike (they were a
    redefinition of CheckAxisBounds)."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    ours = '#include "util/shape_util.h"\n'
    body = ("#include <cstdio>\nint main() { gert::Shape s({3, 4}), r; Ops::Base::SetUnknownRank(r); gert::Shape u;\n"
            "  Ops::Base::SetUnknownShape(2, u);\n"
            "  std::printf(\"%d %d %d %d %d %d\\n\", Ops::Base::CheckAxisBounds(2, -2), "
            "Ops::Base::CheckAxisBounds(2, 2), "
            "Ops::Base::IsUnknownRank(r), Ops::Base::IsUnknownRank(s), Ops::Base::IsUnknownShape(u), "
            "Ops::Base::IsUnknownShape(s)); }\n")
    src = tmp_path / "su.cpp"
    headers = _OPBASE_SHAPE_UTIL + ours if opbase_first else ours + _OPBASE_SHAPE_UTIL
    src.write_text("#define KGEMU_OPDEF_IMPL\n" + headers + body)
    exe = tmp_path / "su"
    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.split() == ["1", "0", "1", "0", "1", "0"]


def test_assert_msg_stops_the_block_with_its_message(program):
    """ASSERT_MSG(expr, fmt, ...) (asc-devkit kernel_log.h; inplace_apply_adadelta): nothing when expr holds; else
    the block fails naming the expression and the formatted message."""
    out = kgbuild.run_vals(program, "assert_msg_holds")
    assert out["defect"] is None and out["vals"]["y"].tolist() == [0.5], out["raw"]
    out = kgbuild.run_vals(program, "assert_msg_fails")
    d = out["defect"]
    assert d.startswith("block 0: ASSERT_MSG: Assertion `rho >= 0.0f && rho < 1.0f' failed at "), out["raw"]
    assert "api_normalization.h:" in d and d.endswith(": rho must be in [0, 1), got 1.500000."), d


_RUNTIME2 = r'''#define KGEMU_OPDEF_IMPL
#include <cstdio>
#include "op_api/runtime2_util.h"
struct Key { int64_t a; int32_t b; int32_t pad; };
int main() {
    auto holder = gert::TilingData::CreateCap(64);
    auto* td = reinterpret_cast<gert::TilingData*>(holder.get());
    gert::Shape s({4, 37, 2});
    bool f = optiling::AddReduceMeanCof(s, ge::DT_FLOAT, std::vector<int32_t>{-1, 1}, td);
    bool h = optiling::AddReduceMeanCof(s, ge::DT_FLOAT16, std::vector<int64_t>{1}, td);
    bool bad = optiling::AddReduceMeanCof(s, ge::DT_FLOAT, std::vector<int32_t>{3}, td);
    bool other = optiling::AddReduceMeanCof(s, ge::DT_INT32, std::vector<int32_t>{0}, td);
    float c; uint16_t hb, z;
    std::memcpy(&c, td->GetData(), 4);
    std::memcpy(&hb, static_cast<char*>(td->GetData()) + 4, 2);
    std::memcpy(&z, static_cast<char*>(td->GetData()) + 6, 2);
    Key k1{1, 2, 0}, k2{1, 2, 0}, k3{1, 3, 0};
    optiling::OpHashInput<Key> a(k1), b(k2), d(k3);
    std::printf("%d %d %d %d %zu %.9g %u %u %d %d\n", f, h, bad, other, td->GetDataSize(), c, hb, z, a == b, a == d);
}
'''


@requires_cxx
def test_runtime2_util_appends_the_reduce_mean_coefficient_and_keys_the_tiling_cache(tmp_path):
    """ops-nn's runtime2_util.h (the emulator stands in for it): AddReduceMeanCof appends 1 / (reduced elements) as a
    float for float inputs, as a half and two zero bytes for half (layer_norm_v3's 950 tiling), nothing for other
    types (false), and returns false on an axis out of range (having appended); OpHashInput keys compare by bytes."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "rt2.cpp"
    src.write_text(_RUNTIME2)
    exe = tmp_path / "rt2"
    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]
    got = subprocess.run([str(exe)], capture_output=True, text=True).stdout.split()
    half = int(np.float16(1 / 37).view(np.uint16))
    assert got[:5] == ["1", "1", "0", "0", str(4 + 2 + 2 + 4)]
    assert np.float32(got[5]) == np.float32(1 / 74) and got[6:] == [str(half), "0", "1", "0"]


def test_reg_sqrt_takes_a_mode_with_a_sqrt_algorithm(program):
    """Reg Sqrt<T, &mode> with a SqrtSpecificMode whose third field is a SqrtAlgo (asc-devkit's struct; the emulator
    had it as an alias of DivSpecificMode: "cannot convert SqrtAlgo to DivAlgo" in inplace_apply_adadelta)."""
    out = kgbuild.run_vals(program, "reg_sqrt_specific_mode")
    assert out["defect"] is None, out["raw"]
    x = _x(64)
    np.testing.assert_allclose(out["vals"]["y"], np.sqrt(x * x / np.float32(16)), rtol=1e-6)


def test_a_tbuf_passed_by_value_names_the_same_buffer(program):
    """CANN's TBuf is a copyable handle (apply_fused_ema_adam passes two by value; the emulator had deleted the copy):
    the copy's Get is the original buffer; a tensor of another buffer handed to the copy is still named."""
    out = kgbuild.run_vals(program, "tbuf_by_value")
    assert out["defect"] is None and out["vals"]["y"].tolist() == [2.5, 2.5], out["raw"]
    out = kgbuild.run_vals(program, "tbuf_copy_foreign_tensor")
    assert out["defect"] is not None and out["defect"].startswith("block 0: TBuf::EnQue: the tensor (UB buffer "), out


def test_a_tque_passed_by_value_uses_the_same_queue(program):
    """A TQue copy (apply_fused_ema_adam's ScalarPow takes its VECIN queue by value: 'use of deleted function') is a
    handle of the same queue: what the copy allocated, wrote and freed the original allocates again and reads; a copy
    that keeps its allocation leaves the one-buffer original nothing to allocate."""
    out = kgbuild.run_vals(program, "tque_by_value")
    assert out["defect"] is None and out["vals"]["y"].tolist() == [1.5, 1.5], out["raw"]
    out = kgbuild.run_vals(program, "tque_copy_keeps_its_buffer")
    assert out["defect"] is not None and "AllocTensor: queue 0 (VECIN, 1 buffer(s)) has no free buffer" in out["defect"], out


def test_outputs_documented_without_data_are_left_out_of_the_coverage_check():
    """batch_norm's reserve_space_3 ("数据无意义") and the dynamic-quant norms' y2 without smooth scales ("无效输出")
    are documented to carry nothing, and their kernels leave them unwritten: run_source(no_data=[...]) (the recipe key
    no_data) leaves them out of the every-byte-written rule; without it the same gap is the defect it was; a name that
    is no output is a usage error. The miniature: tests/opdirs/pipe_hazards, whose hazard 2 skips the last 40 y."""
    from kernelgen.emulator.emulate import resolve_target, resolve_user_target, run_source
    from kernelgen.errors import EmulatorDefect, UsageError
    from kernelgen.socs import resolve_soc

    opdir = Path(__file__).resolve().parent / "opdirs" / "pipe_hazards"
    soc = resolve_soc("ascend910b")
    source = resolve_target(resolve_user_target(opdir), soc)
    x = np.arange(8 * 3 * 128 + 40, dtype=np.float32)
    with pytest.raises(EmulatorDefect) as err:
        run_source(source, soc, {"x": x}, {"hazard": 2})
    assert "output 'y' (12448 bytes): 160 byte(s) were never written by any block" in str(err.value)
    out = run_source(source, soc, {"x": x}, {"hazard": 2}, no_data=["y"]).outputs["y"]
    np.testing.assert_array_equal(out[:-40], 2 * x[:-40])
    with pytest.raises(UsageError, match="no_data"):
        run_source(source, soc, {"x": x}, {"hazard": 2}, no_data=["reserve_space_3"])


def test_the_survey_reads_no_output_its_recipe_says_carries_no_data():
    """The survey's own output checks (never written, NaN / inf for finite inputs) skip the no_data outputs too:
    batch_norm's reserve_space_3 keeps the emulator's 0xFF fill, which read as "1 of 1 elements never written"."""
    from kernelgen.corpus.worker import check_outputs, outputs_with_data

    fill = np.frombuffer(b"\xff" * 4, np.float32)
    outs = {"y": np.ones(3, np.float32), "reserve_space_3": fill}
    assert check_outputs(outs, {}) == ["output reserve_space_3: 1 of 1 elements never written (still the emulator's "
                                       "0xFF fill)"]
    assert check_outputs(outputs_with_data(outs, {"no_data": ["reserve_space_3"]}), {}) == []
    assert set(outputs_with_data(outs, {})) == {"y", "reserve_space_3"}
