// Ascend 950 kernel APIs that CANN opbase's ATVOSS schedules use (written fresh for the tests, each a miniature of
// the pattern): tensors made at a UB address without a TPipe, Mutex::Lock / Unlock between the pipes,
// InitSocState, the math APIs' configuration forms (Sin<T, false, config>, Div<T, config>, Sqrt<T, config>,
// Power<T, false, config>), Fmod, Truncate, Ands / Ors.
// Each test prints `VAL <name> v0 v1 ...` (read by tests/test_emulator_kernel_api_v35.py); misuse tests end in a
// DEFECT line.
#include "emu_test.h"

namespace v35 {
using namespace AscendC;

using kgtest::val;

// The test inputs, shared with the Python side: x[i] = (i % 13 - 6) * 0.37 + i / 64.
inline float input(uint32_t i) { return static_cast<float>(static_cast<int>(i % 13) - 6) * 0.37f + i / 64.0f; }

constexpr uint32_t kN = 64;
constexpr MutexID kIn = 0, kOut = 1;

// y = max(x, 0) * 2 through two UB tensors made at fixed addresses, the pipes ordered by Mutex only (the ATVOSS
// 950 schedule's shape). lock_v: whether the vector unit locks the input before reading it.
inline void mutex_pipeline(uint8_t* x, uint8_t* y, bool lock_v) {
    InitSocState();
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), kN);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), kN);
    LocalTensor<float> in(TPosition::VECIN, 0, kN);
    LocalTensor<float> out(TPosition::VECOUT, 4096, kN);
    Mutex::Lock<PIPE_MTE2>(kIn);
    DataCopy(in, xg, kN);
    Mutex::Unlock<PIPE_MTE2>(kIn);
    if (lock_v) Mutex::Lock<PIPE_V>(kIn);
    Mutex::Lock<PIPE_V>(kOut);
    Maxs(out, in, 0.0f, kN);
    Muls(out, out, 2.0f, kN);
    Mutex::Unlock<PIPE_V>(kOut);
    if (lock_v) Mutex::Unlock<PIPE_V>(kIn);
    Mutex::Lock<PIPE_MTE3>(kOut);
    DataCopy(yg, out, kN);
    Mutex::Unlock<PIPE_MTE3>(kOut);
}

inline void one_block_950(const std::function<void()>& body) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend950", {&x}, body);
}
}  // namespace v35

KG_TEST(mutex_pipeline) {
    kgtest::Gm x("x", v35::kN * 4), y("y", v35::kN * 4);
    for (uint32_t i = 0; i < v35::kN; ++i) x.as<float>()[i] = v35::input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] { v35::mutex_pipeline(x.ptr(), y.ptr(), true); });
    v35::val("y", y.as<float>(), v35::kN);
}
KG_TEST(mutex_vector_reads_without_lock) {
    kgtest::Gm x("x", v35::kN * 4), y("y", v35::kN * 4);
    kgtest::run_one("ascend950", {&x, &y}, [&] { v35::mutex_pipeline(x.ptr(), y.ptr(), false); });
}
KG_TEST(mutex_nested_lock) {
    v35::one_block_950([] {
        AscendC::Mutex::Lock<PIPE_MTE2>(3);
        AscendC::Mutex::Lock<PIPE_V>(3);
    });
}
KG_TEST(mutex_unlock_other_pipe) {
    v35::one_block_950([] {
        AscendC::Mutex::Lock<PIPE_MTE2>(2);
        AscendC::Mutex::Unlock<PIPE_V>(2);
    });
}
KG_TEST(mutex_on_910b) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend910b", {&x}, [] { AscendC::Mutex::Lock<PIPE_MTE2>(0); });
}
KG_TEST(tensor_at_address_past_ub) {
    v35::one_block_950([] { AscendC::LocalTensor<float> t(AscendC::TPosition::VECCALC, 262144 - 64, 32); });
}

// The configuration forms compute what the plain forms compute; Fmod, Truncate (five modes), Ands / Ors.
KG_TEST(math_config_forms) {
    using namespace AscendC;
    constexpr uint32_t n = v35::kN;
    kgtest::Gm out("out", 12 * n * 4);
    float* o = out.as<float>();
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 16 * n * 4);
        LocalTensor<float> x = buf.Get<float>();
        LocalTensor<float> d = x[n];
        LocalTensor<float> e = x[2 * n];
        for (uint32_t i = 0; i < n; ++i) {
            x.SetValue(i, v35::input(i));
            e.SetValue(i, 0.75f);
        }
        static constexpr SinConfig sinCfg = {SinAlgo::RADIAN_REDUCTION};
        static constexpr DivConfig divCfg = {DivAlgo::DIFF_COMPENSATION};
        static constexpr SqrtConfig sqrtCfg = {SqrtAlgo::PRECISION_0ULP_FTZ_FALSE};
        static constexpr PowerConfig powCfg = {PowerAlgo::DOUBLE_FLOAT_TECH};
        static constexpr FmodConfig fmodCfg = {FmodAlgo::ITERATION_COMPENSATION, 2};
        auto keep = [&](uint32_t slot) {
            for (uint32_t i = 0; i < n; ++i) o[slot * n + i] = d.GetValue(i);
        };
        Sin<float, false, sinCfg>(d, x, n);
        keep(0);
        Div<float, divCfg>(d, x, e, n);
        keep(1);
        Abs(d, x, n);
        Sqrt<float, sqrtCfg>(d, d, n);
        keep(2);
        Power<float, false, powCfg>(d, e, x, n);
        keep(3);
        Fmod<float, false, fmodCfg>(d, x, e, n);
        keep(4);
        Truncate<float, RoundMode::CAST_RINT>(d, x, n);
        keep(5);
        Truncate<float, RoundMode::CAST_ROUND>(d, x, n);
        keep(6);
        Truncate<float, RoundMode::CAST_FLOOR>(d, x, n);
        keep(7);
        Truncate<float, RoundMode::CAST_CEIL>(d, x, n);
        keep(8);
        Truncate<float, RoundMode::CAST_TRUNC>(d, x, n);
        keep(9);
        LocalTensor<int16_t> bits = x[3 * n].ReinterpretCast<int16_t>();
        LocalTensor<int16_t> r = x[4 * n].ReinterpretCast<int16_t>();
        for (uint32_t i = 0; i < n; ++i) bits.SetValue(i, static_cast<int16_t>(i * 37));
        const int16_t m = 0x5a;
        Ands(r, bits, m, n);
        for (uint32_t i = 0; i < n; ++i) o[10 * n + i] = r.GetValue(i);
        Ors(r, m, bits, n);
        for (uint32_t i = 0; i < n; ++i) o[11 * n + i] = r.GetValue(i);
    });
    const char* names[] = {"sin", "div", "sqrt_abs", "pow", "fmod", "rint", "round", "floor", "ceil", "trunc",
                           "ands", "ors"};
    for (int k = 0; k < 12; ++k) v35::val(names[k], o + k * n, n);
}

// The multi-dimensional DMA: a row of 6 broadcast into 3 rows (source stride 0 on the outer loop), each row
// padded with 1 element left and 1 right (constantValue -1) into UB rows 8 elements apart; and nearest-value
// padding. 950 only.
inline void nddma_broadcast(uint8_t* x, uint8_t* y, bool nearest) {
    using namespace AscendC;
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 8);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), 24);
    LocalTensor<float> t(TPosition::VECIN, 0, 24);
    MultiCopyParams<float, 2> p;
    p.loopInfo.loopSize[0] = 6;
    p.loopInfo.loopSrcStride[0] = 1;
    p.loopInfo.loopDstStride[0] = 1;
    p.loopInfo.loopLpSize[0] = 1;
    p.loopInfo.loopRpSize[0] = 1;
    p.loopInfo.loopSize[1] = 3;
    p.loopInfo.loopSrcStride[1] = 0;
    p.loopInfo.loopDstStride[1] = 8;
    p.constantValue = -1.0f;
    static constexpr NdDmaConfig nearestCfg = {true, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
    Mutex::Lock<PIPE_MTE2>(0);
    if (nearest) {
        DataCopy<float, 2, nearestCfg>(t, xg, p);
    } else {
        DataCopy<float, 2>(t, xg, p);
    }
    Mutex::Unlock<PIPE_MTE2>(0);
    Mutex::Lock<PIPE_MTE3>(0);
    DataCopy(yg, t, 24);
    Mutex::Unlock<PIPE_MTE3>(0);
}
KG_TEST(nddma_broadcast_pad) {
    kgtest::Gm x("x", 8 * 4), y("y", 24 * 4);
    for (uint32_t i = 0; i < 8; ++i) x.as<float>()[i] = static_cast<float>(i + 1);
    kgtest::run_one("ascend950", {&x, &y}, [&] { nddma_broadcast(x.ptr(), y.ptr(), false); });
    v35::val("y", y.as<float>(), 24);
}
KG_TEST(nddma_nearest_pad) {
    kgtest::Gm x("x", 8 * 4), y("y", 24 * 4);
    for (uint32_t i = 0; i < 8; ++i) x.as<float>()[i] = static_cast<float>(i + 1);
    kgtest::run_one("ascend950", {&x, &y}, [&] { nddma_broadcast(x.ptr(), y.ptr(), true); });
    v35::val("y", y.as<float>(), 24);
}
KG_TEST(nddma_on_910b) {
    kgtest::Gm x("x", 8 * 4), y("y", 24 * 4);
    kgtest::run_one("ascend910b", {&x, &y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECIN> buf;
        pipe.InitBuffer(buf, 256);
        AscendC::GlobalTensor<float> xg;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.ptr()), 8);
        AscendC::LocalTensor<float> t = buf.Get<float>();
        AscendC::NdDmaParams<float, 1> p;
        p.loopInfo.loopSize[0] = 8;
        p.loopInfo.loopSrcStride[0] = 1;
        p.loopInfo.loopDstStride[0] = 1;
        p.constantValue = 0.0f;
        AscendC::DataCopy<float, 1>(t, xg, p);
    });
}

// DataCopyPad's Compact mode: three 12-byte blocks 4 bytes apart in GM land back to back in UB (36 bytes, padded
// with paddingValue 9 to 64), and go back out to GM 4 bytes apart; the GM bytes between them keep their value.
KG_TEST(datacopypad_compact) {
    using namespace AscendC;
    kgtest::Gm x("x", 12 * 4), y("y", 12 * 4), u("u", 16 * 4);
    for (uint32_t i = 0; i < 12; ++i) {
        x.as<float>()[i] = static_cast<float>(i);
        y.as<float>()[i] = -5.0f;
    }
    kgtest::run_one("ascend950", {&x, &y, &u}, [&] {
        GlobalTensor<float> xg, yg, ug;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.ptr()), 12);
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 12);
        ug.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(u.ptr()), 16);
        LocalTensor<float> t(TPosition::VECIN, 0, 16);
        DataCopyExtParams p(3, 12, 4, 0, 0);
        DataCopyPadExtParams<float> pad(true, 0, 0, 9.0f);
        Mutex::Lock<PIPE_MTE2>(0);
        DataCopyPad<float, PaddingMode::Compact>(t, xg, p, pad);
        Mutex::Unlock<PIPE_MTE2>(0);
        Mutex::Lock<PIPE_MTE3>(0);
        DataCopy(ug, t, 16);
        DataCopyExtParams q(3, 12, 0, 4, 0);
        DataCopyPad<float, PaddingMode::Compact>(yg, t, q);
        Mutex::Unlock<PIPE_MTE3>(0);
    });
    v35::val("ub", u.as<float>(), 16);
    v35::val("y", y.as<float>(), 12);
}
KG_TEST(datacopypad_compact_on_910b) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECIN> buf;
        pipe.InitBuffer(buf, 64);
        AscendC::GlobalTensor<float> xg;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.ptr()), 16);
        AscendC::LocalTensor<float> t = buf.Get<float>();
        AscendC::DataCopyExtParams p(1, 16, 0, 0, 0);
        AscendC::DataCopyPadExtParams<float> pad(false, 0, 0, 0.0f);
        AscendC::DataCopyPad<float, AscendC::PaddingMode::Compact>(t, xg, p, pad);
    });
}

// SetLoopModePara: one DataCopyPad of a 3-float block runs 2 x 2 times, the source 3 floats (12 bytes, loop 1)
// and 6 floats (24 bytes, loop 2) further each time, the UB rows 32 and 64 bytes further: x lands as four
// padded rows. A plain DataCopy while loop mode is on is refused (not emulated).
inline void loop_mode_copy(uint8_t* x, uint8_t* u, bool plain_copy_inside) {
    using namespace AscendC;
    GlobalTensor<float> xg, ug;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 12);
    ug.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(u), 32);
    LocalTensor<float> t(TPosition::VECIN, 0, 32);
    LoopModeParams lp;
    lp.loop1Size = 2;
    lp.loop2Size = 2;
    lp.loop1SrcStride = 12;
    lp.loop1DstStride = 32;
    lp.loop2SrcStride = 24;
    lp.loop2DstStride = 64;
    Mutex::Lock<PIPE_MTE2>(0);
    SetLoopModePara(lp, DataCopyMVType::OUT_TO_UB);
    if (plain_copy_inside) DataCopy(t, xg, 8);
    DataCopyPad(t, xg, DataCopyExtParams(1, 12, 0, 0, 0), DataCopyPadExtParams<float>(true, 0, 0, 7.0f));
    ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
    Mutex::Unlock<PIPE_MTE2>(0);
    Mutex::Lock<PIPE_MTE3>(0);
    DataCopy(ug, t, 32);
    Mutex::Unlock<PIPE_MTE3>(0);
}
KG_TEST(loop_mode_datacopypad) {
    kgtest::Gm x("x", 12 * 4), u("u", 32 * 4);
    for (uint32_t i = 0; i < 12; ++i) x.as<float>()[i] = static_cast<float>(i);
    kgtest::run_one("ascend950", {&x, &u}, [&] { loop_mode_copy(x.ptr(), u.ptr(), false); });
    v35::val("ub", u.as<float>(), 32);
}
KG_TEST(loop_mode_plain_datacopy) {
    kgtest::Gm x("x", 12 * 4), u("u", 32 * 4);
    kgtest::run_one("ascend950", {&x, &u}, [&] { loop_mode_copy(x.ptr(), u.ptr(), true); });
}

// Broadcast: 950's form ([3, 1, 2] -> [3, 4, 2] through GetBroadcastTilingInfo) and A2's 2-D form ([2, 1] ->
// [2, 8], axis 1); a source axis that is neither the destination's nor 1 is refused.
KG_TEST(broadcast_forms) {
    using namespace AscendC;
    kgtest::Gm out("out", 40 * 4);
    float* o = out.as<float>();
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128 * 4);
        LocalTensor<float> src = buf.Get<float>();
        LocalTensor<float> dst = src[32];
        for (uint32_t i = 0; i < 6; ++i) src.SetValue(i, static_cast<float>(i + 1));
        uint32_t dstShape[3] = {3, 4, 2}, srcShape[3] = {3, 1, 2};
        BroadcastTiling tiling;
        GetBroadcastTilingInfo<float>(3, dstShape, srcShape, false, tiling);
        Broadcast<float>(dst, src, dstShape, srcShape, &tiling);
        for (uint32_t i = 0; i < 24; ++i) o[i] = dst.GetValue(i);
        uint32_t d2[2] = {2, 8}, s2[2] = {2, 1};
        Broadcast<float, 2, 1>(dst, src, d2, s2);
        for (uint32_t i = 0; i < 16; ++i) o[24 + i] = dst.GetValue(i);
    });
    v35::val("b3", o, 24);
    v35::val("b2", o + 24, 16);
}
KG_TEST(broadcast_bad_shape) {
    v35::one_block_950([] {
        uint32_t dstShape[2] = {3, 4}, srcShape[2] = {2, 4};
        AscendC::BroadcastTiling tiling;
        AscendC::GetBroadcastTilingInfo<float>(2, dstShape, srcShape, false, tiling);
    });
}

// SetBufferLen counts elements (asc-devkit's parameter table; opbase's ATVOSS passes element counts).
KG_TEST(set_buffer_len_counts_elements) {
    v35::one_block_950([] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        AscendC::LocalTensor<float> t = buf.Get<float>();
        t.SetBufferLen(64);
        kgtest::check("size_is_elements", t.GetSize() == 64 && t.GetLength() == 256);
        AscendC::Duplicate(t, 1.0f, 64);
    });
}

// Duplicate with a LocalTensor source (950): src[0] over dst's first count elements, in place as softmax_grad_ext
// does; on the 910B the form does not exist.
inline void duplicate_from_tensor(const char* soc) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one(soc, {&y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64 * 4);
        AscendC::LocalTensor<float> t = buf.Get<float>();
        for (int i = 0; i < 64; ++i) t.SetValue(i, 100.0f + static_cast<float>(i));
        t.SetValue(0, 2.5f);
        AscendC::Duplicate<float>(t, t, 40);
        for (int i = 0; i < 64; ++i) y.as<float>()[i] = t.GetValue(i);
    });
    v35::val("y", y.as<float>(), 64);
}
KG_TEST(duplicate_tensor_source) { duplicate_from_tensor("ascend950"); }
KG_TEST(duplicate_tensor_source_on_910b) { duplicate_from_tensor("ascend910b"); }

// Select with the scalar first (the flexible scalar position, 950 only): y[i] = selMask bit i ? 7 : x[i], the
// pattern of opbase's atvoss/util/vec.h Select (threshold_v2); on the 910B the form does not exist.
inline void select_scalar_first(const char* soc) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one(soc, {&y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> xb, yb, mb;
        pipe.InitBuffer(xb, 64 * 4);
        pipe.InitBuffer(yb, 64 * 4);
        pipe.InitBuffer(mb, 32);
        AscendC::LocalTensor<float> x = xb.Get<float>(), out = yb.Get<float>();
        AscendC::LocalTensor<uint8_t> m = mb.Get<uint8_t>();
        for (int i = 0; i < 64; ++i) x.SetValue(i, static_cast<float>(i));
        for (int i = 0; i < 32; ++i) m.SetValue(i, static_cast<uint8_t>(i < 8 ? 0x0F : 0));  // bits 0-3 of each byte
        AscendC::Select(out, m, 7.0f, x, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
        for (int i = 0; i < 64; ++i) y.as<float>()[i] = out.GetValue(i);
    });
    v35::val("y", y.as<float>(), 64);
}
// Divs / Muls with a LocalTensor element as the scalar (the flexible scalar position, 950): y = x / s[0] * s[1],
// as gelu_quant's 950 kernel divides by scaleOut[0]; on the 910B the form does not exist.
inline void scalar_from_tensor(const char* soc) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one(soc, {&y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> xb, sb;
        pipe.InitBuffer(xb, 64 * 4);
        pipe.InitBuffer(sb, 64);
        AscendC::LocalTensor<float> x = xb.Get<float>(), s = sb.Get<float>();
        for (int i = 0; i < 64; ++i) x.SetValue(i, static_cast<float>(i));
        s.SetValue(0, 4.0f);
        s.SetValue(8, 3.0f);
        AscendC::Divs(x, x, s[0], 64);
        AscendC::Muls(x, x, s[8], 64);
        for (int i = 0; i < 64; ++i) y.as<float>()[i] = x.GetValue(i);
    });
    v35::val("y", y.as<float>(), 64);
}
// Interleave then DeInterleave (the Memory API's 950 rearrangements): a = 0..63, b = 100..163 interleaved into
// i0 / i1, deinterleaved back into a2 / b2, and the one-input DeInterleave of i0 into e / o; in_place runs
// Interleave over its own sources, as swiglu_backward_mx_quant_with_dual_axis does (the pages forbid any overlap).
inline void interleave_memory(bool in_place) {
    kgtest::Gm y("y", 64 * 6 * 4);
    kgtest::run_one("ascend950", {&y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64 * 8 * 4);
        AscendC::LocalTensor<float> a = buf.Get<float>(), b = a[64], i0 = a[128], i1 = a[192], a2 = a[256],
                                    b2 = a[320], e = a[384], o = a[448];
        for (int i = 0; i < 64; ++i) {
            a.SetValue(i, static_cast<float>(i));
            b.SetValue(i, static_cast<float>(100 + i));
        }
        if (in_place) {
            AscendC::Interleave(a, b, a, b, 64);
            return;
        }
        AscendC::Interleave(i0, i1, a, b, 64);
        AscendC::DeInterleave(a2, b2, i0, i1, 64);
        AscendC::DeInterleave(e[0], o[0], i0, 64);
        float* out = y.as<float>();
        for (int i = 0; i < 64; ++i) {
            out[i] = i0.GetValue(i);
            out[64 + i] = i1.GetValue(i);
            out[128 + i] = a2.GetValue(i);
            out[192 + i] = b2.GetValue(i);
            out[256 + i] = i < 32 ? e.GetValue(i) : o.GetValue(i - 32);
        }
    });
    v35::val("y", y.as<float>(), 64 * 5);
}
// The system workspace (foreach_norm's entry returns early when GetSysWorkSpacePtr() is null): none before
// SetSysWorkspace in a launch without a "workspace" buffer, the pointer it was given after.
KG_TEST(sys_workspace_pointer) {
    kgtest::Gm ws("ws", 64), y("y", 8);
    kgtest::run_one("ascend950", {&ws, &y}, [&] {
        __gm__ uint8_t* before = AscendC::GetSysWorkSpacePtr();
        AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(ws.ptr()));
        y.as<float>()[0] = before == nullptr ? 1.0f : 0.0f;
        y.as<float>()[1] = AscendC::GetSysWorkSpacePtr() == reinterpret_cast<__gm__ uint8_t*>(ws.ptr()) ? 1.0f : 0.0f;
    });
    v35::val("y", y.as<float>(), 2);
}
KG_TEST(interleave_memory) { interleave_memory(false); }
KG_TEST(interleave_in_place) { interleave_memory(true); }
KG_TEST(scalar_from_tensor) { scalar_from_tensor("ascend950"); }
KG_TEST(scalar_from_tensor_on_910b) { scalar_from_tensor("ascend910b"); }
KG_TEST(select_scalar_first) { select_scalar_first("ascend950"); }
KG_TEST(select_scalar_first_on_910b) { select_scalar_first("ascend910b"); }
#include "api_normalization.h"

KG_TEST_MAIN()
