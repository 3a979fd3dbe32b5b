// SIMT vector functions on the emulator (written fresh for the tests, each a miniature of a pattern ops-nn's
// arch35 SIMT kernels use): grid-stride element-wise loops over GM with the thread built-ins, a UB tree
// reduction with asc_syncthreads, warp shuffles / votes / reductions, atomics into GM bins, UintDiv index math,
// and the misuse the sanitizer names (a race between two threads, a read past a GM allocation's end, a
// deadlocking barrier, too many threads, a VF result copied out without a V -> MTE3 flag). Each test prints
// `VAL <name> v0 v1 ...` (read by tests/test_emulator_simt.py); misuse tests end in a DEFECT line.
#include "emu_test.h"
#include "simt_api/asc_simt.h"
#include "simt_api/device_atomic_functions.h"
#include "simt_api/device_sync_functions.h"
#include "simt_api/device_warp_functions.h"

namespace simt_t {
using namespace AscendC;

using kgtest::val;

// The test inputs, shared with the Python side: x[i] = (i % 13 - 6) * 0.37 + i / 64.
inline float input(uint32_t i) { return static_cast<float>(static_cast<int>(i % 13) - 6) * 0.37f + i / 64.0f; }

// ---- y = tanh-GELU'(x)-like element-wise math, grid-stride over every block's threads ----
__simt_vf__ __launch_bounds__(256) inline void ElementwiseVf(__gm__ const float* x, __gm__ float* y, uint32_t n) {
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const float v = x[i];
        y[i] = v * 0.5f * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    }
}

// ---- the same through AscendC::Simt's queries and a 2-D block ----
__simt_vf__ inline void Elementwise2dVf(__gm__ const float* x, __gm__ float* y, uint32_t n) {
    const uint32_t per_block = Simt::GetThreadNum<0>() * Simt::GetThreadNum<1>();
    const uint32_t tid = Simt::GetThreadIdx<1>() * Simt::GetThreadNum<0>() + Simt::GetThreadIdx<0>();
    for (uint32_t i = Simt::GetBlockIdx() * per_block + tid; i < n; i += Simt::GetBlockNum() * per_block) {
        // the device compiler's intrinsics SIMT kernels call (deformable_offsets' __floorf, ctc_loss_v2_grad's
        // __expf / __logf): exp(0) + floor(0.5) + log(1) is the 1 added
        y[i] = fabsf(x[i]) + __expf(0.0f) + __floorf(0.5f) + __logf(1.0f);
    }
}

// ---- block sum: a UB tree reduction (barrier per level), thread 0 adds the block's sum to GM atomically ----
template <bool kBarrier>
__simt_vf__ inline void BlockSumVf(__gm__ const float* x, __gm__ float* sum, __ubuf__ float* buf, uint32_t n) {
    const uint32_t t = threadIdx.x;
    const uint32_t i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0.0f;
    if (kBarrier) asc_syncthreads();
    for (uint32_t s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s) buf[t] += buf[t + s];
        if (kBarrier) asc_syncthreads();
    }
    if (t == 0) asc_atomic_add(sum, buf[0]);
}

// ---- a barrier only some threads reach ----
__simt_vf__ inline void BarrierInBranchVf(__gm__ float* y) {
    if (threadIdx.x < 16) {
        y[threadIdx.x] = 1.0f;
        asc_syncthreads();  // the barrier only threads 0..15 reach
    }
}

// ---- two threads write the same GM element ----
__simt_vf__ inline void SameElementVf(__gm__ float* y) { y[threadIdx.x / 2] = static_cast<float>(threadIdx.x); }

// ---- a thread reads past its input's allocation (a 37-float weight read at 148 indices) ----
__simt_vf__ inline void ReadPastEndVf(__gm__ const float* w, __gm__ float* y) {
    y[threadIdx.x] = w[threadIdx.x] * 2.0f;
}

// ---- warp functions: butterfly sum (shfl_xor), broadcast (shfl), inclusive scan (shfl_up), vote, reduce ----
__simt_vf__ inline void WarpVf(__gm__ const float* x, __gm__ float* out) {
    const uint32_t t = threadIdx.x;
    float v = x[t];
    float b = v;
    for (int off = 16; off > 0; off /= 2) b += asc_shfl_xor(b, off);
    const float first = asc_shfl(v, 0);
    float scan = v;
    for (uint32_t d = 1; d < 32; d *= 2) {
        const float o = asc_shfl_up(scan, d);
        if (laneid() >= d) scan += o;
    }
    const uint32_t ballot = asc_ballot(v > 0.0f);
    const float red = asc_reduce_max(v);
    const int32_t red_i = asc_reduce_add(static_cast<int32_t>(t));
    out[t] = b;
    out[64 + t] = first;
    out[128 + t] = scan;
    out[192 + t] = static_cast<float>(ballot & 0xFFFFu);  // float holds 16 bits exactly
    out[256 + t] = static_cast<float>(ballot >> 16);
    out[320 + t] = red;
    out[384 + t] = static_cast<float>(red_i);
    // half the lanes of each warp in a branch: only they are active
    if ((t & 1u) == 0) {
        out[448 + t] = static_cast<float>(asc_activemask() & 0xFFFFu);
    } else {
        out[448 + t] = 0.0f;
    }
}

// ---- atomics: a histogram in GM, max per bin, counting with asc_atomic_add on int32 ----
__simt_vf__ inline void HistVf(__gm__ const int32_t* idx, __gm__ int32_t* count, __gm__ float* vmax,
                               __gm__ const float* x, uint32_t n) {
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        asc_atomic_add(count + idx[i], 1);
        Simt::AtomicMax(vmax + idx[i], x[i]);
    }
}

// ---- UintDiv: (row, col) of a flat index without a divide ----
__simt_vf__ inline void UintDivVf(__gm__ uint32_t* q, __gm__ uint32_t* r, uint32_t cols, uint32_t magic,
                                  uint32_t shift, uint32_t n) {
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) {
        const uint32_t x = i * 977u;
        const uint32_t d = Simt::UintDiv<uint32_t>(x, magic, shift);
        q[i] = d;
        r[i] = x - d * cols;
    }
}

// ---- SIMD + SIMT mix: DataCopy into UB, a VF on the UB tensor, DataCopy out (with or without the flag) ----
__simt_vf__ inline void ScaleUbVf(__ubuf__ const float* in, __ubuf__ float* out, uint32_t n) {
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) out[i] = in[i] * 3.0f;
}

inline void mixed(uint8_t* x, uint8_t* y, uint32_t n, bool flag) {
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> tb, ob;
    pipe.InitBuffer(tb, n * 4);
    pipe.InitBuffer(ob, n * 4);
    LocalTensor<float> in = tb.Get<float>();
    LocalTensor<float> t = ob.Get<float>();
    DataCopy(in, xg, n);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    asc_vf_call<ScaleUbVf>(dim3(64), reinterpret_cast<__ubuf__ float*>(in.GetPhyAddr()),
                           reinterpret_cast<__ubuf__ float*>(t.GetPhyAddr()), n);
    if (flag) {
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
    }
    DataCopy(yg, t, n);
}

// ---- the scalar unit's GM atomics (ops-nn's hash tables, deterministic scatter): every block counts the positives of
// its slice, then adds its count to a shared int64 handle (AtomicAdd<int64_t>), keeps the float max and int32 min,
// draws an arrival ticket (AtomicAdd on uint32, returning the old value), claims an owner slot once (AtomicCas) and
// leaves its index in a last-writer slot (AtomicExch, which returns the one before). `reread` reads the handle with
// GetValue before and after the atomic; `clean` calls DataCacheCleanAndInvalid between them as asc-devkit asks (2:
// the compiler builtin unique_dim's SIMT kernel calls instead, __builtin_cce_dcci(nullptr, 1, 0): the entire cache).
inline void scalar_atomics(uint8_t* x, uint8_t* h, uint8_t* tk, uint32_t n, uint32_t blocks, bool reread, int clean) {
    GlobalTensor<float> xg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    GlobalTensor<int64_t> hg;
    hg.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(h), 4);
    __gm__ int64_t* handle = reinterpret_cast<__gm__ int64_t*>(h);
    __gm__ float* vmax = reinterpret_cast<__gm__ float*>(h + 8);
    __gm__ int32_t* vmin = reinterpret_cast<__gm__ int32_t*>(h + 12);
    __gm__ uint64_t* owner = reinterpret_cast<__gm__ uint64_t*>(h + 16);
    __gm__ uint32_t* last = reinterpret_cast<__gm__ uint32_t*>(h + 24);
    __gm__ uint32_t* ticket = reinterpret_cast<__gm__ uint32_t*>(h + 28);
    const uint32_t b = GetBlockIdx(), per = (n + blocks - 1) / blocks;
    int64_t count = 0;
    float mx = -1e30f;
    int32_t mn = 1 << 30;
    for (uint32_t i = b * per; i < n && i < (b + 1) * per; ++i) {
        const float v = xg.GetValue(i);
        count += v > 0.0f ? 1 : 0;
        mx = v > mx ? v : mx;
        const int32_t q = static_cast<int32_t>(v * 100.0f);
        mn = q < mn ? q : mn;
    }
    if (reread) (void)hg.GetValue(0);
    AtomicAdd<int64_t>(handle, count);
    if (reread && clean == 1) DataCacheCleanAndInvalid<int64_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(hg);
    if (reread && clean == 2) __builtin_cce_dcci(nullptr, 1, 0);
    if (reread) (void)hg.GetValue(0);
    AtomicMax(vmax, mx);
    AtomicMin(vmin, mn);
    const uint64_t won = AtomicCas<uint64_t>(owner, 0, b + 1);
    const uint32_t before = AtomicExch<uint32_t>(last, b + 100);
    const uint32_t mine = AtomicAdd<uint32_t>(ticket, 1u);
    GlobalTensor<uint32_t> out;
    out.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(tk) + b * 3, 3);
    out.SetValue(0, mine);
    out.SetValue(1, won == 0 ? 1u : 0u);
    out.SetValue(2, before);
}

// ---- the compiler's built-in block_idx / block_num in a grid-stride loop (ops-nn's hash-table VFs); kWrongStride
// steps by one block's threads only, so later blocks redo what earlier ones wrote ----
template <bool kWrongStride>
__simt_vf__ inline void BlockVarsVf(__gm__ const float* x, __gm__ float* y, uint32_t n) {
    const uint32_t stride = kWrongStride ? blockDim.x : static_cast<uint32_t>(block_num) * blockDim.x;
    for (uint32_t i = static_cast<uint32_t>(block_idx) * blockDim.x + threadIdx.x; i < n; i += stride) {
        y[i] = x[i] * 2.0f + static_cast<float>(block_idx);
    }
}

// ---- static-Tensor programming (LocalMemAllocator, no TPipe): the scalar unit leaves a divisor and its UintDiv
// magic / shift in UB, a VF reads them through a __ubuf__ pointer (pooling's 1-D average, scatter_nd's strides).
// `misuse` 1: a second UB allocator while the first lives; 2: an allocator beside a TPipe; 3: a tile past UB's end.
__simt_vf__ inline void UbDivisorVf(__gm__ uint32_t* q, __ubuf__ const uint32_t* params, uint32_t n) {
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) q[i] = Simt::UintDiv<uint32_t>(i * 977u, params[1], params[2]);
}

inline void allocator(uint8_t* q, uint8_t* addrs, uint32_t n, uint32_t divisor, int misuse) {
    TPipe* held = misuse == 2 ? new TPipe() : nullptr;
    LocalMemAllocator<Hardware::UB> ub;
    const uint32_t first = ub.GetCurAddr();
    LocalTensor<uint32_t> params = ub.Alloc<uint32_t>(8);
    LocalTensor<float> scratch = ub.Alloc<TPosition::VECCALC, float, 40>();
    if (misuse == 1) LocalMemAllocator<Hardware::UB> second;
    if (misuse == 3) (void)ub.Alloc<float>(65536);
    uint32_t magic = 0, shift = 0;
    GetUintDivMagicAndShift<uint32_t>(magic, shift, divisor);
    params.SetValue(0, divisor);
    params.SetValue(1, magic);
    params.SetValue(2, shift);
    DataSyncBarrier<MemDsbT::UB>();
    asc_vf_call<UbDivisorVf>(dim3(128), reinterpret_cast<__gm__ uint32_t*>(q),
                             reinterpret_cast<__ubuf__ const uint32_t*>(params.GetPhyAddr()), n);
    GlobalTensor<uint32_t> a;
    a.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(addrs), 4);
    a.SetValue(0, first);
    a.SetValue(1, static_cast<uint32_t>(scratch.GetPhyAddr() - params.GetPhyAddr()));
    a.SetValue(2, ub.GetCurAddr());
    a.SetValue(3, static_cast<uint32_t>(scratch.GetPosition()));
    delete held;
}
}  // namespace simt_t

using simt_t::input;

KG_TEST(elementwise) {
    constexpr uint32_t n = 3000;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    y.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] {
        asc_vf_call<simt_t::ElementwiseVf>(dim3(256), x.as<float>(), y.as<float>(), n);
    }, std::vector<uint8_t>(8, 0), 4);
    simt_t::val("y", y.as<float>(), n);
}
KG_TEST(elementwise_2d) {
    constexpr uint32_t n = 1000;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    y.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] {
        AscendC::Simt::VF_CALL<simt_t::Elementwise2dVf>(AscendC::Simt::Dim3(32, 4), x.as<float>(), y.as<float>(), n);
    }, std::vector<uint8_t>(8, 0), 3);
    simt_t::val("y", y.as<float>(), n);
}
KG_TEST(block_sum) {
    constexpr uint32_t n = 1000, threads = 128;
    kgtest::Gm x("x", n * 4), s("sum", 4);
    s.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    const uint32_t blocks = (n + threads - 1) / threads;
    kgtest::run_one("ascend950", {&x, &s}, [&] {
        AscendC::LocalTensor<float> ub(AscendC::TPosition::VECCALC, 0, threads);
        asc_vf_call<simt_t::BlockSumVf<true>>(dim3(threads), x.as<float>(), s.as<float>(),
                                               reinterpret_cast<__ubuf__ float*>(ub.GetPhyAddr()), n);
    }, std::vector<uint8_t>(8, 0), blocks);
    simt_t::val("sum", s.as<float>(), 1);
}
KG_TEST(block_sum_without_barrier) {
    constexpr uint32_t n = 256;
    kgtest::Gm x("x", n * 4), s("sum", 4);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &s}, [&] {
        AscendC::LocalTensor<float> ub(AscendC::TPosition::VECCALC, 0, n);
        asc_vf_call<simt_t::BlockSumVf<false>>(dim3(n), x.as<float>(), s.as<float>(),
                                                reinterpret_cast<__ubuf__ float*>(ub.GetPhyAddr()), n);
    });
}
KG_TEST(barrier_in_branch) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend950", {&y}, [&] { asc_vf_call<simt_t::BarrierInBranchVf>(dim3(64), y.as<float>()); });
}
KG_TEST(two_threads_write_one_element) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend950", {&y}, [&] { asc_vf_call<simt_t::SameElementVf>(dim3(64), y.as<float>()); });
}
KG_TEST(read_past_the_allocation) {
    kgtest::Gm w("weight", 37 * 4), y("y", 148 * 4);
    w.with_slack(512 - 37 * 4).with_guard(4096);  // the survey's buffers: padded to 512 bytes, then a red zone
    kgtest::run_one("ascend950", {&w, &y}, [&] {
        asc_vf_call<simt_t::ReadPastEndVf>(dim3(148), w.as<float>(), y.as<float>());
    });
}
KG_TEST(too_many_threads) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend950", {&y}, [&] { asc_vf_call<simt_t::SameElementVf>(dim3(64, 64), y.as<float>()); });
}
KG_TEST(simt_on_910b) {
    kgtest::Gm y("y", 64 * 4);
    kgtest::run_one("ascend910b", {&y}, [&] { asc_vf_call<simt_t::SameElementVf>(dim3(1), y.as<float>()); });
}
KG_TEST(warp) {
    kgtest::Gm x("x", 64 * 4), o("out", 512 * 4);
    for (uint32_t i = 0; i < 64; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &o}, [&] { asc_vf_call<simt_t::WarpVf>(dim3(64), x.as<float>(), o.as<float>()); });
    simt_t::val("out", o.as<float>(), 512);
}
KG_TEST(histogram) {
    constexpr uint32_t n = 2000, bins = 7;
    kgtest::Gm idx("idx", n * 4), x("x", n * 4), c("count", bins * 4), m("vmax", bins * 4);
    for (uint32_t i = 0; i < n; ++i) {
        idx.as<int32_t>()[i] = static_cast<int32_t>((i * 37u) % bins);
        x.as<float>()[i] = input(i);
    }
    for (uint32_t b = 0; b < bins; ++b) m.as<float>()[b] = -1e30f;
    kgtest::run_one("ascend950", {&idx, &x, &c, &m}, [&] {
        asc_vf_call<simt_t::HistVf>(dim3(512), idx.as<int32_t>(), c.as<int32_t>(), m.as<float>(), x.as<float>(), n);
    }, std::vector<uint8_t>(8, 0), 2);
    simt_t::val("count", c.as<int32_t>(), bins);
    simt_t::val("vmax", m.as<float>(), bins);
}
KG_TEST(uintdiv) {
    constexpr uint32_t n = 500, cols = 37;
    kgtest::Gm q("q", n * 4), r("r", n * 4);
    kgtest::run_one("ascend950", {&q, &r}, [&] {
        uint32_t magic = 0, shift = 0;
        AscendC::GetUintDivMagicAndShift(magic, shift, cols);
        asc_vf_call<simt_t::UintDivVf>(dim3(128), q.as<uint32_t>(), r.as<uint32_t>(), cols, magic, shift, n);
    });
    simt_t::val("q", q.as<uint32_t>(), n);
    simt_t::val("r", r.as<uint32_t>(), n);
}
KG_TEST(unsigned_min_max) {  // the SIMT integer library's unsigned overloads: no sign flip past 2^63 / 2^31
    const uint64_t big = (1ull << 63) + 2048, seven = 7;
    const uint32_t u = 0xFFFFFFF0u, three = 3;
    std::printf("VAL mm %llu %llu %u %u %llu %llu\n", static_cast<unsigned long long>(min(big, seven)),
                static_cast<unsigned long long>(max(big, seven)), min(u, three), max(u, three),
                ullmin(big, seven), ullmax(big, seven));
}
KG_TEST(mixed_simd_simt) {
    constexpr uint32_t n = 256;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    y.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] { simt_t::mixed(x.ptr(), y.ptr(), n, true); });
    simt_t::val("y", y.as<float>(), n);
}
KG_TEST(mixed_without_v_mte3_flag) {
    constexpr uint32_t n = 256;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] { simt_t::mixed(x.ptr(), y.ptr(), n, false); });
}

KG_TEST(scalar_atomics) {
    constexpr uint32_t n = 1000, blocks = 4;
    kgtest::Gm x("x", n * 4), h("handle", 32), t("tickets", blocks * 12);
    h.as_output();
    t.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    h.as<float>()[2] = -1e30f;
    h.as<int32_t>()[3] = 1 << 30;
    kgtest::run_one("ascend950", {&x, &h, &t}, [&] {
        simt_t::scalar_atomics(x.ptr(), h.ptr(), t.ptr(), n, blocks, false, false);
    }, std::vector<uint8_t>(8, 0), blocks);
    simt_t::val("count", h.as<int64_t>(), 1);
    simt_t::val("vmax", h.as<float>() + 2, 1);
    simt_t::val("vmin", h.as<int32_t>() + 3, 1);
    simt_t::val("owner", h.as<uint64_t>() + 2, 1);
    simt_t::val("last", h.as<uint32_t>() + 6, 1);
    simt_t::val("ticket", h.as<uint32_t>() + 7, 1);
    simt_t::val("per_block", t.as<uint32_t>(), blocks * 3);
}
KG_TEST(scalar_atomic_reread_after_clean) {
    constexpr uint32_t n = 64;
    kgtest::Gm x("x", n * 4), h("handle", 32), t("tickets", 12);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &h, &t}, [&] {
        simt_t::scalar_atomics(x.ptr(), h.ptr(), t.ptr(), n, 1, true, true);
    });
    simt_t::val("count", h.as<int64_t>(), 1);
}
KG_TEST(scalar_atomic_reread_after_builtin_dcci) {
    constexpr uint32_t n = 64;
    kgtest::Gm x("x", n * 4), h("handle", 32), t("tickets", 12);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &h, &t}, [&] {
        simt_t::scalar_atomics(x.ptr(), h.ptr(), t.ptr(), n, 1, true, 2);
    });
    simt_t::val("count", h.as<int64_t>(), 1);
}
KG_TEST(scalar_atomic_read_through_stale_cache) {
    constexpr uint32_t n = 64;
    kgtest::Gm x("x", n * 4), h("handle", 32), t("tickets", 12);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &h, &t}, [&] {
        simt_t::scalar_atomics(x.ptr(), h.ptr(), t.ptr(), n, 1, true, false);
    });
}
KG_TEST(scalar_atomic_on_910b) {
    kgtest::Gm h("handle", 32);
    kgtest::run_one("ascend910b", {&h}, [&] {
        AscendC::AtomicAdd<int64_t>(reinterpret_cast<__gm__ int64_t*>(h.ptr()), int64_t(1));
    });
}
KG_TEST(scalar_atomic_unaligned) {
    kgtest::Gm h("handle", 32);
    kgtest::run_one("ascend950", {&h}, [&] {
        AscendC::AtomicAdd<int64_t>(reinterpret_cast<__gm__ int64_t*>(h.ptr() + 4), int64_t(1));
    });
}
KG_TEST(scalar_atomic_against_plain_write) {
    kgtest::Gm h("handle", 32);
    kgtest::run_one("ascend950", {&h}, [&] {
        AscendC::GlobalTensor<uint32_t> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(h.ptr()), 8);
        if (AscendC::GetBlockIdx() == 0) {
            AscendC::AtomicAdd<uint32_t>(reinterpret_cast<__gm__ uint32_t*>(h.ptr()), 1u);
        } else {
            g.SetValue(0, 7u);
        }
    }, std::vector<uint8_t>(8, 0), 2);
}

KG_TEST(block_vars) {
    constexpr uint32_t n = 1000;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    y.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] {
        asc_vf_call<simt_t::BlockVarsVf<false>>(dim3(64), x.as<float>(), y.as<float>(), n);
    }, std::vector<uint8_t>(8, 0), 3);
    simt_t::val("y", y.as<float>(), n);
}
KG_TEST(block_vars_wrong_stride) {
    constexpr uint32_t n = 256;
    kgtest::Gm x("x", n * 4), y("y", n * 4);
    y.as_output();
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = input(i);
    kgtest::run_one("ascend950", {&x, &y}, [&] {
        asc_vf_call<simt_t::BlockVarsVf<true>>(dim3(64), x.as<float>(), y.as<float>(), n);
    }, std::vector<uint8_t>(8, 0), 2);
}

KG_TEST(local_mem_allocator) {
    constexpr uint32_t n = 500;
    kgtest::Gm q("q", n * 4), a("addrs", 16);
    kgtest::run_one("ascend950", {&q, &a}, [&] { simt_t::allocator(q.ptr(), a.ptr(), n, 37, 0); });
    simt_t::val("q", q.as<uint32_t>(), n);
    simt_t::val("addrs", a.as<uint32_t>(), 4);
}
KG_TEST(local_mem_allocator_twice) {
    kgtest::Gm q("q", 64 * 4), a("addrs", 16);
    kgtest::run_one("ascend950", {&q, &a}, [&] { simt_t::allocator(q.ptr(), a.ptr(), 64, 37, 1); });
}
KG_TEST(local_mem_allocator_with_tpipe) {
    kgtest::Gm q("q", 64 * 4), a("addrs", 16);
    kgtest::run_one("ascend950", {&q, &a}, [&] { simt_t::allocator(q.ptr(), a.ptr(), 64, 37, 2); });
}
KG_TEST(local_mem_allocator_past_ub) {
    kgtest::Gm q("q", 64 * 4), a("addrs", 16);
    kgtest::run_one("ascend950", {&q, &a}, [&] { simt_t::allocator(q.ptr(), a.ptr(), 64, 37, 3); });
}

KG_TEST_MAIN()
