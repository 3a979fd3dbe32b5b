// Ascend 950 normalization library APIs of ops-nn's LayerNorm family (written fresh for the tests, each a miniature
// of the pattern ada_layer_norm / layer_norm_v4 use): LayerNorm over [A, R] rows padded to 32 bytes with a buffer of
// GetLayerNormMaxMinTmpSize's minimum, WelfordUpdate in place over two chunks then WelfordFinalize, Normalize from a
// given mean and variance; each misuse the docs forbid ends in a DEFECT line. Included by api_v35.cpp (one build).
// Inputs: x[k] = v35::input(k) over the real (unpadded) elements in row order; gamma[j] = 0.5 + j / 64,
// beta[j] = j / 32 - 0.25 (read by tests/test_normalization_apis.py).
namespace norm_t {
using namespace AscendC;

// kernel_utils_constants.h's block counts, as quantize_add_layer_norm divides by ONE_BLK_FLOAT_NUM
static_assert(ONE_BLK_FLOAT_NUM == 8 && ONE_BLK_HALF_NUM == 16, "elements of one 32-byte block");

constexpr uint32_t kA = 3, kR = 37, kRp = 40;  // float rows: 37 padded to 40 (32 bytes)

inline float gamma(uint32_t j) { return 0.5f + static_cast<float>(j) / 64.0f; }
inline float beta(uint32_t j) { return static_cast<float>(j) / 32.0f - 0.25f; }

// LayerNorm (mean + rstd, or variance) of kA rows; tmp_bytes the sharedTmpBuffer; in_place makes output inputX.
template <const LayerNormConfig& config>
inline void layer_norm(uint32_t tmp_bytes, bool in_place) {
    kgtest::Gm y("y", kA * kR * 4), mean("mean", kA * 4), last("last", kA * 4);
    kgtest::run_one("ascend950", {&y, &mean, &last}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> xb, yb, gb, bb, mb, rb, tb;
        pipe.InitBuffer(xb, kA * kRp * 4);
        pipe.InitBuffer(yb, kA * kRp * 4);
        pipe.InitBuffer(gb, kRp * 4);
        pipe.InitBuffer(bb, kRp * 4);
        pipe.InitBuffer(mb, 32);
        pipe.InitBuffer(rb, 32);
        pipe.InitBuffer(tb, tmp_bytes);
        LocalTensor<float> x = xb.Get<float>(), out = in_place ? x : yb.Get<float>();
        LocalTensor<float> g = gb.Get<float>(), be = bb.Get<float>(), m = mb.Get<float>(), r = rb.Get<float>();
        for (uint32_t a = 0; a < kA; ++a)
            for (uint32_t j = 0; j < kRp; ++j) x.SetValue(a * kRp + j, j < kR ? v35::input(a * kR + j) : 0.0f);
        for (uint32_t j = 0; j < kRp; ++j) {
            g.SetValue(j, gamma(j));
            be.SetValue(j, beta(j));
        }
        LayerNormSeparateTiling tiling;
        LayerNormPara para{kA, kR, kRp};
        LayerNorm<float, float, false, config>(out, m, r, x, g, be, 1e-5f, tb.Get<uint8_t>(), para, tiling);
        for (uint32_t a = 0; a < kA; ++a) {
            for (uint32_t j = 0; j < kR; ++j) y.as<float>()[a * kR + j] = out.GetValue(a * kRp + j);
            mean.as<float>()[a] = m.GetValue(a);
            last.as<float>()[a] = r.GetValue(a);
        }
    });
    v35::val("y", y.as<float>(), kA * kR);
    v35::val("mean", mean.as<float>(), kA);
    v35::val("last", last.as<float>(), kA);
}
constexpr LayerNormConfig kRstd = {false, false, false, true};
constexpr LayerNormConfig kVariance = {false, false, false, false};
// 950 minimum: (ceil_128(64 / 64) + A [+ A]) floats
constexpr uint32_t kMinRstd = (128 + kA) * 4, kMinVariance = (128 + 2 * kA) * 4;

// Two chunks of 64 through WelfordUpdate (in place, as ops-nn's layer norms call it), then WelfordFinalize over the 64
// lanes (no tail: each lane saw rnLength = 2 values): the mean and population variance of the 128 inputs.
// overlap: inputX starts 32 bytes into outputMean's buffer; tmp_bytes: WelfordFinalize's buffer.
inline void welford(bool overlap, uint32_t tmp_bytes) {
    constexpr uint32_t kAb = 64;
    kgtest::Gm out("out", 8);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> xb, mb, vb, ob, tb;
        pipe.InitBuffer(xb, 2 * kAb * 4);
        pipe.InitBuffer(mb, kAb * 4 + 64 * 4);
        pipe.InitBuffer(vb, kAb * 4);
        pipe.InitBuffer(ob, 64);
        pipe.InitBuffer(tb, tmp_bytes);
        LocalTensor<float> x = xb.Get<float>(), mean = mb.Get<float>(), var = vb.Get<float>();
        for (uint32_t i = 0; i < 2 * kAb; ++i) x.SetValue(i, v35::input(i));
        Duplicate(mean, 0.0f, kAb);
        Duplicate(var, 0.0f, kAb);
        LocalTensor<uint8_t> tmp = tb.Get<uint8_t>();
        for (uint32_t n = 0; n < 2; ++n) {
            WelfordUpdateParam para{1, kAb, kAb, 1.0f / static_cast<float>(n + 1)};
            LocalTensor<float> chunk = overlap ? mean[8] : x[n * kAb];
            if (overlap) Duplicate(mean[8], 1.0f, kAb);
            WelfordUpdate<float, float, false>(mean, var, mean, var, chunk, para);
        }
        LocalTensor<float> o = ob.Get<float>();
        WelfordFinalizePara fp{2, kAb, kAb, kAb, 0, 0, 1.0f / kAb, 1.0f / (2 * kAb), 1.0f / (2 * kAb - 1)};
        WelfordFinalize<false>(o, o[8], mean, var, tmp, fp);
        out.as<float>()[0] = o.GetValue(0);
        out.as<float>()[1] = o.GetValue(8);
    });
    v35::val("mean_var", out.as<float>(), 2);
}

// Normalize of kA half rows (16 padded to 16) with float gamma / beta from a given mean and variance.
inline void normalize() {
    constexpr uint32_t kR16 = 16;
    kgtest::Gm y("y", kA * kR16 * 4), rstd("rstd", kA * 4);
    kgtest::run_one("ascend950", {&y, &rstd}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> xb, yb, gb, bb, mb, vb, rb;
        pipe.InitBuffer(xb, kA * kR16 * 2);
        pipe.InitBuffer(yb, kA * kR16 * 2);
        pipe.InitBuffer(gb, kR16 * 4);
        pipe.InitBuffer(bb, kR16 * 4);
        pipe.InitBuffer(mb, 32);
        pipe.InitBuffer(vb, 32);
        pipe.InitBuffer(rb, 32);
        LocalTensor<half> x = xb.Get<half>(), out = yb.Get<half>();
        LocalTensor<float> g = gb.Get<float>(), be = bb.Get<float>(), m = mb.Get<float>(), v = vb.Get<float>();
        for (uint32_t i = 0; i < kA * kR16; ++i) x.SetValue(i, static_cast<half>(v35::input(i)));
        for (uint32_t j = 0; j < kR16; ++j) {
            g.SetValue(j, gamma(j));
            be.SetValue(j, beta(j));
        }
        for (uint32_t a = 0; a < kA; ++a) {
            m.SetValue(a, 0.25f * static_cast<float>(a));
            v.SetValue(a, 1.5f + static_cast<float>(a));
        }
        NormalizePara para{kA, kR16, kR16};
        LocalTensor<float> r = rb.Get<float>();
        Normalize<float, half, false, NLCFG_NORM>(out, r, m, v, x, g, be, 1e-5f, para);
        for (uint32_t i = 0; i < kA * kR16; ++i) y.as<float>()[i] = static_cast<float>(out.GetValue(i));
        for (uint32_t a = 0; a < kA; ++a) rstd.as<float>()[a] = r.GetValue(a);
    });
    v35::val("y", y.as<float>(), kA * kR16);
    v35::val("rstd", rstd.as<float>(), kA);
}
}  // namespace norm_t

KG_TEST(layer_norm_rstd) { norm_t::layer_norm<norm_t::kRstd>(norm_t::kMinRstd, false); }
KG_TEST(layer_norm_variance) { norm_t::layer_norm<norm_t::kVariance>(norm_t::kMinVariance, false); }
KG_TEST(layer_norm_in_place) { norm_t::layer_norm<norm_t::kRstd>(norm_t::kMinRstd, true); }
// 512 bytes: the rstd form would do with (128 + 3) x 4, the variance form needs (128 + 6) x 4
KG_TEST(layer_norm_tmp_below_minimum) { norm_t::layer_norm<norm_t::kVariance>(128 * 4, false); }
KG_TEST(welford_update_finalize) { norm_t::welford(false, (64 + 128) * 4); }
KG_TEST(welford_update_partial_overlap) { norm_t::welford(true, (64 + 128) * 4); }
KG_TEST(welford_finalize_tmp_below_minimum) { norm_t::welford(false, 64 * 4); }
KG_TEST(normalize_half_rows) { norm_t::normalize(); }

// BroadCast, the implementation name ada_layer_norm's v1 kernel calls (BroadCast<float, 2, 1>): a [3, 1] column of
// row statistics to [3, 8]; then a [3, 2] source that is neither [3, 8] nor [3, 1] on axis 1.
inline void broad_cast(uint32_t src_cols) {
    kgtest::Gm out("out", 24 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64 * 4);
        LocalTensor<float> src = buf.Get<float>(), dst = src[32];
        for (uint32_t i = 0; i < 8; ++i) src.SetValue(i, 0.5f + static_cast<float>(i));
        uint32_t dstShape[2] = {3, 8}, srcShape[2] = {3, src_cols};
        BroadCast<float, 2, 1>(dst, src, dstShape, srcShape);
        for (uint32_t i = 0; i < 24; ++i) out.as<float>()[i] = dst.GetValue(i);
    });
    v35::val("y", out.as<float>(), 24);
}
KG_TEST(broad_cast_rows) { broad_cast(1); }
KG_TEST(broad_cast_bad_shape) { broad_cast(2); }

// Power without calCount: the whole tensor operand (apply_adam_w_quant's PowS: Power<float>(dst, scalar, src) on a
// 8-element view, then dst.GetValue(0)); tensor^scalar over a 16-element view; the config form likewise.
// long_exponent: a 16-float exponent view for an 8-float dst (the whole exponent runs past dst's view).
namespace norm_t {
inline void power_whole(bool long_exponent) {
    kgtest::Gm out("out", 40 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128 * 4);
        LocalTensor<float> all = buf.Get<float>();
        for (uint32_t i = 0; i < 128; ++i) all.SetValue(i, -1.0f);
        LocalTensor<float> e = all[0], b = all[32], d = all[64];
        e.SetBufferLen(long_exponent ? 16 : 8);
        b.SetBufferLen(16);
        d.SetBufferLen(8);
        for (uint32_t i = 0; i < 16; ++i) {
            e.SetValue(i % 8, 0.25f * static_cast<float>(i % 8));
            b.SetValue(i, 1.0f + static_cast<float>(i) / 8.0f);
        }
        Power<float>(d, 2.0f, e);
        for (uint32_t i = 0; i < 8; ++i) out.as<float>()[i] = all.GetValue(64 + i);
        LocalTensor<float> d2 = all[96];
        d2.SetBufferLen(16);
        Power<float>(d2, b, 3.0f);
        for (uint32_t i = 0; i < 16; ++i) out.as<float>()[8 + i] = all.GetValue(96 + i);
        static constexpr PowerConfig cfg = {PowerAlgo::DOUBLE_FLOAT_TECH};
        Power<float, false, cfg>(d2, b, b);
        for (uint32_t i = 0; i < 16; ++i) out.as<float>()[24 + i] = all.GetValue(96 + i);
    });
    v35::val("y", out.as<float>(), 40);
}
}  // namespace norm_t
KG_TEST(power_whole_tensor) { norm_t::power_whole(false); }
KG_TEST(power_whole_tensor_past_dst) { norm_t::power_whole(true); }

// TransDataTo5HDImpl with __ubuf__ pointer lists, as layer_norm_grad_v3's transpose builds them: 16 rows of 16 halves
// to 16 blocks (dst block j = element j of every row); then a destination list one element off its 32-byte block.
inline void trans_5hd_impl(uint32_t dst_skew) {
    kgtest::Gm y("y", 256 * 4);
    kgtest::run_one("ascend950", {&y}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, db;
        pipe.InitBuffer(sb, 256 * 2);
        pipe.InitBuffer(db, 256 * 2 + 64);
        LocalTensor<half> src = sb.Get<half>(), dst = db.Get<half>();
        for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, static_cast<half>(static_cast<float>(i)));
        __ubuf__ half* srcAddr = (__ubuf__ half*)src.GetPhyAddr();
        __ubuf__ half* dstAddr = (__ubuf__ half*)dst.GetPhyAddr() + dst_skew;
        __ubuf__ half* srcList[16];
        __ubuf__ half* dstList[16];
        for (int i = 0; i < 16; ++i) {
            srcList[i] = srcAddr + 16 * i;
            dstList[i] = dstAddr + 16 * i;
        }
        TransDataTo5HDParams params;
        params.repeatTimes = 1;
        params.srcRepStride = 0;
        params.dstRepStride = 0;
        TransDataTo5HDImpl(dstList, srcList, params);
        for (uint32_t i = 0; i < 256; ++i) y.as<float>()[i] = static_cast<float>(dst.GetValue(i));
    });
    v35::val("y", y.as<float>(), 256);
}
KG_TEST(trans_5hd_impl_pointer_lists) { trans_5hd_impl(0); }
KG_TEST(trans_5hd_impl_unaligned) { trans_5hd_impl(1); }

// ASSERT_MSG, as inplace_apply_adadelta's kernel checks rho: a true condition passes, a false one stops the block
// (after a PRELOAD hint, which does nothing).
inline void assert_msg(float rho) {
    kgtest::Gm y("y", 32);
    kgtest::run_one("ascend950", {&y}, [&] {
        PRELOAD(4);  // layer_norm_grad's instruction-cache hint: no effect
        ASSERT_MSG(rho >= 0.0f && rho < 1.0f, "rho must be in [0, 1), got %f.\n", rho);
        y.as<float>()[0] = rho;
    });
    v35::val("y", y.as<float>(), 1);
}
KG_TEST(assert_msg_holds) { assert_msg(0.5f); }
KG_TEST(assert_msg_fails) { assert_msg(1.5f); }

// Reg Sqrt with a SqrtSpecificMode whose algorithm is a SqrtAlgo, as inplace_apply_adadelta's arch35 kernel declares
// it ({ZEROING, false, SqrtAlgo::PRECISION_0ULP_FTZ_FALSE}): 64 floats x^2 / 16 -> |x| / 4.
namespace norm_t {
static constexpr AscendC::MicroAPI::SqrtSpecificMode kSqrtMode = {AscendC::MicroAPI::MaskMergeMode::ZEROING, false,
                                                                   AscendC::SqrtAlgo::PRECISION_0ULP_FTZ_FALSE};
inline void reg_sqrt_mode() {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend950", {&y}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128 * 4);
        LocalTensor<float> t = buf.Get<float>();
        for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, v35::input(i) * v35::input(i) / 16.0f);
        __ubuf__ float* src = (__ubuf__ float*)t.GetPhyAddr();
        __ubuf__ float* dst = src + 64;
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v, r;
            uint32_t count = 64;
            MicroAPI::MaskReg mask = MicroAPI::UpdateMask<float>(count);
            MicroAPI::LoadAlign(v, src);
            MicroAPI::Sqrt<float, &kSqrtMode>(r, v, mask);
            MicroAPI::StoreAlign(dst, r, mask);
        }
        for (uint32_t i = 0; i < 64; ++i) y.as<float>()[i] = t.GetValue(64 + i);
    });
    v35::val("y", y.as<float>(), 64);
}
}  // namespace norm_t
KG_TEST(reg_sqrt_specific_mode) { norm_t::reg_sqrt_mode(); }

// A TBuf passed by value, as apply_fused_ema_adam's ScalarPow takes two: the copy names the same buffer (what it
// writes the original reads back); handing the copy a tensor of another buffer is still the mix-up it was.
namespace norm_t {
inline float fill_through_copy(AscendC::TBuf<AscendC::TPosition::VECCALC> b, float v) {
    AscendC::LocalTensor<float> t = b.Get<float>();
    AscendC::Duplicate(t, v, 8);
    return t.GetValue(3);
}
inline void tbuf_copy(bool foreign) {
    kgtest::Gm y("y", 32);
    kgtest::run_one("ascend950", {&y}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, other;
        pipe.InitBuffer(a, 32);
        pipe.InitBuffer(other, 32);
        y.as<float>()[0] = fill_through_copy(a, 2.5f);
        y.as<float>()[1] = a.Get<float>().GetValue(5);
        if (foreign) {
            TBuf<TPosition::VECCALC> copy = a;
            LocalTensor<float> t = other.Get<float>();
            copy.EnQue(t);
        }
    });
    v35::val("y", y.as<float>(), 2);
}
}  // namespace norm_t
KG_TEST(tbuf_by_value) { norm_t::tbuf_copy(false); }
KG_TEST(tbuf_copy_foreign_tensor) { norm_t::tbuf_copy(true); }

// A TQue passed by value, as apply_fused_ema_adam's ScalarPow takes its input queue: the copy allocates, fills and
// frees the queue's one buffer, and the original allocates it again and reads what the copy wrote. A copy that
// keeps its allocation leaves the original no free buffer.
namespace norm_t {
inline float fill_through_queue_copy(AscendC::TQue<AscendC::TPosition::VECIN, 1> q, float v, bool keep) {
    AscendC::LocalTensor<float> t = q.AllocTensor<float>();
    AscendC::Duplicate(t, v, 8);
    const float got = t.GetValue(3);
    if (!keep) q.FreeTensor(t);
    return got;
}
inline void tque_copy(bool keep) {
    kgtest::Gm y("y", 32);
    kgtest::run_one("ascend950", {&y}, [&] {
        using namespace AscendC;
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 32);
        y.as<float>()[0] = fill_through_queue_copy(q, 1.5f, keep);
        LocalTensor<float> t = q.AllocTensor<float>();
        y.as<float>()[1] = t.GetValue(5);
        q.FreeTensor(t);
    });
    v35::val("y", y.as<float>(), 2);
}
}  // namespace norm_t
KG_TEST(tque_by_value) { norm_t::tque_copy(false); }
KG_TEST(tque_copy_keeps_its_buffer) { norm_t::tque_copy(true); }
