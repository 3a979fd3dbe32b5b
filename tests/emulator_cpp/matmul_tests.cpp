// The Matmul high-level API (lib/matmul_intf.h) on one block: numbers against a plain C++ product, and the
// sanitizer seeing its GM accesses (MTE2 loads, FIX write-out) like any API's. Asserted by
// tests/test_emulator_matmul.py.
#include "emu_test.h"
#include "lib/matmul_intf.h"

namespace mmt {
using namespace AscendC;

constexpr int M = 24, N = 40, K = 20;

template <bool TA>
using AT = MatmulType<TPosition::GM, CubeFormat::ND, float, TA>;
using FT = MatmulType<TPosition::GM, CubeFormat::ND, float>;

inline TCubeTiling tiling(int baseM, int baseN, int order, int isBias) {
    TCubeTiling t;
    t.usedCoreNum = 1;
    t.M = M;
    t.N = N;
    t.Ka = K;
    t.Kb = K;
    t.singleCoreM = M;
    t.singleCoreN = N;
    t.singleCoreK = K;
    t.baseM = baseM;
    t.baseN = baseN;
    t.baseK = 8;
    t.iterateOrder = order;
    t.isBias = isBias;
    return t;
}

// c = a @ b (+ bias) with IterateAll; a stored transposed ([K, M]) when TA; enAtomic as given.
template <bool TA>
__global__ __aicore__ void iterate_all(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, uint8_t atomic, int cElems) {
    TPipe pipe;
    GlobalTensor<float> ag, bg, biasg, cg;
    ag.SetGlobalBuffer((__gm__ float*)a, M * K);
    bg.SetGlobalBuffer((__gm__ float*)b, K * N);
    cg.SetGlobalBuffer((__gm__ float*)c, cElems);
    const TCubeTiling t = tiling(16, 16, 0, bias != nullptr);
    MatmulImpl<AT<TA>, FT, FT, FT> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(ag, TA);
    mm.SetTensorB(bg);
    if (bias != nullptr) {
        biasg.SetGlobalBuffer((__gm__ float*)bias, N);
        mm.SetBias(biasg);
    }
    mm.IterateAll(cg, atomic);
    mm.End();
}

// Iterate / GetTensorC with enSequentialWrite: block k lands at k * baseM * baseN in c (16 x 16 blocks, ORDER_N
// for order 1: the N index runs first).
__global__ __aicore__ void iterate_sequential(GM_ADDR a, GM_ADDR b, GM_ADDR c, int order) {
    TPipe pipe;
    GlobalTensor<float> ag, bg, cg;
    ag.SetGlobalBuffer((__gm__ float*)a, M * K);
    bg.SetGlobalBuffer((__gm__ float*)b, K * N);
    cg.SetGlobalBuffer((__gm__ float*)c, 6 * 256);
    const TCubeTiling t = tiling(16, 16, order, 0);
    MatmulImpl<AT<false>, FT, FT, FT> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(ag);
    mm.SetTensorB(bg);
    int k = 0;
    while (mm.Iterate()) {
        mm.GetTensorC(cg[k * 256], 0, true);
        ++k;
    }
}

// GetTensorC into UB (rows of baseN), then DataCopy to c: the UB write is the FIX pipe's, so V/MTE3 must wait.
__global__ __aicore__ void ub_c(GM_ADDR a, GM_ADDR b, GM_ADDR c, bool synced) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 16 * 16 * sizeof(float));
    GlobalTensor<float> ag, bg, cg;
    ag.SetGlobalBuffer((__gm__ float*)a, M * K);
    bg.SetGlobalBuffer((__gm__ float*)b, K * N);
    cg.SetGlobalBuffer((__gm__ float*)c, 256);
    const TCubeTiling t = tiling(16, 16, 0, 0);
    MatmulImpl<AT<false>, FT, FT, FT> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(ag);
    mm.SetTensorB(bg);
    LocalTensor<float> u = buf.Get<float>();
    mm.Iterate();
    mm.GetTensorC(u);
    if (synced) {
        PipeBarrier<PIPE_ALL>();
    }
    DataCopy(cg, u, 256);
}

// The kernel writes A to the workspace (MTE3) and hands it to the Matmul (MTE2) with or without a flag between.
__global__ __aicore__ void staged_a(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ws, bool synced) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, M * K * sizeof(float));
    GlobalTensor<float> ag, bg, cg, wg;
    ag.SetGlobalBuffer((__gm__ float*)a, M * K);
    bg.SetGlobalBuffer((__gm__ float*)b, K * N);
    cg.SetGlobalBuffer((__gm__ float*)c, M * N);
    wg.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(ws), M * K);
    LocalTensor<float> u = buf.Get<float>();
    DataCopy(u, ag, M * K);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(wg, u, M * K);
    if (synced) {
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
    const TCubeTiling t = tiling(16, 16, 0, 0);
    MatmulImpl<AT<false>, FT, FT, FT> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(wg);
    mm.SetTensorB(bg);
    mm.IterateAll(cg);
}

// Misuses: a transposed A whose MatmulType does not allow it; SetBias with isBias = 0 in the tiling.
__global__ __aicore__ void misuse(GM_ADDR a, GM_ADDR b, GM_ADDR c, int which) {
    TPipe pipe;
    GlobalTensor<float> ag, bg, cg;
    ag.SetGlobalBuffer((__gm__ float*)a, M * K);
    bg.SetGlobalBuffer((__gm__ float*)b, K * N);
    cg.SetGlobalBuffer((__gm__ float*)c, M * N);
    const TCubeTiling t = tiling(16, 16, 0, 0);
    MatmulImpl<AT<false>, FT, FT, FT> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(ag, which == 0);
    mm.SetTensorB(bg);
    if (which == 1) mm.SetBias(bg);
    mm.IterateAll(cg);
}
}  // namespace mmt

static void fill(kgtest::Gm& g, size_t n, float scale) {
    for (size_t i = 0; i < n; ++i) g.as<float>()[i] = scale * static_cast<float>(static_cast<int>(i % 7) - 3);
}

// c[m][n] = sum_k a(m, k) * b[k][n] (+ bias[n]) in double; a(m, k) = a[m * K + k], or a[k * M + m] transposed.
static double ref(kgtest::Gm& a, kgtest::Gm& b, kgtest::Gm* bias, int m, int n, bool ta) {
    double s = bias != nullptr ? bias->as<float>()[n] : 0.0;
    for (int k = 0; k < mmt::K; ++k) {
        const float av = ta ? a.as<float>()[k * mmt::M + m] : a.as<float>()[m * mmt::K + k];
        s += static_cast<double>(av) * b.as<float>()[k * mmt::N + n];
    }
    return s;
}

static bool close(double x, double y) { return std::fabs(x - y) <= 1e-4 * (1.0 + std::fabs(y)); }

KG_TEST(iterate_all_bias_atomic_add) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), bias("bias", N * 4), c("c", M * N * 4);
    fill(a, M * K, 0.5f);
    fill(b, K * N, 0.25f);
    fill(bias, N, 1.0f);
    for (int i = 0; i < M * N; ++i) c.as<float>()[i] = 2.0f;  // enAtomic 1 adds to what C holds
    const bool ok = kgtest::run_one("ascend910b", {&a, &b, &bias, &c},
                                    [&] { iterate_all<false>(a.ptr(), b.ptr(), bias.ptr(), c.ptr(), 1, M * N); });
    bool good = ok;
    for (int m = 0; m < M; ++m) {
        for (int n = 0; n < N; ++n) good &= close(c.as<float>()[m * N + n], 2.0 + ref(a, b, &bias, m, n, false));
    }
    kgtest::check("atomic_values", good);
}

KG_TEST(iterate_all_transposed_a) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", M * N * 4);
    fill(a, M * K, 0.5f);
    fill(b, K * N, 0.25f);
    const bool ok = kgtest::run_one("ascend910b", {&a, &b, &c},
                                    [&] { iterate_all<true>(a.ptr(), b.ptr(), nullptr, c.ptr(), 0, M * N); });
    bool good = ok;
    for (int m = 0; m < M; ++m) {
        for (int n = 0; n < N; ++n) good &= close(c.as<float>()[m * N + n], ref(a, b, nullptr, m, n, true));
    }
    kgtest::check("transposed_values", good);
}

// Block k of the sequence is (mi, ni): ORDER_M runs mi first (2 M blocks), ORDER_N ni first (3 N blocks).
static void sequential(int order) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", 6 * 256 * 4);
    fill(a, M * K, 0.5f);
    fill(b, K * N, 0.25f);
    const bool ok = kgtest::run_one("ascend910b", {&a, &b, &c},
                                    [&] { iterate_sequential(a.ptr(), b.ptr(), c.ptr(), order); });
    bool good = ok;
    for (int k = 0; k < 6; ++k) {
        const int mi = order == 1 ? k / 3 : k % 2, ni = order == 1 ? k % 3 : k / 2;
        const int rows = mi == 1 ? M - 16 : 16, cols = ni == 2 ? N - 32 : 16;
        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < cols; ++j) {
                good &= close(c.as<float>()[k * 256 + i * cols + j], ref(a, b, nullptr, mi * 16 + i, ni * 16 + j, false));
            }
        }
    }
    kgtest::check("sequential_values", good);
}
KG_TEST(iterate_order_m_sequential) { sequential(0); }
KG_TEST(iterate_order_n_sequential) { sequential(1); }

KG_TEST(get_tensor_c_ub_synced) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", 256 * 4);
    fill(a, M * K, 0.5f);
    fill(b, K * N, 0.25f);
    const bool ok = kgtest::run_one("ascend910b", {&a, &b, &c}, [&] { ub_c(a.ptr(), b.ptr(), c.ptr(), true); });
    bool good = ok;
    for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) good &= close(c.as<float>()[i * 16 + j], ref(a, b, nullptr, i, j, false));
    }
    kgtest::check("ub_values", good);
}
KG_TEST(get_tensor_c_ub_race) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", 256 * 4);
    kgtest::run_one("ascend910b", {&a, &b, &c}, [&] { ub_c(a.ptr(), b.ptr(), c.ptr(), false); });
}
KG_TEST(staged_a_race) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", M * N * 4), ws("workspace", (16u << 20) + M * K * 4);
    kgtest::run_one("ascend910b", {&a, &b, &c, &ws}, [&] { staged_a(a.ptr(), b.ptr(), c.ptr(), ws.ptr(), false); });
}
KG_TEST(staged_a_synced) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", M * N * 4), ws("workspace", (16u << 20) + M * K * 4);
    fill(a, M * K, 0.5f);
    fill(b, K * N, 0.25f);
    const bool ok = kgtest::run_one("ascend910b", {&a, &b, &c, &ws},
                                    [&] { staged_a(a.ptr(), b.ptr(), c.ptr(), ws.ptr(), true); });
    kgtest::check("staged_values", ok && close(c.as<float>()[M * N - 1], ref(a, b, nullptr, M - 1, N - 1, false)));
}
KG_TEST(c_too_small) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", (M - 1) * N * 4);
    kgtest::run_one("ascend910b", {&a, &b, &c},
                    [&] { iterate_all<false>(a.ptr(), b.ptr(), nullptr, c.ptr(), 0, (M - 1) * N); });
}
KG_TEST(transpose_not_declared) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", M * N * 4);
    kgtest::run_one("ascend910b", {&a, &b, &c}, [&] { misuse(a.ptr(), b.ptr(), c.ptr(), 0); });
}
KG_TEST(bias_without_is_bias) {
    using namespace mmt;
    kgtest::Gm a("a", M * K * 4), b("b", K * N * 4), c("c", M * N * 4);
    kgtest::run_one("ascend910b", {&a, &b, &c}, [&] { misuse(a.ptr(), b.ptr(), c.ptr(), 1); });
}


// ---- the cube's basic API (kgemu/detail/cube.h): GM -> L1 (Nd2Nz) -> L0A/L0B (LoadData) -> Mmad -> Fixpipe ----
namespace cube {
using namespace AscendC;
constexpr int M = 20, K = 40, N = 24;           // none a multiple of 16: padded fractals on every axis
constexpr int M1 = 2, N1 = 2, K1 = 3, C0 = 16;  // half: fractals of 16 x 16

// c = a @ b in float; a [M, K] and bT = b transposed [N, K] half in GM (a miniature of the 950 kernels' A/B path:
// B is loaded as Nz of its transpose, which is Zn in L0B). misuse: 0 none, 1 fm from L1, 2 an L0A queue past
// 64 KiB, 3 a C view smaller than the fractals MmadParams names, 4 Fixpipe half without its cast mode, 5 Fill in UB.
// dn (6): B given as [K, N] (bT then points at b itself), brought to the same Nz by DataCopy with Dn2NzParams and
// to L0B by LoadData with a Load2DBitModeParam, between SetMMLayoutTransform(true) / (false) and with HF32 off (the
// 950 matmul and conv kernels' calls: conv3d_backprop_filter_v2, mat_mul_v3); 7: the Dn2Nz destination in UB.
template <typename Tout>
__global__ __aicore__ void mmad_flow(GM_ADDR a, GM_ADDR bT, GM_ADDR bias, GM_ADDR c, int misuse) {
    TPipe pipe;
    TQue<TPosition::A1, 1> qa1;
    TQue<TPosition::B1, 1> qb1;
    TQue<TPosition::A2, 1> qa2;
    TQue<TPosition::B2, 1> qb2;
    TQue<TPosition::CO1, 1> qc;
    TQue<TPosition::C2, 1> qbias;
    pipe.InitBuffer(qa1, 1, M1 * 16 * K1 * C0 * 2);
    pipe.InitBuffer(qb1, 1, N1 * 16 * K1 * C0 * 2);
    pipe.InitBuffer(qa2, misuse == 2 ? 2 : 1, misuse == 2 ? 40 * 1024 : M1 * 16 * K1 * C0 * 2);
    pipe.InitBuffer(qb2, 1, N1 * 16 * K1 * C0 * 2);
    pipe.InitBuffer(qc, 1, misuse == 3 ? 2 * 256 * 4 : M1 * N1 * 256 * 4);
    pipe.InitBuffer(qbias, 1, N * 4);
    GlobalTensor<half> ag, bg;
    GlobalTensor<Tout> cg;
    GlobalTensor<float> biasg;
    ag.SetGlobalBuffer((__gm__ half*)a, M * K);
    bg.SetGlobalBuffer((__gm__ half*)bT, N * K);
    cg.SetGlobalBuffer((__gm__ Tout*)c, M * N);
    LocalTensor<half> a1 = qa1.AllocTensor<half>();
    // the padded fractals start at 0 (Fill: one repeat of every 32-byte block of A1)
    Fill(a1, InitConstValueParams<half>(1, static_cast<uint16_t>(M1 * 16 * K1 * C0 * 2 / 32), 0, half(0.0f)));
    if (misuse == 5) {
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, 64);
        Fill(ub.Get<half>(), InitConstValueParams<half>(1, 1, 0, half(0.0f)));
    }
    DataCopy(a1, ag, Nd2NzParams(1, M, K, 0, K, M1 * 16, 1, 0));
    qa1.EnQue(a1);
    LocalTensor<half> b1 = qb1.AllocTensor<half>();
    if (misuse == 6) {   // DN (K rows of N) -> NZ: each column n a Z row, K in C0 groups N1 * 16 rows apart
        DataCopy(b1, bg, Dn2NzParams(1, N, K, 0, N, N1 * 16, 1, 0));
    } else if (misuse == 7) {
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, N1 * 16 * K1 * C0 * 2);
        DataCopy(ub.Get<half>(), bg, Dn2NzParams(1, N, K, 0, N, N1 * 16, 1, 0));
    } else {
        DataCopy(b1, bg, Nd2NzParams(1, N, K, 0, K, N1 * 16, 1, 0));
    }
    qb1.EnQue(b1);
    a1 = qa1.DeQue<half>();
    b1 = qb1.DeQue<half>();
    LocalTensor<half> a2 = qa2.AllocTensor<half>();
    LocalTensor<half> b2 = qb2.AllocTensor<half>();
    {
        const bool v2 = kgemu::detail::tl_block->soc->npu_arch == 3510;
        if (v2) {   // 950: Nz fractals stay Nz in L0A (mStep x kStep fractals, fractal columns M1 apart)
            LoadData(a2, a1, LoadData2DParamsV2(0, 0, M1, K1, M1, M1, false, 0));
        } else {    // 910B: Zz in L0A, one fractal row at a time (K1 fractals M1 apart in L1)
            for (int m = 0; m < M1; ++m) LoadData(a2[m * K1 * 256], a1, LoadData2DParams(m, K1, M1, 0, 0, false, 0));
        }
        if (v2 && misuse == 6) {
            Load2DBitModeParam lp;
            lp.SetMStep(N1);
            lp.SetKStep(K1);
            lp.SetSrcStride(N1);
            lp.SetDstStride(N1);
            lp.SetIfTranspose(false);
            LoadData<TPosition::B2, TPosition::B1, half>(b2, b1, lp);
        } else if (v2) {
            LoadData(b2, b1, LoadData2DParamsV2(0, 0, N1, K1, N1, N1, false, 0));
        } else {    // Zn: fractal (k, n) at k * N1 + n; bT's Nz has (n, k) at k * N1 + n already
            LoadData(b2, b1, LoadData2DParams(0, N1 * K1, 1, 0, 0, false, 0));
        }
    }
    qa2.EnQue(a2);
    qb2.EnQue(b2);
    a2 = qa2.DeQue<half>();
    b2 = qb2.DeQue<half>();
    LocalTensor<float> co1 = qc.AllocTensor<float>();
    if (misuse == 6) {
        SetHF32Mode(false);
        SetHF32TransMode(HF32TransMode::NEAREST_EVEN);
        SetMMLayoutTransform(true);
    }
    MmadParams mp;
    mp.m = M;
    mp.n = N;
    mp.k = K;
    if (bias != nullptr) {
        biasg.SetGlobalBuffer((__gm__ float*)bias, N);
        LocalTensor<float> bt = qbias.AllocTensor<float>();
        for (int n = 0; n < N; ++n) bt.SetValue(n, biasg.GetValue(n));
        qbias.EnQue(bt);
        bt = qbias.DeQue<float>();
        Mmad(co1, a2, b2, bt, mp);
        qbias.FreeTensor(bt);
    } else {
        Mmad(co1, misuse == 1 ? a1 : a2, b2, mp);
    }
    if (misuse == 6) SetMMLayoutTransform(false);
    qc.EnQue(co1);
    co1 = qc.DeQue<float>();
    if (kgemu::detail::tl_block->soc->npu_arch == 3510) {
        FixpipeParamsArch3510<CO2Layout::ROW_MAJOR> fp(N, M, M1 * 16, N);
        if (!std::is_same<Tout, float>::value && misuse != 4) fp.quantPre = QuantMode_t::F322F16;
        Fixpipe<Tout, float, CFG_ROW_MAJOR>(cg, co1, fp);
    } else {
        FixpipeParamsV220 fp(N, M, M1 * 16, N, false);
        if (!std::is_same<Tout, float>::value && misuse != 4) fp.quantPre = QuantMode_t::F322F16;
        Fixpipe<Tout, float, CFG_ROW_MAJOR>(cg, co1, fp);
    }
    qc.FreeTensor(co1);
    qa1.FreeTensor(a1);
    qb1.FreeTensor(b1);
    qa2.FreeTensor(a2);
    qb2.FreeTensor(b2);
}
}  // namespace cube

static void cube_run(const char* soc, bool with_bias, int misuse, bool half_out = false) {
    using namespace cube;
    kgtest::Gm a("a", M * K * 2), bT("bT", N * K * 2), bias("bias", N * 4), c("c", M * N * (half_out ? 2 : 4));
    kgtest::Gm b("b", K * N * 2);
    for (int i = 0; i < M * K; ++i) a.as<half>()[i] = half(static_cast<float>((i * 7) % 11 - 5) * 0.25f);
    for (int i = 0; i < N * K; ++i) bT.as<half>()[i] = half(static_cast<float>((i * 5) % 13 - 6) * 0.5f);
    for (int k = 0; k < K; ++k) {
        for (int n = 0; n < N; ++n) b.as<half>()[k * N + n] = bT.as<half>()[n * K + k];
    }
    const bool dn = misuse == 6 || misuse == 7;
    for (int i = 0; i < N; ++i) bias.as<float>()[i] = static_cast<float>(i) - 10.0f;
    c.output = true;
    const bool ok = kgtest::run_one(soc, {&a, &bT, &b, &bias, &c}, [&] {
        GM_ADDR bsrc = dn ? b.ptr() : bT.ptr();
        if (half_out) {
            mmad_flow<half>(a.ptr(), bsrc, with_bias ? bias.ptr() : nullptr, c.ptr(), misuse);
        } else {
            mmad_flow<float>(a.ptr(), bsrc, with_bias ? bias.ptr() : nullptr, c.ptr(), misuse);
        }
    });
    if (ok) {
        kgtest::val("a", a.as<half>(), M * K);
        kgtest::val("bT", bT.as<half>(), N * K);
        if (with_bias) kgtest::val("bias", bias.as<float>(), N);
        if (half_out) {
            kgtest::val("c", c.as<half>(), M * N);
        } else {
            kgtest::val("c", c.as<float>(), M * N);
        }
    }
}

KG_TEST(cube_mmad_950) { cube_run("ascend950", false, 0); }
KG_TEST(cube_mmad_bias_950) { cube_run("ascend950", true, 0); }
KG_TEST(cube_mmad_half_out_950) { cube_run("ascend950", false, 0, true); }
KG_TEST(cube_mmad_910b) { cube_run("ascend910b", false, 0); }
KG_TEST(cube_fm_from_l1) { cube_run("ascend950", false, 1); }
KG_TEST(cube_l0a_overflow) { cube_run("ascend950", false, 2); }
KG_TEST(cube_c_view_too_small) { cube_run("ascend950", false, 3); }
KG_TEST(cube_half_out_without_cast_mode) { cube_run("ascend950", false, 4, true); }
KG_TEST(cube_fill_in_ub) { cube_run("ascend950", false, 5); }
KG_TEST(cube_dn2nz_950) { cube_run("ascend950", false, 6); }
KG_TEST(cube_dn2nz_into_ub) { cube_run("ascend950", false, 7); }

// ---- AscendDequant (kgemu/detail/dequant.h): int32 rows times a bfloat16 scale vector, to float ----
namespace dq {
using namespace AscendC;
__global__ __aicore__ void dequant(GM_ADDR src, GM_ADDR scale, GM_ADDR dst, uint32_t n) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bc, bd, bt;
    pipe.InitBuffer(bs, 3 * 16 * 4);
    pipe.InitBuffer(bc, 16 * 2);
    pipe.InitBuffer(bd, 3 * 16 * 4);
    pipe.InitBuffer(bt, 256);
    GlobalTensor<int32_t> sg;
    GlobalTensor<bfloat16_t> cg;
    GlobalTensor<float> dg;
    sg.SetGlobalBuffer((__gm__ int32_t*)src, 3 * 16);
    cg.SetGlobalBuffer((__gm__ bfloat16_t*)scale, 16);
    dg.SetGlobalBuffer((__gm__ float*)dst, 3 * 16);
    LocalTensor<int32_t> s = bs.Get<int32_t>();
    LocalTensor<bfloat16_t> c = bc.Get<bfloat16_t>();
    LocalTensor<float> d = bd.Get<float>();
    DataCopy(s, sg, 3 * 16);
    DataCopy(c, cg, 16);
    Duplicate(d, 0.0f, 3 * 16);
    PipeBarrier<PIPE_ALL>();
    AscendDequant(d, s, c, bt.Get<uint8_t>(), {3, n, 12});  // the first 12 of each 16-element row
    PipeBarrier<PIPE_ALL>();
    DataCopy(dg, d, 3 * 16);
}
}  // namespace dq

static void dequant_run(uint32_t n) {
    kgtest::Gm src("src", 3 * 16 * 4), scale("scale", 16 * 2), dst("dst", 3 * 16 * 4);
    for (int i = 0; i < 48; ++i) src.as<int32_t>()[i] = (i * 37) % 101 - 50;
    for (int i = 0; i < 16; ++i) scale.as<bfloat16_t>()[i] = bfloat16_t(0.125f * static_cast<float>(i - 5));
    const bool ok = kgtest::run_one("ascend950", {&src, &scale, &dst}, [&] { dq::dequant(src.ptr(), scale.ptr(), dst.ptr(), n); });
    if (ok) {
        kgtest::val("src", src.as<int32_t>(), 48);
        kgtest::val("scale", scale.as<bfloat16_t>(), 16);
        kgtest::val("dst", dst.as<float>(), 48);
    }
}
KG_TEST(dequant_rows) { dequant_run(16); }
KG_TEST(dequant_unaligned_row) { dequant_run(12); }

KG_TEST_MAIN()
