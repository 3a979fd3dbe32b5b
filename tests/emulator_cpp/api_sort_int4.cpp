// Kernel APIs the emulator added for ops-nn's sort, int4 and system-level kernels (written fresh for the tests):
// Sort32, MrgSort (+ GetMrgSortResult), Extract, int4b_t views and Cast half <-> int4b_t, ArithProgression,
// GetSystemCycle, DataSyncBarrier, the CCE scalar min / max.
// Each test prints its results as `VAL <name> v0 v1 ...` (read by tests/test_emulator_sort_int4.py, which compares
// them with NumPy) and misuse tests end in a DEFECT line.
#include "emu_test.h"

namespace sorttest {
using namespace AscendC;

template <typename T>
void val(const char* name, const T* p, size_t n) {
    std::printf("VAL %s", name);
    for (size_t i = 0; i < n; ++i) std::printf(" %.9g", static_cast<double>(static_cast<float>(p[i])));
    std::printf("\n");
}

// Scores shared with the Python side: s[i] = ((i * 37) % 29 - 14) * 0.25 (repeats, so ties occur).
inline float score(uint32_t i) { return static_cast<float>(static_cast<int>((i * 37U) % 29U) - 14) * 0.25f; }

template <typename T>
void copy_out(const GlobalTensor<T>& g, const LocalTensor<T>& l, uint32_t n) {
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(g, l, n);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
}

// A misuse body: one block of `soc` with three 2 KiB TBufs.
struct Bufs {
    TBuf<TPosition::VECCALC>& a;
    TBuf<TPosition::VECCALC>& b;
    TBuf<TPosition::VECCALC>& c;
};
inline void misuse(const char* soc, const std::function<void(Bufs&)>& body) {
    kgtest::Gm x("x", 64);
    kgtest::run_one(soc, {&x}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 2048);
        pipe.InitBuffer(b, 2048);
        pipe.InitBuffer(c, 2048);
        Bufs bufs{a, b, c};
        body(bufs);
    });
}

// Scores of 64 elements and their indices 0..63, set by the scalar unit and handed to V.
template <typename T>
void fill_scores(const LocalTensor<T>& s, const LocalTensor<uint32_t>& ix, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) {
        s.SetValue(i, static_cast<T>(score(i)));
        ix.SetValue(i, i);
    }
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
}
}  // namespace sorttest

// ---- Sort32: two repeats of 32, float and half ----
KG_TEST(sort32_forms) {
    using namespace sorttest;
    kgtest::Gm y("y", 64 * 8), z("z", 64 * 8);
    kgtest::run_one("ascend910b", {&y, &z}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, ib, db, hb, hd;
        pipe.InitBuffer(sb, 64 * 4);
        pipe.InitBuffer(ib, 64 * 4);
        pipe.InitBuffer(db, 64 * 8);
        pipe.InitBuffer(hb, 64 * 2);
        pipe.InitBuffer(hd, 64 * 8);
        LocalTensor<float> s = sb.Get<float>();
        LocalTensor<uint32_t> ix = ib.Get<uint32_t>();
        LocalTensor<half> hs = hb.Get<half>();
        fill_scores(s, ix, 64);
        fill_scores(hs, ix, 64);
        LocalTensor<float> d = db.Get<float>();
        Sort32(d, s, ix, 2);
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 128);
        copy_out(yg, d, 128);
        LocalTensor<half> hdst = hd.Get<half>();
        Sort32(hdst, hs, ix, 2);
        GlobalTensor<half> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z.ptr()), 256);
        copy_out(zg, hdst, 256);
    });
    // float: (score, index) pairs; half: score in bytes 0-1, index in bytes 4-7
    std::vector<float> fs, fi, hs, hi;
    for (int k = 0; k < 64; ++k) {
        fs.push_back(y.as<float>()[2 * k]);
        fi.push_back(static_cast<float>(y.as<uint32_t>()[2 * k + 1]));
        hs.push_back(static_cast<float>(z.as<half>()[4 * k]));
        hi.push_back(static_cast<float>(z.as<uint32_t>()[2 * k + 1]));
    }
    val("f32_score", fs.data(), 64);
    val("f32_index", fi.data(), 64);
    val("f16_score", hs.data(), 64);
    val("f16_index", hi.data(), 64);
}

// ---- MrgSort: 4 lists of 32 repeated twice (two groups of 128), then a 2-list merge of unequal lengths, then a
// suspended 3-list merge and GetMrgSortResult; Extract splits the final lists ----
KG_TEST(mrgsort_forms) {
    using namespace sorttest;
    kgtest::Gm y("y", 256 * 4), yi("yi", 256 * 4), z("z", 96 * 8), w("w", 16 * 4);
    kgtest::run_one("ascend910b", {&y, &yi, &z, &w}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb, ib, pa, pb, vb, xb;
        pipe.InitBuffer(sb, 256 * 4);
        pipe.InitBuffer(ib, 256 * 4);
        pipe.InitBuffer(pa, 256 * 8);
        pipe.InitBuffer(pb, 256 * 8);
        pipe.InitBuffer(vb, 256 * 4);
        pipe.InitBuffer(xb, 256 * 4);
        LocalTensor<float> s = sb.Get<float>();
        LocalTensor<uint32_t> ix = ib.Get<uint32_t>();
        fill_scores(s, ix, 256);
        LocalTensor<float> a = pa.Get<float>();
        LocalTensor<float> b = pb.Get<float>();
        Sort32(a, s, ix, 8);  // 8 sorted runs of 32
        PipeBarrier<PIPE_V>();
        MrgSort4Info p;
        for (int k = 0; k < 4; ++k) p.elementLengths[k] = 32;
        p.ifExhaustedSuspension = false;
        p.validBit = 15;
        p.repeatTimes = 2;
        MrgSort(b, MrgSortSrcList<float>(a[0], a[64], a[128], a[192]), p);  // two sorted groups of 128
        PipeBarrier<PIPE_V>();
        MrgSort4Info q;
        q.elementLengths[0] = 128;
        q.elementLengths[1] = 100;  // the second group's first 100
        q.validBit = 3;
        q.repeatTimes = 1;
        MrgSortSrcList<float> two;
        two.src1 = b[0];
        two.src2 = b[256];
        MrgSort(a, two, q);  // 228 structures
        PipeBarrier<PIPE_V>();
        LocalTensor<float> v = vb.Get<float>();
        LocalTensor<uint32_t> vi = xb.Get<uint32_t>();
        Duplicate(v, -100.0f, 256);
        PipeBarrier<PIPE_V>();
        Extract(v, vi, a, 7);  // 224 of the 228
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 256);
        copy_out(yg, v, 256);
        GlobalTensor<uint32_t> yig;
        yig.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(yi.ptr()), 224);
        copy_out(yig, vi, 224);
        // suspended: lists of 32, 32, 32 (runs 0, 1, 2 of the Sort32 output) stop when the first runs out
        Sort32(a, s, ix, 3);
        PipeBarrier<PIPE_V>();
        MrgSort4Info r;
        for (int k = 0; k < 3; ++k) r.elementLengths[k] = 32;
        r.ifExhaustedSuspension = true;
        r.validBit = 7;
        r.repeatTimes = 1;
        Duplicate(b, 0.0f, 192);
        PipeBarrier<PIPE_V>();
        MrgSort(b, MrgSortSrcList<float>(a[0], a[64], a[128], a[0]), r);
        uint16_t n1 = 0, n2 = 0, n3 = 0, n4 = 0;
        GetMrgSortResult(n1, n2, n3, n4);
        GlobalTensor<float> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z.ptr()), 192);
        copy_out(zg, b, 192);
        w.as<float>()[0] = n1;
        w.as<float>()[1] = n2;
        w.as<float>()[2] = n3;
        w.as<float>()[3] = n4;
    });
    val("merged_score", y.as<float>(), 256);
    std::vector<float> idx(224);
    for (int i = 0; i < 224; ++i) idx[i] = static_cast<float>(yi.as<uint32_t>()[i]);
    val("merged_index", idx.data(), 224);
    std::vector<float> ss, si;
    for (int k = 0; k < 96; ++k) {
        ss.push_back(z.as<float>()[2 * k]);
        si.push_back(static_cast<float>(z.as<uint32_t>()[2 * k + 1]));
    }
    val("suspended_score", ss.data(), 96);
    val("suspended_index", si.data(), 96);
    val("suspended_counts", w.as<float>(), 4);
}

// ---- int4b_t: pack half -> int4 (RINT, saturating), views in elements, unpack int4 -> half ----
KG_TEST(int4_cast_forms) {
    using namespace sorttest;
    kgtest::Gm y("y", 64), z("z", 128 * 2), meta("meta", 16 * 4);
    kgtest::run_one("ascend910b", {&y, &z, &meta}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> hb, pb, ob;
        pipe.InitBuffer(hb, 128 * 2);
        pipe.InitBuffer(pb, 64);
        pipe.InitBuffer(ob, 128 * 2);
        LocalTensor<half> h = hb.Get<half>();
        for (uint32_t i = 0; i < 128; ++i) h.SetValue(i, half(static_cast<float>(static_cast<int>(i % 41) - 20) * 0.5f));
        SetFlag<HardEvent::S_V>(EVENT_ID0);
        WaitFlag<HardEvent::S_V>(EVENT_ID0);
        LocalTensor<uint8_t> raw = pb.Get<uint8_t>();
        LocalTensor<int4b_t> packed = raw.ReinterpretCast<int4b_t>();
        meta.as<float>()[0] = static_cast<float>(packed.GetSize());
        meta.as<float>()[1] = static_cast<float>(packed.GetLength());
        meta.as<float>()[2] = static_cast<float>(packed[64].GetSize());
        meta.as<float>()[3] = static_cast<float>(packed[64].ReinterpretCast<uint8_t>().GetSize());
        Cast(packed, h, RoundMode::CAST_RINT, 64);                          // elements 0..63
        Cast(packed[64], h[64], RoundMode::CAST_TRUNC, 64);                 // 64..127, truncating
        GlobalTensor<uint8_t> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(y.ptr()), 64);
        copy_out(yg, raw, 64);
        LocalTensor<half> o = ob.Get<half>();
        Cast<half, int4b_t>(o, packed, RoundMode::CAST_NONE, 128);
        GlobalTensor<half> zg;
        zg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z.ptr()), 128);
        copy_out(zg, o, 128);
    });
    val("packed_bytes", y.as<uint8_t>(), 64);
    val("unpacked", z.as<half>(), 128);
    val("sizes", meta.as<float>(), 4);
}

// ---- ArithProgression, GetSystemCycle, DataSyncBarrier, scalar min / max ----
KG_TEST(system_and_progression) {
    using namespace sorttest;
    kgtest::Gm y("y", 64 * 4), yi("yi", 64 * 4), meta("meta", 16 * 4);
    kgtest::run_one("ascend910b", {&y, &yi, &meta}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> fb, ib;
        pipe.InitBuffer(fb, 64 * 4);
        pipe.InitBuffer(ib, 64 * 4);
        LocalTensor<float> f = fb.Get<float>();
        LocalTensor<int32_t> n = ib.Get<int32_t>();
        ArithProgression(f, 1.5f, -0.25f, 64);
        ArithProgression(n, static_cast<int32_t>(-7), static_cast<int32_t>(3), 64);
        DataSyncBarrier<MemDsbT::UB>();
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 64);
        copy_out(yg, f, 64);
        GlobalTensor<int32_t> yig;
        yig.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(yi.ptr()), 64);
        copy_out(yig, n, 64);
        const int64_t t0 = GetSystemCycle();
        int64_t t1 = t0, spins = 0;
        while (t1 < t0 + 500) {  // 500 cycles = 10 us at the documented 50 MHz
            t1 = GetSystemCycle();
            ++spins;
        }
        const auto w0 = std::chrono::steady_clock::now();
        const int64_t c0 = GetSystemCycle();
        while (GetSystemCycle() < c0 + 5000) {
        }
        const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - w0).count();
        meta.as<float>()[0] = static_cast<float>(t1 >= t0 + 500);
        meta.as<float>()[1] = static_cast<float>(us >= 99.0);  // 5000 cycles are at least 100 us (less rounding)
        meta.as<float>()[2] = static_cast<float>(min(3, -4));
        meta.as<float>()[3] = static_cast<float>(max(static_cast<int64_t>(-9), static_cast<int64_t>(2)));
        meta.as<float>()[4] = min(2.5f, -1.25f);
        meta.as<float>()[5] = static_cast<float>(spins > 0);
    });
    val("f32", y.as<float>(), 64);
    val("s32", yi.as<int32_t>(), 64);
    val("meta", meta.as<float>(), 6);
}

// ---- Arange on Ascend 950: int64_t argmax indices counting up from a base (pooling's ksize-1 path) and a half
// sequence ----
KG_TEST(arange_forms) {
    using namespace sorttest;
    kgtest::Gm y("idx", 48 * 8), h("h", 16 * 2);
    kgtest::run_one("ascend950", {&y, &h}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ib, hb;
        pipe.InitBuffer(ib, 48 * 8);
        pipe.InitBuffer(hb, 64);
        LocalTensor<int64_t> idx = ib.Get<int64_t>();
        LocalTensor<half> hv = hb.Get<half>();
        Arange(idx, static_cast<int64_t>(5000000000LL), static_cast<int64_t>(1), 48);
        Arange(hv, static_cast<half>(-2.0f), static_cast<half>(0.5f), 16);
        DataSyncBarrier<MemDsbT::UB>();
        GlobalTensor<int64_t> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(y.ptr()), 48);
        copy_out(yg, idx, 48);
        GlobalTensor<half> hg;
        hg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(h.ptr()), 16);
        copy_out(hg, hv, 16);
    });
    std::vector<int64_t> from_base(48);  // printed as doubles: past 2^32 the offsets are what is exact
    for (int i = 0; i < 48; ++i) from_base[i] = y.as<int64_t>()[i] - 5000000000LL;
    val("idx_from_base", from_base.data(), 48);
    val("h", h.as<half>(), 16);
}

// ---- misuse ----
KG_TEST(mrgsort_overlap) {
    sorttest::misuse("ascend910b", [](sorttest::Bufs& u) {
        AscendC::LocalTensor<float> a = u.a.Get<float>();
        AscendC::Duplicate(a, 1.0f, 512);
        AscendC::MrgSort4Info p;
        p.elementLengths[0] = 32;
        p.elementLengths[1] = 32;
        p.validBit = 3;
        AscendC::MrgSortSrcList<float> l;
        l.src1 = a[0];
        l.src2 = a[64];
        AscendC::MrgSort(a[64], l, p);  // dst over src2
    });
}

KG_TEST(mrgsort_repeat_not_contiguous) {
    sorttest::misuse("ascend910b", [](sorttest::Bufs& u) {
        AscendC::LocalTensor<float> a = u.a.Get<float>();
        AscendC::Duplicate(a, 1.0f, 512);
        AscendC::MrgSort4Info p;
        for (int k = 0; k < 4; ++k) p.elementLengths[k] = 16;
        p.validBit = 15;
        p.repeatTimes = 2;
        AscendC::MrgSort(u.b.Get<float>(), AscendC::MrgSortSrcList<float>(a[0], a[32], a[64], a[128]), p);
    });
}

KG_TEST(sort32_on_310p) {
    sorttest::misuse("ascend310p", [](sorttest::Bufs& u) {
        AscendC::Sort32(u.a.Get<float>(), u.b.Get<float>(), u.c.Get<uint32_t>(), 1);
    });
}

KG_TEST(int4_odd_view) {
    sorttest::misuse("ascend910b", [](sorttest::Bufs& u) {
        AscendC::LocalTensor<AscendC::int4b_t> p = u.a.Get<uint8_t>().ReinterpretCast<AscendC::int4b_t>();
        AscendC::LocalTensor<half> h = u.b.Get<half>();
        AscendC::Duplicate(h, half(1.0f), 64);
        AscendC::Cast(p[3], h, AscendC::RoundMode::CAST_RINT, 16);
    });
}

KG_TEST(int4_cast_odd_mode) {
    sorttest::misuse("ascend910b", [](sorttest::Bufs& u) {
        AscendC::LocalTensor<AscendC::int4b_t> p = u.a.Get<uint8_t>().ReinterpretCast<AscendC::int4b_t>();
        AscendC::LocalTensor<half> h = u.b.Get<half>();
        AscendC::Duplicate(h, half(1.0f), 64);
        AscendC::Cast(p, h, AscendC::RoundMode::CAST_ODD, 64);
    });
}

KG_TEST(system_cycle_on_310b) {
    sorttest::misuse("ascend310b", [](sorttest::Bufs&) { (void)AscendC::GetSystemCycle(); });
}

KG_TEST(sort32_copy_out_race) {
    // the sanitizer sees Sort32's dst on PIPE_V: copying it out on MTE3 without a V -> MTE3 flag is a race
    kgtest::Gm y("y", 64 * 8);
    kgtest::run_one("ascend910b", {&y}, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> sb, ib, db;
        pipe.InitBuffer(sb, 64 * 4);
        pipe.InitBuffer(ib, 64 * 4);
        pipe.InitBuffer(db, 64 * 8);
        AscendC::LocalTensor<float> s = sb.Get<float>();
        AscendC::LocalTensor<uint32_t> ix = ib.Get<uint32_t>();
        sorttest::fill_scores(s, ix, 64);
        AscendC::LocalTensor<float> d = db.Get<float>();
        AscendC::Sort32(d, s, ix, 2);
        AscendC::GlobalTensor<float> yg;
        yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y.ptr()), 128);
        AscendC::DataCopy(yg, d, 128);
    });
}

// ---- Ascend 950's Sort with a SortConfig (ops-nn's index operators: radix-sort the indices, keep where each came
// from): int32 keys ascending with output indices into a sharedTmpBuffer of GetSortMaxMinTmpSize's size; float
// values descending with int64 source indices; uint8 values ascending without indices ----
namespace sorttest {
static constexpr SortConfig kAscDst{SortType::RADIX_SORT, false, false, true};
static constexpr SortConfig kDescBoth{SortType::RADIX_SORT, true, true, true};
inline float special(uint32_t i) {
    const float sp[8] = {-0.0f, 0.0f, 1.0f / 0.0f, -1.0f / 0.0f, 2.5f, -2.5f, 0.0f, -0.0f};
    return i < 8 ? sp[i] : score(i);
}
inline void sort_config(uint32_t tmp_bytes) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> kb, sk, si, tb, fb, fi, fd, fo, ub, uo;
    constexpr uint32_t n = 96, m = 40, u = 64;
    pipe.InitBuffer(kb, n * 4);
    pipe.InitBuffer(sk, n * 4);
    pipe.InitBuffer(si, n * 4);
    pipe.InitBuffer(tb, tmp_bytes);
    pipe.InitBuffer(fb, m * 4);
    pipe.InitBuffer(fi, m * 8);
    pipe.InitBuffer(fd, m * 4);
    pipe.InitBuffer(fo, m * 8);
    pipe.InitBuffer(ub, u);
    pipe.InitBuffer(uo, u);
    LocalTensor<int32_t> keys = kb.Get<int32_t>(), skeys = sk.Get<int32_t>();
    LocalTensor<uint32_t> sidx = si.Get<uint32_t>();
    LocalTensor<uint8_t> tmp = tb.Get<uint8_t>();
    LocalTensor<float> fs = fb.Get<float>(), fdst = fd.Get<float>();
    LocalTensor<int64_t> fsi = fi.Get<int64_t>(), fdi = fo.Get<int64_t>();
    LocalTensor<uint8_t> us = ub.Get<uint8_t>(), ud = uo.Get<uint8_t>();
    for (uint32_t i = 0; i < n; ++i) keys.SetValue(i, static_cast<int32_t>((i * 37U) % 29U) - 14);
    for (uint32_t i = 0; i < m; ++i) {
        fs.SetValue(i, special(i));
        fsi.SetValue(i, 1000 + static_cast<int64_t>(i));
    }
    for (uint32_t i = 0; i < u; ++i) us.SetValue(i, static_cast<uint8_t>((i * 53U) % 256U));
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    Sort<int32_t, false, kAscDst>(skeys, sidx, keys, tmp, n);
    Sort<float, int64_t, false, kDescBoth>(fdst, fdi, fs, fsi, m);
    Sort<uint8_t>(ud, us, u);
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    std::vector<double> a, b, c, d, e;
    for (uint32_t i = 0; i < n; ++i) {
        a.push_back(skeys.GetValue(i));
        b.push_back(sidx.GetValue(i));
    }
    for (uint32_t i = 0; i < m; ++i) {
        c.push_back(static_cast<double>(fdst.GetValue(i)));
        d.push_back(static_cast<double>(fdi.GetValue(i)));
    }
    for (uint32_t i = 0; i < u; ++i) e.push_back(ud.GetValue(i));
    val("keys", a.data(), n);
    val("key_index", b.data(), n);
    val("fvals", c.data(), m);
    val("findex", d.data(), m);
    // the sign of each float (a -0 prints as -0 anyway; this makes the signed zeros' order explicit)
    std::vector<double> sg;
    for (uint32_t i = 0; i < m; ++i) sg.push_back(std::signbit(fdst.GetValue(i)) ? 1.0 : 0.0);
    val("fsign", sg.data(), m);
    val("bytes", e.data(), u);
}
}  // namespace sorttest

KG_TEST(sort_config_forms) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend950", {&x}, [&] { sorttest::sort_config(1952); });  // the minimum exactly
}
KG_TEST(sort_config_tmp_too_small) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend950", {&x}, [&] { sorttest::sort_config(1920); });
}
KG_TEST(sort_config_on_910b) {
    kgtest::Gm x("x", 64);
    kgtest::run_one("ascend910b", {&x}, [&] { sorttest::sort_config(1952); });
}

KG_TEST(arange_negative_diff) {
    sorttest::misuse("ascend950", [](sorttest::Bufs& u) {
        AscendC::Arange(u.a.Get<int32_t>(), 10, -1, 8);
    });
}
KG_TEST(arange_int64_on_910b) {
    sorttest::misuse("ascend910b", [](sorttest::Bufs& u) {
        AscendC::Arange(u.a.Get<int64_t>(), static_cast<int64_t>(0), static_cast<int64_t>(1), 8);
    });
}

KG_TEST_MAIN()
