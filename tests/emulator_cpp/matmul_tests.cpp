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

KG_TEST_MAIN()
