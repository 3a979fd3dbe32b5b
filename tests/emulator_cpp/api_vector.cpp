// Vector APIs against scalar references: count forms (no alignment needed for count), half arithmetic,
// integer ops, mask/repeat forms, Compare/Select, advanced APIs, and the trace of a small pipeline.
#include <functional>

#include "emu_test.h"

namespace vec {
using namespace AscendC;

// Runs op on UB tensors a, b (loaded from host vectors) and returns the first n elements of the output.
template <typename T, typename R = T, typename F>
std::vector<R> run(const char* soc, const std::vector<T>& av, const std::vector<T>& bv, uint32_t n, F op,
                   std::vector<std::string>* warnings = nullptr) {
    std::vector<R> out(n);
    kgtest::Run r;
    r.soc = kgtest::make_soc(soc);
    r.tiling = std::vector<uint8_t>(8, 0);
    const bool ok = kgtest::run_blocks(r, 1, [&] {
        TPipe pipe;
        TBuf<QuePosition::VECCALC> ba, bb, bo;
        pipe.InitBuffer(ba, 16384);
        pipe.InitBuffer(bb, 16384);
        pipe.InitBuffer(bo, 16384);
        LocalTensor<T> a = ba.Get<T>(), b = bb.Get<T>();
        LocalTensor<R> o = bo.Get<R>();
        for (uint32_t i = 0; i < av.size(); ++i) a.SetValue(i, av[i]);
        for (uint32_t i = 0; i < bv.size(); ++i) b.SetValue(i, bv[i]);
        op(o, a, b, n);
        for (uint32_t i = 0; i < n; ++i) out[i] = o.GetValue(i);
    });
    if (!ok) std::printf("DEFECT %s\n", r.error.c_str());
    if (warnings && !r.stats.empty()) *warnings = r.stats[0].warnings;
    return out;
}

inline bool same(float x, float y) { return (x != x && y != y) || std::memcmp(&x, &y, 4) == 0; }

inline std::vector<float> inputs(uint32_t n, uint32_t seed, bool specials) {
    std::vector<float> v(n);
    for (uint32_t i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;
        v[i] = static_cast<float>(static_cast<int32_t>(seed >> 4) % 20000) / 997.0f;
    }
    if (specials && n > 8) {
        v[0] = NAN;
        v[1] = INFINITY;
        v[2] = -INFINITY;
        v[3] = 0.0f;
        v[4] = -0.0f;
        v[5] = 1e-40f;  // subnormal
        v[6] = 3e38f;
    }
    return v;
}

template <typename F>
void check_binary(const char* name, F ref,
                  const std::function<void(LocalTensor<float>&, LocalTensor<float>&, LocalTensor<float>&, uint32_t)>& op) {
    const uint32_t n = 1003;  // count form: any count
    const auto a = inputs(n, 1, true), b = inputs(n, 2, false);
    const auto got = run<float>("ascend910b", a, b, n, op);
    int bad = 0;
    for (uint32_t i = 0; i < n; ++i) bad += same(got[i], ref(a[i], b[i])) ? 0 : 1;
    kgtest::check(name, bad == 0, std::to_string(bad) + " mismatches");
}
}  // namespace vec

using AscendC::LocalTensor;
using LT = LocalTensor<float>;

KG_TEST(vector_float_ops) {
    using vec::check_binary;
    check_binary("Add", [](float x, float y) { return x + y; }, [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Add(o, a, b, n); });
    check_binary("Sub", [](float x, float y) { return x - y; }, [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Sub(o, a, b, n); });
    check_binary("Mul", [](float x, float y) { return x * y; }, [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Mul(o, a, b, n); });
    check_binary("Div", [](float x, float y) { return x / y; }, [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Div(o, a, b, n); });
    check_binary("Max", [](float x, float y) { return x != x ? x : (x > y ? x : y); },
                 [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Max(o, a, b, n); });
    check_binary("Min", [](float x, float y) { return x != x ? x : (x < y ? x : y); },
                 [](LT& o, LT& a, LT& b, uint32_t n) { AscendC::Min(o, a, b, n); });
    check_binary("Adds", [](float x, float) { return x + 0.25f; }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Adds(o, a, 0.25f, n); });
    check_binary("Muls", [](float x, float) { return x * -3.5f; }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Muls(o, a, -3.5f, n); });
    check_binary("Maxs", [](float x, float) { return x != x ? x : (x > 1.0f ? x : 1.0f); },
                 [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Maxs(o, a, 1.0f, n); });
    check_binary("Mins", [](float x, float) { return x != x ? x : (x < 1.0f ? x : 1.0f); },
                 [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Mins(o, a, 1.0f, n); });
    check_binary("Divs", [](float x, float) { return x / 3.0f; }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Divs(o, a, 3.0f, n); });
    check_binary("DivsRev", [](float x, float) { return 3.0f / x; }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Divs(o, 3.0f, a, n); });
    check_binary("Exp", [](float x, float) { return std::exp(x); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Exp(o, a, n); });
    check_binary("Ln", [](float x, float) { return std::log(x); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Ln(o, a, n); });
    check_binary("Abs", [](float x, float) { return std::fabs(x); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Abs(o, a, n); });
    check_binary("Sqrt", [](float x, float) { return std::sqrt(x); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Sqrt(o, a, n); });
    // documented precision (not 0.01 % for float): the IEEE result truncated to 12 mantissa bits
    auto coarse = [](float v) {
        if (v != v) return v;
        uint32_t u;
        std::memcpy(&u, &v, 4);
        u &= ~((1u << 11) - 1u);
        std::memcpy(&v, &u, 4);
        return v;
    };
    check_binary("Rsqrt", [&](float x, float) { return coarse(1.0f / std::sqrt(x)); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Rsqrt(o, a, n); });
    check_binary("Reciprocal", [&](float x, float) { return coarse(1.0f / x); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Reciprocal(o, a, n); });
    check_binary("Relu", [](float x, float) { return x != x ? x : (x > 0 ? x : 0.0f); }, [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Relu(o, a, n); });
    check_binary("LeakyRelu", [](float x, float) { return x >= 0 ? x : x * 0.01f; },
                 [](LT& o, LT& a, LT&, uint32_t n) { AscendC::LeakyRelu(o, a, 0.01f, n); });
    check_binary("Axpy", [](float x, float y) { return x * 2.0f + y; }, [](LT& o, LT& a, LT& b, uint32_t n) {
        AscendC::Adds(o, b, 0.0f, n);
        AscendC::Axpy(o, a, 2.0f, n);
    });
    check_binary("MulAddDst", [](float x, float y) { return x * y + y; }, [](LT& o, LT& a, LT& b, uint32_t n) {
        AscendC::Adds(o, b, 0.0f, n);
        AscendC::MulAddDst(o, a, b, n);
    });
    check_binary("Duplicate", [](float, float) { return 4.5f; }, [](LT& o, LT&, LT&, uint32_t n) { AscendC::Duplicate(o, 4.5f, n); });
    check_binary("InPlace", [](float x, float y) { return x * y; }, [](LT& o, LT& a, LT& b, uint32_t n) {
        AscendC::Mul(a, a, b, n);
        AscendC::Muls(o, a, 1.0f, n);
    });
    check_binary("ExpIEEE", [](float x, float) { return x > 88.8f ? INFINITY : std::exp(x); },
                 [](LT& o, LT& a, LT&, uint32_t n) { AscendC::Exp(o, a, n); });
}

KG_TEST(vector_half_ops) {
    using LH = LocalTensor<half>;
    const uint32_t n = 517;
    std::vector<half> a(n), b(n);
    const auto fa = vec::inputs(n, 3, true), fb = vec::inputs(n, 4, false);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = half(fa[i]);
        b[i] = half(fb[i] / 7.0f);
    }
    auto got = vec::run<half>("ascend910b", a, b, n, [](LH& o, LH& x, LH& y, uint32_t c) {
        AscendC::Mul(o, x, y, c);
        AscendC::Adds(o, o, half(1.0f), c);
        AscendC::Exp(o, o, c);
    });
    int bad = 0;
    for (uint32_t i = 0; i < n; ++i) {
        half t = half(static_cast<float>(a[i]) * static_cast<float>(b[i]));
        t = half(static_cast<float>(t) + 1.0f);
        t = half(std::exp(static_cast<float>(t)));
        const bool nan = static_cast<float>(t) != static_cast<float>(t);
        bad += (nan ? static_cast<float>(got[i]) == static_cast<float>(got[i]) : got[i].bits_ != t.bits_) ? 1 : 0;
    }
    kgtest::check("half_round_each_op", bad == 0, std::to_string(bad) + " mismatches");
    // half scalar arithmetic: half op half -> half, half op float -> float
    half h1(1.5f), h2(2.25f);
    const half h3 = h1 * h2;
    const float f = h1 * 2.0f;
    kgtest::check("half_scalar_ops", static_cast<float>(h3) == 3.375f && f == 3.0f && h1 < h2 && h2 == 2.25f);
}

KG_TEST(vector_int_ops) {
    using LI = LocalTensor<int32_t>;
    using LS = LocalTensor<int16_t>;
    const std::vector<int32_t> a = {2147483647, -5, 7, -2147483647 - 1, 100};
    const std::vector<int32_t> b = {1, 3, -9, -1, 100};
    auto add = vec::run<int32_t>("ascend910b", a, b, 5, [](LI& o, LI& x, LI& y, uint32_t c) { AscendC::Add(o, x, y, c); });
    kgtest::check("int32_add_wraps", add[0] == -2147483647 - 1 && add[1] == -2 && add[2] == -2 && add[3] == 2147483647);
    const std::vector<int16_t> s = {0x0F0F, -1, 0x1234, -32768};
    const std::vector<int16_t> t = {0x00FF, 0x7FFF, 0x0F00, 1};
    auto andv = vec::run<int16_t>("ascend910b", s, t, 4, [](LS& o, LS& x, LS& y, uint32_t c) { AscendC::And(o, x, y, c); });
    auto orv = vec::run<int16_t>("ascend910b", s, t, 4, [](LS& o, LS& x, LS& y, uint32_t c) { AscendC::Or(o, x, y, c); });
    auto notv = vec::run<int16_t>("ascend910b", s, t, 4, [](LS& o, LS& x, LS&, uint32_t c) { AscendC::Not(o, x, c); });
    auto shr = vec::run<int16_t>("ascend910b", s, t, 4,
                                 [](LS& o, LS& x, LS&, uint32_t c) { AscendC::ShiftRight(o, x, int16_t(4), c); });
    auto shl = vec::run<int16_t>("ascend910b", s, t, 4,
                                 [](LS& o, LS& x, LS&, uint32_t c) { AscendC::ShiftLeft(o, x, int16_t(4), c); });
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        ok &= andv[i] == static_cast<int16_t>(s[i] & t[i]) && orv[i] == static_cast<int16_t>(s[i] | t[i]);
        ok &= notv[i] == static_cast<int16_t>(~s[i]) && shr[i] == static_cast<int16_t>(s[i] >> 4);
        ok &= shl[i] == static_cast<int16_t>(static_cast<uint16_t>(s[i]) << 4);
    }
    kgtest::check("int16_bitwise_and_shifts", ok);
}

KG_TEST(vector_repeat_forms) {
    const uint32_t n = 1024;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 1000.0f + static_cast<float>(i);
    }
    // 3 repeats, mask 40, dst repeat stride 16 blocks (gaps), src0 stride 8, src1 stride 0 (broadcast)
    auto got = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t) {
        AscendC::Duplicate(o, -1.0f, 1024);
        AscendC::Add(o, x, y, 40, 3, {1, 1, 1, 16, 8, 0});
    });
    bool ok = true;
    for (uint32_t r = 0; r < 3; ++r) {
        for (uint32_t k = 0; k < 64; ++k) {
            const float want = k < 40 ? static_cast<float>(r * 64 + k) + 1000.0f + k : -1.0f;
            ok &= got[r * 128 + k] == want;
        }
    }
    kgtest::check("add_mask_strides_broadcast", ok);
    // bit mask: every other element, 2 repeats of 64 half elements... of floats: mask[0] only
    auto got2 = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT&, uint32_t) {
        uint64_t mask[2] = {0x5555555555555555ULL, 0};
        AscendC::Duplicate(o, -1.0f, 256);
        AscendC::Muls(o, x, 2.0f, mask, 2, {1, 1, 8, 8});
        AscendC::Exp(o[128], x, 8, 1, {1, 1, 8, 8});
    });
    ok = true;
    for (uint32_t i = 0; i < 128; ++i) ok &= got2[i] == ((i % 2 == 0) ? 2.0f * i : -1.0f);
    for (uint32_t i = 0; i < 8; ++i) ok &= got2[128 + i] == std::exp(static_cast<float>(i));
    kgtest::check("bitmask_and_unary_repeat", ok);
    // block stride 2 within a repeat: 8 blocks read from every other block
    auto got3 = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT&, uint32_t) {
        AscendC::Adds(o, x, 0.5f, 64, 1, {1, 2, 8, 16});
    });
    ok = true;
    for (uint32_t k = 0; k < 64; ++k) ok &= got3[k] == static_cast<float>((k / 8) * 16 + k % 8) + 0.5f;
    kgtest::check("block_stride", ok);
    // Cast mask form: f32 -> f16, 64 elements per repeat (the larger type decides)
    auto got4 = vec::run<float, half>("ascend910b", a, b, 128, [](LocalTensor<half>& o, LT& x, LT&, uint32_t) {
        AscendC::Cast(o, x, AscendC::RoundMode::CAST_RINT, 64, 2, {1, 1, 4, 8});
    });
    ok = true;
    for (uint32_t i = 0; i < 128; ++i) ok &= static_cast<float>(got4[i]) == static_cast<float>(half(a[i]));
    kgtest::check("cast_repeat", ok);
}

KG_TEST(compare_select) {
    const uint32_t n = 128;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i % 7) - 3.0f;
        b[i] = 0.0f;
    }
    a[5] = NAN;
    std::vector<std::string> warnings;
    auto got = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t c) {
        LocalTensor<uint8_t> m = o.ReinterpretCast<uint8_t>();  // mask bits in dst[0..16)
        AscendC::Compare(m, x, y, AscendC::CMPMODE::GT, c);
        LocalTensor<float> sel = o[64];
        AscendC::Select(sel, m, x, y, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, c);
        AscendC::Compares(m[32], x, 1.0f, AscendC::CMPMODE::LE, c);
    }, &warnings);
    std::vector<float> back(got);
    const auto* bits = reinterpret_cast<const uint8_t*>(back.data());
    bool ok = true;
    for (uint32_t i = 0; i < n; ++i) {
        const bool gt = a[i] > 0.0f;
        ok &= static_cast<bool>((bits[i / 8] >> (i % 8)) & 1) == gt;
        ok &= static_cast<bool>((bits[32 + i / 8] >> (i % 8)) & 1) == (a[i] <= 1.0f);
    }
    kgtest::check("compare_bits", ok);
    ok = true;
    for (uint32_t i = 0; i < 64; ++i) ok &= vec::same(back[64 + i], a[i] > 0 ? a[i] : 0.0f);
    kgtest::check("select_tensor_tensor", ok);
    // count not a multiple of 256 bytes: only whole repeats, plus a warning
    auto got2 = vec::run<float>("ascend910b", a, b, 100, [](LT& o, LT& x, LT& y, uint32_t c) {
        LocalTensor<uint8_t> m = o.ReinterpretCast<uint8_t>();
        AscendC::Duplicate(o, 0.0f, 64);
        AscendC::Compare(m, x, y, AscendC::CMPMODE::GT, c);
    }, &warnings);
    const auto* bits2 = reinterpret_cast<const uint8_t*>(got2.data());
    kgtest::check("compare_whole_repeats_only", bits2[8] == 0 && bits2[7] != 0);
    kgtest::check("compare_warning", !warnings.empty() && warnings[0].find("not a multiple of 256") != std::string::npos);
    for (const auto& w : warnings) std::printf("WARNING %s\n", w.c_str());
    // mode 1 (scalar) and mode 0 (first 64 bits reused every repeat)
    auto got3 = vec::run<float>("ascend910b", a, b, 192, [](LT& o, LT& x, LT& y, uint32_t) {
        LocalTensor<uint8_t> m = o[256].ReinterpretCast<uint8_t>();
        AscendC::Duplicate(o[256], 0.0f, 64);
        AscendC::Compares(m, x, 0.0f, AscendC::CMPMODE::GT, 64);
        AscendC::Select(o, m, x, -9.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
        AscendC::Select(o[64], m, x, y, AscendC::SELMODE::VSEL_CMPMASK_SPR, 128);
    });
    ok = true;
    for (uint32_t i = 0; i < 64; ++i) ok &= vec::same(got3[i], a[i] > 0 ? a[i] : -9.0f);
    for (uint32_t i = 0; i < n; ++i) {
        ok &= vec::same(got3[64 + i], a[i % 64] > 0 ? a[i] : 0.0f);
    }
    kgtest::check("select_modes_1_and_0", ok);
}

KG_TEST(advanced_apis) {
    const uint32_t n = 300;
    const auto a = vec::inputs(n, 9, false);
    auto sig = vec::run<float>("ascend910b", a, a, n, [](LT& o, LT& x, LT& t, uint32_t c) {
        AscendC::Sigmoid(o, x, t.ReinterpretCast<uint8_t>(), c);
    });
    auto th = vec::run<float>("ascend910b", a, a, n, [](LT& o, LT& x, LT&, uint32_t c) { AscendC::Tanh(o, x, c); });
    auto sg = vec::run<float>("ascend910b", a, a, n, [](LT& o, LT& x, LT&, uint32_t c) { AscendC::Sign(o, x, c); });
    bool ok = true;
    for (uint32_t i = 0; i < n; ++i) {
        ok &= std::fabs(sig[i] - 1.0f / (1.0f + std::exp(-a[i]))) < 1e-6f;
        ok &= std::fabs(th[i] - std::tanh(a[i])) < 1e-6f;
        ok &= sg[i] == (a[i] > 0 ? 1.0f : (a[i] < 0 ? -1.0f : 0.0f));
    }
    kgtest::check("sigmoid_tanh_sign", ok);
    // the shared tmp buffer is undefined afterwards (poisoned)
    auto tmp = vec::run<float>("ascend910b", a, a, 8, [](LT& o, LT& x, LT& t, uint32_t c) {
        AscendC::Sigmoid(o, x, t.ReinterpretCast<uint8_t>()[0], c);
        AscendC::Adds(o, t, 0.0f, c);
    });
    kgtest::check("tmp_buffer_poisoned", std::isnan(tmp[0]));
}

namespace trace_k {
using namespace AscendC;
__global__ __aicore__ void pipeline(GM_ADDR x, GM_ADDR z) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(in, 1, 1024);
    pipe.InitBuffer(out, 1, 1024);
    GlobalTensor<float> xg, zg;
    xg.SetGlobalBuffer((__gm__ float*)x + 64, 256);
    zg.SetGlobalBuffer((__gm__ float*)z, 256);
    LocalTensor<float> t = in.AllocTensor<float>();
    DataCopy(t, xg, 256);
    in.EnQue(t);
    t = in.DeQue<float>();
    LocalTensor<float> o = out.AllocTensor<float>();
    Add(o, t, t, 200);
    in.FreeTensor(t);
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(e);
    WaitFlag<HardEvent::V_MTE3>(e);
    PipeBarrier<PIPE_V>();
    out.EnQue(o);
    o = out.DeQue<float>();
    DataCopyPad(zg, o, DataCopyExtParams{1, 40, 0, 0, 0});
    out.FreeTensor(o);
}
}  // namespace trace_k

KG_TEST(trace_events) {
    kgtest::Gm x("x", 2048), z("z", 1024);
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.gm = {&x, &z};
    r.tiling = std::vector<uint8_t>(8, 0);
    r.trace = true;
    const bool ok = kgtest::run_blocks(r, 1, [&] { trace_k::pipeline(x.ptr(), z.ptr()); });
    kgtest::report(r, ok);
    for (const auto& e : r.stats[0].trace) {
        std::printf("TRACE %s %s %llu %llu %u %u %lld %d %d\n", e.api, e.pipe, static_cast<unsigned long long>(e.bytes),
                    static_cast<unsigned long long>(e.elements), e.repeats, e.dtype_bytes,
                    static_cast<long long>(e.gm_offset), e.queue, e.buffer);
    }
}
