// Kernel APIs and overloads that ops-nn operators use and the emulator added for them (written fresh for the
// tests): TBuf's queue-shaped interface, TQueBind user positions, float32_t / __bf16 / constexpr half,
// Std::min / max, ScalarCast, SetDeqScale, AscendCUtils::SetMask, InitGlobalMemory, Gather, GatherMask, Sign
// (and the host-side GetSignMaxMinTmpSize).
// Each test prints its results as `VAL <name> v0 v1 ...` (read by tests/test_emulator_kernel_api_corpus.py,
// which compares them with NumPy) and misuse tests end in a DEFECT line.
#include "emu_test.h"
#include "tiling/math/sign_tiling.h"

namespace corpus {
using namespace AscendC;

template <typename T>
void val(const char* name, const T* p, size_t n) {
    std::printf("VAL %s", name);
    for (size_t i = 0; i < n; ++i) std::printf(" %.9g", static_cast<double>(static_cast<float>(p[i])));
    std::printf("\n");
}
inline void val_bits(const char* name, const uint16_t* p, size_t n) {
    std::printf("VAL %s", name);
    for (size_t i = 0; i < n; ++i) std::printf(" %u", p[i]);
    std::printf("\n");
}

// The test inputs, shared with the Python side: x[i] = (i % 13 - 6) * 0.37 + i / 64.
inline float input(uint32_t i) { return static_cast<float>(static_cast<int>(i % 13) - 6) * 0.37f + i / 64.0f; }

constexpr half kSeluAlpha = half(1.6732632423543772848170429916717);  // constexpr half from double
static_assert(std::is_same<float32_t, float>::value, "float32_t is float");
static_assert(std::is_same<__bf16, bfloat16_t>::value, "__bf16 is bfloat16_t");
static_assert(GetDataBlockSizeInBytes() == 32, "one DataBlock is 32 bytes");
static_assert(Std::min(3, 5) == 3 && Std::max(3u, 5u) == 5u, "Std::min / max");

// Copy-out of a TBuf a vector op wrote: a TBuf's hand-overs order no pipes, so V -> MTE3 waits on a flag before
// the copy and MTE3 -> V after it (the next vector op may overwrite the bytes the copy reads).
template <typename T>
void copy_out(const GlobalTensor<T>& g, const LocalTensor<T>& l, uint32_t n) {
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(g, l, n);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
}

}  // namespace corpus

namespace corpus {
// A misuse test body: one block on ascend910b with three 1 KiB TBufs (float views a, b and the raw buffers).
struct Bufs {
    AscendC::TBuf<AscendC::TPosition::VECCALC>& a;
    AscendC::TBuf<AscendC::TPosition::VECCALC>& b;
    AscendC::TBuf<AscendC::TPosition::VECCALC>& c;
};
inline void misuse(const std::function<void(Bufs&)>& body) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(c, 1024);
        Bufs bufs{a, b, c};
        body(bufs);
    });
}
}  // namespace corpus

// ---- TBuf: AllocTensor / EnQue / DeQue / FreeTensor ----
KG_TEST(tbuf_queue_interface) {
    using namespace corpus;
    kgtest::Gm x("x", 64 * 4), y("y", 64 * 4);
    for (uint32_t i = 0; i < 64; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend910b", {&x, &y}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> tmp;
        TBuf<TPosition::VECCALC> other;
        pipe.InitBuffer(tmp, 64 * sizeof(float));
        pipe.InitBuffer(other, 64 * sizeof(float));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.ptr()), 64);
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 64);
        LocalTensor<float> t = tmp.AllocTensor<float>();
        kgtest::check("alloc_is_whole_buffer", t.GetSize() == 64);
        DataCopy(t, xg, 64);
        // A TBuf is a TQueBind<pos, pos, 0>: its EnQue/DeQue order no pipes, so the MTE2 -> V and V -> MTE3
        // hand-overs need their own flags (without them the sanitizer reports the races, as it should).
        tmp.EnQue(t);
        LocalTensor<float> u = tmp.DeQue<float>();
        kgtest::check("dequeue_same_memory", u.GetPhyAddr() == t.GetPhyAddr());
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        LocalTensor<float> o = other.AllocTensor<float>();
        Muls(o, u, 2.0f, 64);
        Adds(o, o, 1.0f, 64);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yg, o, 64);
        tmp.FreeTensor(u);
        other.FreeTensor(o);
    });
    val("y", y.as<float>(), 64);
}

KG_TEST(tbuf_free_foreign) {
    corpus::misuse([](corpus::Bufs& u) {
        AscendC::LocalTensor<float> t = u.a.AllocTensor<float>();
        u.b.FreeTensor(t);  // the tensor belongs to `a`
    });
}

// ---- TQueBind<VECIN, VECOUT>: one buffer from GM through the vector unit back to GM ----
// Two tiles of 64 halves: each copied in, passed through the queue's hops by `hops` (which multiplies by
// kSeluAlpha on the way and returns the tensor to copy out), copied out and freed.
template <typename Hops>
static void quebind_tiles(const char* soc, Hops hops) {
    using namespace corpus;
    kgtest::Gm x("x", 128 * 2), y("y", 128 * 2);
    for (uint32_t i = 0; i < 128; ++i) x.as<half>()[i] = half(input(i));
    kgtest::run_one(soc, {&x, &y}, [&] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> q;
        pipe.InitBuffer(q, 2, 64 * sizeof(half));
        GlobalTensor<half> xg, yg;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x.ptr()), 128);
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y.ptr()), 128);
        for (int tile = 0; tile < 2; ++tile) {
            LocalTensor<half> t = q.AllocTensor<half>();
            DataCopy(t, xg[tile * 64], 64);
            LocalTensor<half> o = hops(q, t);
            DataCopy(yg[tile * 64], o, 64);
            q.FreeTensor(o);
        }
    });
    val_bits("y", y.as<uint16_t>(), 128);
}

KG_TEST(quebind_user_positions) {  // GM -> VECIN -> VECOUT -> GM, as the documented hops
    using namespace corpus;
    quebind_tiles("ascend910b", [](auto& q, LocalTensor<half>& t) {
        q.template EnQue<QuePosition::GM, QuePosition::VECIN, half>(t);
        LocalTensor<half> v = q.template DeQue<QuePosition::GM, QuePosition::VECIN, half>();
        Muls(v, v, kSeluAlpha, 64);
        q.template EnQue<QuePosition::VECIN, QuePosition::VECOUT, half>(v);
        LocalTensor<half> w = q.template DeQue<QuePosition::VECIN, QuePosition::VECOUT, half>();
        q.template EnQue<QuePosition::VECOUT, QuePosition::GM, half>(w);
        return q.template DeQue<QuePosition::VECOUT, QuePosition::GM, half>();
    });
    const uint16_t alpha_bits = corpus::kSeluAlpha.to_bits();
    val_bits("alpha", &alpha_bits, 1);
}

// The 950's pass through VECCALC (index/non_zero's arch35 kernels): EnQue/DeQue<VECIN, VECCALC> (MTE2 -> V),
// compute, EnQue/DeQue<VECCALC, VECOUT> (V -> MTE3) on one TQueBind<VECIN, VECOUT>.
static void quebind_through_calc(const char* soc) {
    using namespace corpus;
    quebind_tiles(soc, [](auto& q, LocalTensor<half>& t) {
        q.template EnQue<QuePosition::VECIN, QuePosition::VECCALC>(t);
        LocalTensor<half> c = q.template DeQue<QuePosition::VECIN, QuePosition::VECCALC, half>();
        Muls(c, c, kSeluAlpha, 64);
        q.template EnQue<QuePosition::VECCALC, QuePosition::VECOUT>(c);
        return q.template DeQue<QuePosition::VECCALC, QuePosition::VECOUT, half>();
    });
}

KG_TEST(quebind_through_calc_950) { quebind_through_calc("ascend950"); }

KG_TEST(quebind_through_calc_on_910b) { quebind_through_calc("ascend910b"); }

KG_TEST(quebind_bad_user_positions) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] {
        AscendC::TPipe pipe;
        AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        AscendC::LocalTensor<float> t = q.AllocTensor<float>();
        q.EnQue<AscendC::QuePosition::VECOUT, AscendC::QuePosition::VECIN, float>(t);  // backwards
    });
}

// ---- scalars: Std::min / max at run time, ScalarCast, SetDeqScale + Cast, AscendCUtils::SetMask ----
KG_TEST(scalar_cast) {
    using namespace corpus;
    std::vector<float> in(40);
    for (uint32_t i = 0; i < in.size(); ++i) in[i] = input(i) * 1000.003f + (i % 2 ? 0.5f : 0.25f);
    std::vector<uint16_t> h(in.size()), bf(in.size());
    std::vector<int32_t> r(in.size()), fl(in.size()), ce(in.size()), ri(in.size());
    kgtest::Gm dummy("d", 32);
    kgtest::run_one("ascend910b", {&dummy}, [&] {
        for (size_t i = 0; i < in.size(); ++i) {
            h[i] = ScalarCast<float, half, RoundMode::CAST_ODD>(in[i]).to_bits();
            bf[i] = ScalarCast<float, bfloat16_t, RoundMode::CAST_RINT>(in[i]).to_bits();
            r[i] = ScalarCast<float, int32_t, RoundMode::CAST_ROUND>(in[i]);
            fl[i] = ScalarCast<float, int32_t, RoundMode::CAST_FLOOR>(in[i]);
            ce[i] = ScalarCast<float, int32_t, RoundMode::CAST_CEIL>(in[i]);
            ri[i] = ScalarCast<float, int32_t, RoundMode::CAST_RINT>(in[i]);
        }
        const int64_t a = 7, b2 = -3;
        kgtest::check("std_min_max", Std::min(a, b2) == -3 && Std::max(a, b2) == 7);
    });
    val("in", in.data(), in.size());
    val_bits("odd_half", h.data(), h.size());
    val_bits("rint_bf16", bf.data(), bf.size());
    val("round_s32", r.data(), r.size());
    val("floor_s32", fl.data(), fl.size());
    val("ceil_s32", ce.data(), ce.size());
    val("rint_s32", ri.data(), ri.size());
}

KG_TEST(deq_scale_and_set_mask) {
    using namespace corpus;
    kgtest::Gm y("y", 64 * 2), z("z", 128 * 4);
    int64_t c0[6] = {};
    kgtest::run_one("ascend910b", {&y, &z}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ib, hb, fb;
        pipe.InitBuffer(ib, 64 * 4);
        pipe.InitBuffer(hb, 64 * 2);
        pipe.InitBuffer(fb, 128 * 4);
        LocalTensor<int32_t> iv = ib.Get<int32_t>();
        for (int i = 0; i < 64; ++i) iv.SetValue(i, i * 37 - 1000);
        SetDeqScale(static_cast<half>(0.25f));
        LocalTensor<half> hv = hb.Get<half>();
        Cast(hv, iv, RoundMode::CAST_NONE, 64);
        GlobalTensor<half> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y.ptr()), 64);
        copy_out(yg, hv, 64);
        // AscendCUtils::SetMask<float>(16): the next isSetMask = false call touches 16 elements per repeat
        LocalTensor<float> fv = fb.Get<float>();
        Duplicate(fv, 1.0f, 128);
        AscendCUtils::SetMask<float>(16);
        Adds<float, false>(fv, fv, 5.0f, MASK_PLACEHOLDER, 2, {1, 1, 8, 8});
        AscendCUtils::ResetMask();
        c0[0] = AscendCUtils::GetC0Count(1);
        c0[1] = AscendCUtils::GetC0Count(2);
        c0[2] = AscendCUtils::GetC0Count(4);
        c0[3] = AscendCUtils::GetC0Count(8);
        c0[4] = AscendCUtils::GetBitSize(sizeof(uint8_t));
        c0[5] = AscendCUtils::GetBitSize(sizeof(float));
        GlobalTensor<float> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z.ptr()), 128);
        copy_out(zg, fv, 128);
    });
    val("deq_half", y.as<half>(), 64);
    val("masked_adds", z.as<float>(), 128);
    val("c0_and_bits", c0, 6);
}

// ---- InitGlobalMemory ----
KG_TEST(init_global_memory) {
    kgtest::Gm w("w", 100 * 4, 0x7F);
    kgtest::run_one("ascend910b", {&w}, [&] {
        AscendC::GlobalTensor<float> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w.ptr()), 100);
        AscendC::InitGlobalMemory(wg, 96, -2.5f);
    });
    corpus::val("w", w.as<float>(), 100);
}

// InitOutput, InitGlobalMemory's deprecated name (pooling/avg_pool3_d_grad zeroes its output in two calls,
// a former part and a tail, with the value argument; ctc_loss_v2 relies on the default value 0)
KG_TEST(init_output) {
    kgtest::Gm w("w", 100 * 4, 0x7F);
    kgtest::run_one("ascend910b", {&w}, [&] {
        AscendC::GlobalTensor<float> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w.ptr()), 100);
        AscendC::InitOutput(wg[8], 40, static_cast<float>(1.5));
        AscendC::InitOutput<float>(wg[48], 50);
    });
    corpus::val("w", w.as<float>(), 100);
}

// Fill, the advanced API's GM fill (index_fill zeroes its int8 mask with it on the 950): the 950 takes 1- and
// 8-byte types, the 910B only 2- and 4-byte ones
KG_TEST(fill_gm) {
    kgtest::Gm m("m", 72, 0x7F), d("d", 6 * 8, 0x7F), w("w", 20 * 4, 0x7F);
    kgtest::run_one("ascend950", {&m, &d}, [&] {
        AscendC::GlobalTensor<int8_t> mg;
        mg.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(m.ptr()), 72);
        AscendC::Fill(mg, 64, static_cast<int8_t>(-3));
        AscendC::GlobalTensor<int64_t> dg;
        dg.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(d.ptr()), 6);
        AscendC::GlobalTensor<int64_t> d1 = dg[1];  // the documented form takes an lvalue GlobalTensor
        AscendC::Fill(d1, 4, static_cast<int64_t>(1) << 40);
    });
    kgtest::run_one("ascend910b", {&w}, [&] {
        AscendC::GlobalTensor<half> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(w.ptr()), 40);
        AscendC::GlobalTensor<half> w2 = wg[2];
        AscendC::Fill(w2, 30, static_cast<half>(0.75f));
    });
    corpus::val("m", m.as<int8_t>(), 72);
    corpus::val("d_hi", d.as<int32_t>(), 12);  // int64 as (low, high) int32 pairs: printed exactly
    corpus::val("w", w.as<half>(), 40);
}

KG_TEST(fill_gm_int8_on_910b) {
    kgtest::Gm m("m", 64);
    kgtest::run_one("ascend910b", {&m}, [&] {
        AscendC::GlobalTensor<int8_t> mg;
        mg.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(m.ptr()), 64);
        AscendC::Fill(mg, 64, static_cast<int8_t>(0));
    });
}

KG_TEST(c0_count_of_a_3_byte_type) {
    kgtest::Gm m("m", 32);
    kgtest::run_one("ascend910b", {&m}, [&] { (void)AscendC::AscendCUtils::GetC0Count(3); });
}

KG_TEST(init_output_past_end) {
    kgtest::Gm w("w", 64 * 4);
    kgtest::run_one("ascend910b", {&w}, [&] {
        AscendC::GlobalTensor<float> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w.ptr()), 64);
        AscendC::InitOutput(wg[40], 30, 0.0f);
    });
}

KG_TEST(init_global_memory_past_end) {
    kgtest::Gm w("w", 64 * 4);
    kgtest::run_one("ascend910b", {&w}, [&] {
        AscendC::GlobalTensor<float> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w.ptr()), 64);
        AscendC::InitGlobalMemory(wg, 72, 0.0f);
    });
}

// ASCENDC_ASSERT: weight_quant_batch_matmul_v2's arch35 CeilAlign guards its divisor so; a zero divisor stops the
// block after the log line, as CANN's CPU debug build does (kernel_log.h)
template <typename T>
T ceil_align_checked(T a, T b) {
    ASCENDC_ASSERT(b != 0, { KERNEL_LOG(KERNEL_ERROR, "Division by zero error!"); });
    return (a + b - 1) / b * b;
}
KG_TEST(ascendc_assert_fails) {
    kgtest::Gm w("w", 64);
    kgtest::run_one("ascend950", {&w}, [&] {
        volatile uint32_t zero = 0;
        if (ceil_align_checked<uint32_t>(5, 4) == 8) (void)ceil_align_checked<uint32_t>(5, zero);
    });
}

// SetLoadDataRepeat: the img2col repeat register (conv3d_backprop_input_v2 sets it before each LoadData 3D);
// repeatMode is 0 (height) or 1 (width); the 950 form carries dstStride
KG_TEST(load_data_repeat_mode) {
    kgtest::Gm w("w", 64);
    kgtest::run_one("ascend950", {&w}, [&] {
        static_assert(AscendC::TOTAL_L0A_SIZE == 64 * 1024 && AscendC::TOTAL_L0B_SIZE == 64 * 1024, "L0A / L0B");
        AscendC::SetLoadDataRepeat(AscendC::LoadDataRepeatParam(16, 2, 1, 4));
        AscendC::SetLoadDataRepeat(AscendC::LoadDataRepeatParam(16, 2, 2, 4));
    });
}

// ICachePreLoad: 2 KiB units below the AIV's 16 KiB ICache (mat_mul_v3's stream-K kernel preloads so)
KG_TEST(icache_preload_too_long) {
    kgtest::Gm w("w", 64);
    kgtest::run_one("ascend950", {&w}, [&] {
        AscendC::ICachePreLoad(4);
        if (AscendC::GetICachePreloadStatus() == 0) AscendC::ICachePreLoad(8);
    });
}

// ---- Gather: byte offsets, count form and mask form ----
KG_TEST(gather_forms) {
    using namespace corpus;
    kgtest::Gm y("y", 128 * 4), z("z", 128 * 2);
    kgtest::run_one("ascend910b", {&y, &z}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, ob, db, hb, hd;
        pipe.InitBuffer(sb, 128 * 4);
        pipe.InitBuffer(ob, 128 * 4);
        pipe.InitBuffer(db, 128 * 4);
        pipe.InitBuffer(hb, 128 * 2);
        pipe.InitBuffer(hd, 128 * 2);
        LocalTensor<float> src = sb.Get<float>();
        LocalTensor<uint32_t> off = ob.Get<uint32_t>();
        LocalTensor<float> dst = db.Get<float>();
        for (uint32_t i = 0; i < 128; ++i) {
            src.SetValue(i, input(i));
            off.SetValue(i, ((i * 37U) % 100U) * 4U);  // byte offsets of elements (37 i) mod 100
        }
        Duplicate(dst, 0.0f, 128);
        Gather(dst, src, off, static_cast<uint32_t>(16), 100);  // base: 16 bytes = element 4
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 128);
        copy_out(yg, dst, 128);
        // mask form on half: one repeat of 128 lanes, the first 100 active
        LocalTensor<half> hs = hb.Get<half>();
        LocalTensor<half> hdst = hd.Get<half>();
        for (uint32_t i = 0; i < 128; ++i) {
            hs.SetValue(i, half(input(i)));
            off.SetValue(i, (127U - i) * 2U);  // reversed
        }
        Duplicate(hdst, half(0.0f), 128);
        Gather(hdst, hs, off, static_cast<uint32_t>(0), static_cast<uint64_t>(100), 1, 8);
        GlobalTensor<half> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z.ptr()), 128);
        copy_out(zg, hdst, 128);
    });
    val("gather_count", y.as<float>(), 128);
    val("gather_mask", z.as<half>(), 128);
}

KG_TEST(gather_unaligned_offset) {
    corpus::misuse([](corpus::Bufs& u) {
        AscendC::LocalTensor<float> src = u.a.Get<float>();
        AscendC::LocalTensor<uint32_t> off = u.b.Get<uint32_t>();
        AscendC::Duplicate(src, 1.0f, 64);
        for (uint32_t i = 0; i < 8; ++i) off.SetValue(i, i);  // element indices, not byte offsets
        AscendC::Gather(u.c.Get<float>(), src, off, static_cast<uint32_t>(0), 8);
    });
}

KG_TEST(gather_past_src_buffer) {
    corpus::misuse([](corpus::Bufs& u) {
        AscendC::LocalTensor<float> src = u.a.Get<float>(64);  // a 256-byte view of a's 1 KiB
        AscendC::LocalTensor<uint32_t> off = u.b.Get<uint32_t>();
        AscendC::Duplicate(src, 1.0f, 64);
        for (uint32_t i = 0; i < 8; ++i) off.SetValue(i, i * 160);  // the last ones reach past a's 1024 bytes
        AscendC::Gather(u.c.Get<float>(), src, off, static_cast<uint32_t>(0), 8);
    });
}

// Legal: the offsets are relative to src's start and may reach past src's view, within its buffer (Gather.md).
KG_TEST(gather_past_view_ok) {
    corpus::misuse([](corpus::Bufs& u) {
        AscendC::LocalTensor<float> whole = u.a.Get<float>();
        AscendC::LocalTensor<float> src = u.a.Get<float>(64);  // a 256-byte view of a's 1 KiB
        AscendC::LocalTensor<uint32_t> off = u.b.Get<uint32_t>();
        AscendC::LocalTensor<float> dst = u.c.Get<float>();
        for (uint32_t i = 0; i < 256; ++i) whole.SetValue(i, static_cast<float>(i));
        for (uint32_t i = 0; i < 8; ++i) off.SetValue(i, i * 128);  // elements 0, 32, ..., 224: past the view
        AscendC::Gather(dst, src, off, static_cast<uint32_t>(0), 8);
        bool good = true;
        for (uint32_t i = 0; i < 8; ++i) good &= dst.GetValue(i) == static_cast<float>(i * 32);
        kgtest::check("gathered_past_view", good);
    });
}

// ---- GatherMask: built-in patterns (normal mode) and a user pattern (counter mode) ----
KG_TEST(gather_mask_forms) {
    using namespace corpus;
    kgtest::Gm y("y", 256 * 4);
    uint64_t counts[4] = {0, 0, 0, 0};
    kgtest::run_one("ascend910b", {&y}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, pb, db;
        pipe.InitBuffer(sb, 256 * 4);
        pipe.InitBuffer(pb, 64);
        pipe.InitBuffer(db, 256 * 4);
        LocalTensor<float> src = sb.Get<float>();
        LocalTensor<uint32_t> pat = pb.Get<uint32_t>();
        LocalTensor<float> dst = db.Get<float>();
        for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, static_cast<float>(i + 1));
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 256);
        // pattern 2 (odd indices), 2 repeats of 64 floats, repeats 8 blocks apart
        Duplicate(dst, 0.0f, 256);
        GatherMask(dst, src, static_cast<uint8_t>(2), false, 0, {1, 2, 8, 0}, counts[0]);
        copy_out(yg, dst, 64);
        // pattern 5 (index % 4 == 2), one repeat, src0 block stride 2 (every other 32-byte block)
        Duplicate(dst, 0.0f, 64);
        GatherMask(dst, src, static_cast<uint8_t>(5), false, 0, {2, 1, 0, 0}, counts[1]);
        copy_out(yg[64], dst, 64);
        // user pattern, counter mode: 70 elements per repeat, 2 repeats, src0 repeat stride 4 blocks,
        // src1 repeat stride 0 (the same 70 pattern bits for both repeats)
        for (uint32_t w = 0; w < 16; ++w) pat.SetValue(w, 0x0F0F0F0Fu ^ (w * 0x01010101u));
        Duplicate(dst, 0.0f, 256);
        GatherMask(dst, src, pat, true, 70, {1, 2, 4, 0}, counts[2]);
        copy_out(yg[128], dst, 128);
        kgtest::check("mask_register_left_normal", !kgemu::detail::tl_block->mask_counter);
    });
    val("gm_y", y.as<float>(), 256);
    val("gm_counts", counts, 3);
}

KG_TEST(gather_mask_bad_pattern) {
    corpus::misuse([](corpus::Bufs& u) {
        uint64_t n = 0;
        AscendC::GatherMask(u.b.Get<float>(), u.a.Get<float>(), static_cast<uint8_t>(8), false, 0, {1, 1, 8, 0}, n);
    });
}

// ---- Sign (and GetSignMaxMinTmpSize, host side) ----
struct ShapeStub {  // stands in for ge::Shape: GetSignMaxMinTmpSize only asks for the element count
    int64_t n;
    int64_t GetShapeSize() const { return n; }
};

KG_TEST(sign_values) {
    using namespace corpus;
    kgtest::Gm y("y", 64 * 4), z("z", 64 * 2);
    std::vector<float> in(64);
    const float special[8] = {-INFINITY, -2.0f, -0.0f, 0.0f, NAN, -NAN, 2.0f, INFINITY};
    for (uint32_t i = 0; i < 64; ++i) in[i] = i < 8 ? special[i] : input(i) * 1e-3f * (i % 3 ? 1.0f : -1e-30f);
    uint32_t maxv = 0, minv = 0;
    AscendC::GetSignMaxMinTmpSize(ShapeStub{1024}, 2, false, maxv, minv);
    kgtest::run_one("ascend910b", {&y, &z}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, db, hb, hd, tb;
        pipe.InitBuffer(sb, 64 * 4);
        pipe.InitBuffer(db, 64 * 4);
        pipe.InitBuffer(hb, 64 * 2);
        pipe.InitBuffer(hd, 64 * 2);
        pipe.InitBuffer(tb, minv);
        LocalTensor<float> src = sb.Get<float>();
        LocalTensor<float> dst = db.Get<float>();
        LocalTensor<half> hs = hb.Get<half>();
        LocalTensor<half> hdst = hd.Get<half>();
        for (uint32_t i = 0; i < 64; ++i) {
            src.SetValue(i, in[i]);
            hs.SetValue(i, half(in[i]));
        }
        Sign(dst, src, tb.Get<uint8_t>(), 64);
        Sign(hdst, hs, 64);
        GlobalTensor<float> yg;
        GlobalTensor<half> zg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 64);
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z.ptr()), 64);
        copy_out(yg, dst, 64);
        copy_out(zg, hdst, 64);
    });
    val("sign_in", in.data(), in.size());
    val("sign_f32", y.as<float>(), 64);
    val("sign_f16", z.as<half>(), 64);
    const uint32_t sizes[2] = {maxv, minv};
    val("sign_tmp_sizes", sizes, 2);
}

// ---- TransDataTo5HD (address lists), Transpose (16 x 16), Scatter ----
KG_TEST(transpose_forms) {
    using namespace corpus;
    kgtest::Gm y("y", 256 * 2), z("z", 256 * 4), w("w", 256 * 2), v("v", 64 * 4);
    kgtest::run_one("ascend910b", {&y, &z, &w, &v}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> hb, hd, fb, fd, ob;
        pipe.InitBuffer(hb, 256 * 2);
        pipe.InitBuffer(hd, 256 * 2);
        pipe.InitBuffer(fb, 256 * 4);
        pipe.InitBuffer(fd, 256 * 4);
        pipe.InitBuffer(ob, 64 * 4);
        LocalTensor<half> hs = hb.Get<half>();
        LocalTensor<half> hdst = hd.Get<half>();
        LocalTensor<float> fs = fb.Get<float>();
        LocalTensor<float> fdst = fd.Get<float>();
        for (uint32_t i = 0; i < 256; ++i) {
            hs.SetValue(i, half(static_cast<float>(i)));
            fs.SetValue(i, static_cast<float>(i) + 0.5f);
        }
        // half: LocalTensor lists, one 16 x 16 block
        LocalTensor<half> dl[16], sl[16];
        for (int i = 0; i < 16; ++i) {
            sl[i] = hs[i * 16];
            dl[i] = hdst[i * 16];
        }
        TransDataTo5HD<half>(dl, sl, TransDataTo5HDParams(false, false, 1, 0, 0));
        GlobalTensor<half> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y.ptr()), 256);
        copy_out(yg, hdst, 256);
        // float: address lists, 2 repeats; source rows 16 floats apart, repeat r moves the sources one block
        // (8 floats) and the destinations 16 blocks
        uint64_t da[16], sa[16];
        for (int i = 0; i < 16; ++i) {
            sa[i] = fs.GetPhyAddr(i * 16);
            da[i] = fdst.GetPhyAddr(i * 8);
        }
        TransDataTo5HDParams fp;
        fp.repeatTimes = 2;
        fp.srcRepStride = 1;
        fp.dstRepStride = 16;
        TransDataTo5HD<float>(da, sa, fp);
        GlobalTensor<float> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z.ptr()), 256);
        copy_out(zg, fdst, 256);
        // Transpose: 16 x 16 halves
        Transpose(hdst, hs);
        GlobalTensor<half> wg;
        wg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(w.ptr()), 256);
        copy_out(wg, hdst, 256);
        // Scatter: 16 floats to byte offsets 4 * (5 i mod 16) of a 64-float buffer, base 64 bytes
        LocalTensor<uint32_t> off = ob.Get<uint32_t>();
        for (uint32_t i = 0; i < 16; ++i) off.SetValue(i, 4 * ((5 * i) % 16));
        Duplicate(fdst, -1.0f, 64);
        Scatter(fdst, fs, off, static_cast<uint32_t>(64), 16);
        GlobalTensor<float> vg;
        vg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(v.ptr()), 64);
        copy_out(vg, fdst, 64);
    });
    val("t5hd_half", y.as<half>(), 256);
    val("t5hd_float", z.as<float>(), 256);
    val("transpose", w.as<half>(), 256);
    val("scatter", v.as<float>(), 64);
}

KG_TEST(trans5hd_unaligned_address) {
    corpus::misuse([](corpus::Bufs& u) {
        AscendC::LocalTensor<half> s = u.a.Get<half>();
        AscendC::LocalTensor<half> d = u.b.Get<half>();
        uint64_t da[16], sa[16];
        for (int i = 0; i < 16; ++i) {
            sa[i] = s.GetPhyAddr(i * 16);
            da[i] = d.GetPhyAddr(i * 16 + (i == 3 ? 4 : 0));  // entry 3 is 8 bytes off a block
        }
        AscendC::TransDataTo5HD<half>(da, sa, AscendC::TransDataTo5HDParams());
    });
}

// ---- PairReduceSum, RepeatReduceSum ----
KG_TEST(pair_and_repeat_reduce) {
    using namespace corpus;
    kgtest::Gm y("y", 128 * 4), z("z", 64 * 4);
    kgtest::run_one("ascend910b", {&y, &z}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, db;
        pipe.InitBuffer(sb, 256 * 4);
        pipe.InitBuffer(db, 128 * 4);
        LocalTensor<float> src = sb.Get<float>();
        LocalTensor<float> dst = db.Get<float>();
        for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, input(i));
        Duplicate(dst, 0.0f, 128);
        // 3 repeats of 64 floats, 64 apart; outputs 32 per repeat, dstRepStride 1 (128 bytes)
        PairReduceSum(dst, src, 3, 64, 1, 1, 8);
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 128);
        copy_out(yg, dst, 128);
        // bit mask: elements 0..9 and 40 of each repeat
        Duplicate(dst, 0.0f, 64);
        const uint64_t bits[2] = {0x3FFULL | (1ULL << 40), 0};
        PairReduceSum(dst, src, 2, bits, 1, 1, 8);
        // RepeatReduceSum: the first 20 elements of each of 3 repeats, results one element apart
        RepeatReduceSum(dst[32], src, 3, 20, 0, 1, 1, 8);
        GlobalTensor<float> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z.ptr()), 64);
        copy_out(zg, dst, 64);
    });
    val("pair_full", y.as<float>(), 128);
    val("pair_bits_and_repeat", z.as<float>(), 64);
}

KG_TEST(pair_reduce_bad_mask) {
    corpus::misuse([](corpus::Bufs& u) { AscendC::PairReduceSum(u.b.Get<float>(), u.a.Get<float>(), 1, 65, 1, 1, 8); });
}

// ---- ReduceSum / ReduceMax with Pattern::Reduce (AR, RA) over a 2-D shape ----
KG_TEST(reduce_patterns) {
    using namespace corpus;
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend910b", {&y}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, db;
        pipe.InitBuffer(sb, 256 * 4);
        pipe.InitBuffer(db, 64 * 4);
        LocalTensor<float> src = sb.Get<float>();
        LocalTensor<float> dst = db.Get<float>();
        for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, input(i));
        Duplicate(dst, 0.0f, 64);
        const uint32_t ar_shape[2] = {5, 10};  // rows of 10 floats padded to 16
        ReduceSum<float, Pattern::Reduce::AR, true>(dst, src, ar_shape, true);
        const uint32_t ra_shape[2] = {6, 8};   // 6 rows of 8, reduced over the rows
        ReduceSum<float, Pattern::Reduce::RA>(dst[8], src, ra_shape, false);
        ReduceMax<float, Pattern::Reduce::AR>(dst[16], src, ar_shape, false);
        if (g_coreType == AIV) dst.SetValue(63, 1.0f);
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 64);
        copy_out(yg, dst, 64);
    });
    val("reduce_patterns", y.as<float>(), 64);
}

// ---- the 950's integer forms (asc-devkit ReduceSum-90.md, ReduceMax-91.md): exact, past float's precision ----
KG_TEST(reduce_pattern_int64_950) {
    using namespace corpus;
    kgtest::Gm y("y", 16 * 8);
    kgtest::run_one("ascend950", {&y}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, db;
        pipe.InitBuffer(sb, 64 * 8);
        pipe.InitBuffer(db, 16 * 8);
        LocalTensor<int64_t> src = sb.Get<int64_t>();
        LocalTensor<int64_t> dst = db.Get<int64_t>();
        for (uint32_t i = 0; i < 48; ++i) src.SetValue(i, (int64_t(1) << 40) + int64_t(i % 7) * 3 - int64_t(i));
        const uint32_t shape[2] = {4, 12};   // rows of 12 int64_t: 96 bytes, 32-byte aligned
        ReduceSum<int64_t, Pattern::Reduce::AR>(dst, src, shape, true);
        ReduceMax<int64_t, Pattern::Reduce::RA>(dst[4], src, shape, true);
        for (uint32_t k = 0; k < 16; ++k) y.as<int64_t>()[k] = dst.GetValue(k);
    });
    kgtest::val("reduce_int64", y.as<int64_t>(), 16);
}

KG_TEST(reduce_pattern_int64_on_910b) {
    corpus::misuse([](corpus::Bufs& u) {
        const uint32_t shape[2] = {4, 4};
        AscendC::ReduceSum<int64_t, AscendC::Pattern::Reduce::AR>(u.b.Get<int64_t>(), u.a.Get<int64_t>(), shape, true);
    });
}

KG_TEST(reduce_pattern_empty_axis) {
    corpus::misuse([](corpus::Bufs& u) {
        const uint32_t shape[2] = {4, 0};
        AscendC::ReduceSum<float, AscendC::Pattern::Reduce::AR>(u.b.Get<float>(), u.a.Get<float>(), shape, true);
    });
}

// ---- TBufPool: a queue and a TBuf carved from a pool, a Reset, a pool sharing its bytes ----
KG_TEST(tbuf_pool) {
    using namespace corpus;
    kgtest::Gm x("x", 64 * 4), y("y", 64 * 4);
    for (uint32_t i = 0; i < 64; ++i) x.as<float>()[i] = input(i);
    uint32_t offs[4] = {0, 0, 0, 0};
    kgtest::run_one("ascend910b", {&x, &y}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> before;
        pipe.InitBuffer(before, 512);
        TBufPool<TPosition::VECCALC> pool, twin;
        pipe.InitBufPool(pool, 4096);
        pipe.InitBufPool(twin, 2048, pool);
        TQue<TPosition::VECIN, 1> q;
        TBuf<TPosition::VECCALC> t;
        pool.InitBuffer(q, 2, 1024);
        pool.InitBuffer(t, 1024);
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x.ptr()), 64);
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 64);
        LocalTensor<float> a = q.AllocTensor<float>();
        DataCopy(a, xg, 64);
        q.EnQue(a);
        a = q.DeQue<float>();
        LocalTensor<float> o = t.Get<float>();
        Muls(o, a, 3.0f, 64);
        copy_out(yg, o, 64);
        q.FreeTensor(a);
        const auto ub = [&](const LocalTensor<float>& v) {
            return static_cast<uint32_t>(kgemu::detail::ub_offset_of(*kgemu::detail::tl_block, v.kg_addr));
        };
        offs[0] = ub(o);
        pool.Reset();
        TBuf<TPosition::VECCALC> again;
        pool.InitBuffer(again, 256);
        offs[1] = ub(again.Get<float>());
        TBuf<TPosition::VECCALC> shared;
        twin.InitBuffer(shared, 256);
        offs[2] = ub(shared.Get<float>());
    });
    val("pool_y", y.as<float>(), 64);
    val("pool_offsets", offs, 3);
}

KG_TEST(tbuf_pool_overflow) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBufPool<AscendC::TPosition::VECCALC> pool;
        pipe.InitBufPool(pool, 2048);
        AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
        pool.InitBuffer(q, 3, 1024);
    });
}

// A helper class holding its own TPipe and assigned the kernel's (add_layer_norm_grad's deterministic helper): it
// compiles, as on the device; constructing the helper makes the second TPipe, a defect.
struct PipeHoldingHelper {
    AscendC::TPipe pipe_;
    void Init(AscendC::TPipe& pipe) { pipe_ = pipe; }
};
KG_TEST(tpipe_member_copied) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] {
        AscendC::TPipe pipe;
        PipeHoldingHelper helper;
        helper.Init(pipe);
    });
}

KG_TEST_MAIN()
