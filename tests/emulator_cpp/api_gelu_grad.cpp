// A GeluGrad-style elementwise kernel written against the Ascend C API (our own code, "family A" tiling:
// big/small cores, full tiles then a tail), run on several blocks and compared with a double-precision
// reference. Exercises TPipe/TQue/TBuf, DataCopy, Cast, Muls/Mul/Adds/Add/Exp/Div/Duplicate, tiling macros,
// TILING_KEY_IS, stats and the trace.
#include "emu_test.h"

namespace gg {

using namespace AscendC;

struct GeluGradTilingData {
    uint32_t smallCoreDataNum;
    uint32_t bigCoreDataNum;
    uint32_t finalBigTileNum;
    uint32_t finalSmallTileNum;
    uint32_t tileDataNum;
    uint32_t smallTailDataNum;
    uint32_t bigTailDataNum;
    uint32_t tailBlockNum;
};

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelGeluGrad {
public:
    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR x, GM_ADDR z, const GeluGradTilingData& t, TPipe* pipe) {
        const uint32_t idx = GetBlockIdx();
        uint64_t start;
        if (idx < t.tailBlockNum) {
            coreNum_ = t.bigCoreDataNum;
            tileNum_ = t.finalBigTileNum;
            tail_ = t.bigTailDataNum;
            start = static_cast<uint64_t>(t.bigCoreDataNum) * idx;
        } else {
            coreNum_ = t.smallCoreDataNum;
            tileNum_ = t.finalSmallTileNum;
            tail_ = t.smallTailDataNum;
            start = static_cast<uint64_t>(t.bigCoreDataNum) * t.tailBlockNum +
                    static_cast<uint64_t>(t.smallCoreDataNum) * (idx - t.tailBlockNum);
        }
        tile_ = t.tileDataNum;
        dyGm_.SetGlobalBuffer((__gm__ T*)dy + start, coreNum_);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreNum_);
        zGm_.SetGlobalBuffer((__gm__ T*)z + start, coreNum_);
        pipe->InitBuffer(inDy_, BUFFER_NUM, tile_ * sizeof(T));
        pipe->InitBuffer(inX_, BUFFER_NUM, tile_ * sizeof(T));
        pipe->InitBuffer(outZ_, BUFFER_NUM, tile_ * sizeof(T));
        pipe->InitBuffer(tmpA_, tile_ * sizeof(float));
        pipe->InitBuffer(tmpB_, tile_ * sizeof(float));
        pipe->InitBuffer(tmpC_, tile_ * sizeof(float));
        if constexpr (!std::is_same<T, float>::value) {
            pipe->InitBuffer(fx_, tile_ * sizeof(float));
            pipe->InitBuffer(fdy_, tile_ * sizeof(float));
        }
    }

    __aicore__ inline void Process() {
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint32_t n = (i == tileNum_ - 1) ? tail_ : tile_;
            CopyIn(i, n);
            Compute(n);
            CopyOut(i, n);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t i, uint32_t n) {
        LocalTensor<T> dy = inDy_.template AllocTensor<T>();
        LocalTensor<T> x = inX_.template AllocTensor<T>();
        DataCopy(dy, dyGm_[static_cast<uint64_t>(i) * tile_], n);
        DataCopy(x, xGm_[static_cast<uint64_t>(i) * tile_], n);
        inDy_.EnQue(dy);
        inX_.EnQue(x);
    }

    __aicore__ inline void Compute(uint32_t n) {
        LocalTensor<T> dy = inDy_.template DeQue<T>();
        LocalTensor<T> x = inX_.template DeQue<T>();
        LocalTensor<T> z = outZ_.template AllocTensor<T>();
        LocalTensor<float> p = tmpA_.Get<float>();
        LocalTensor<float> s = tmpB_.Get<float>();
        LocalTensor<float> w = tmpC_.Get<float>();
        LocalTensor<float> xf, dyf, zf;
        if constexpr (std::is_same<T, float>::value) {
            xf = x;
            dyf = dy;
            zf = z;
        } else {
            xf = fx_.Get<float>();
            dyf = fdy_.Get<float>();
            zf = dyf;
            Cast(xf, x, RoundMode::CAST_NONE, n);
            Cast(dyf, dy, RoundMode::CAST_NONE, n);
        }
        // p = exp((c0*x^2 + c1)*x) = e^{-2u}
        Mul(p, xf, xf, n);
        Muls(p, p, -0.0713548162726f, n);
        Adds(p, p, -1.5957691216057f, n);
        Mul(p, p, xf, n);
        Exp(p, p, n);
        // s = 1 / (p + 1)
        Adds(s, p, 1.0f, n);
        Duplicate(w, 1.0f, n);
        Div(s, w, s, n);
        // w = (c2*x^2 + c3)*x
        Mul(w, xf, xf, n);
        Muls(w, w, 0.2140644488178f, n);
        Adds(w, w, 1.5957691216057f, n);
        Mul(w, w, xf, n);
        PipeBarrier<PIPE_V>();
        // z = ((p*s)*w)*s + s, times dy
        Mul(p, p, s, n);
        Mul(p, p, w, n);
        Mul(p, p, s, n);
        Add(p, p, s, n);
        Mul(zf, p, dyf, n);
        if constexpr (!std::is_same<T, float>::value) {
            Cast(z, zf, std::is_same<T, half>::value ? RoundMode::CAST_NONE : RoundMode::CAST_RINT, n);
        }
        outZ_.EnQue(z);
        inDy_.FreeTensor(dy);
        inX_.FreeTensor(x);
    }

    __aicore__ inline void CopyOut(uint32_t i, uint32_t n) {
        LocalTensor<T> z = outZ_.template DeQue<T>();
        DataCopy(zGm_[static_cast<uint64_t>(i) * tile_], z, n);
        outZ_.FreeTensor(z);
    }

    TQue<QuePosition::VECIN, BUFFER_NUM> inDy_, inX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outZ_;
    TBuf<QuePosition::VECCALC> tmpA_, tmpB_, tmpC_, fx_, fdy_;
    GlobalTensor<T> dyGm_, xGm_, zGm_;
    uint32_t coreNum_ = 0, tileNum_ = 0, tail_ = 0, tile_ = 0;
};


// The kernel entry, as ops-nn writes it.
template <typename T>
__global__ __aicore__ void gelu_grad(GM_ADDR dy, GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
    (void)y;
    (void)workspace;
    REGISTER_TILING_DEFAULT(GeluGradTilingData);
    GET_TILING_DATA_WITH_STRUCT(GeluGradTilingData, tilingData, tiling);
    if (TILING_KEY_IS(0)) {
        TPipe pipe;
        KernelGeluGrad<T> op;
        op.Init(dy, x, z, tilingData, &pipe);
        op.Process();
    }
}

// Host-side tiling in the style of family A (tile length from the UB budget, 32-byte blocks over cores).
inline GeluGradTilingData make_tiling(uint64_t n, uint32_t type_len, uint32_t ub, uint32_t cores, uint32_t* used) {
    const uint32_t units = type_len == 4 ? 9 : 16;  // buffers per element, in units of n*type_len
    const uint32_t tile_blocks = ub / 32 / units;
    const uint32_t tile = tile_blocks * 32 / type_len;
    const uint64_t blocks = (n * type_len + 31) / 32;
    uint32_t c = tile >= n ? 1 : static_cast<uint32_t>(std::min<uint64_t>(cores, blocks));
    GeluGradTilingData t{};
    const uint64_t q = blocks / c;
    t.tailBlockNum = static_cast<uint32_t>(blocks % c);
    auto fill = [&](uint64_t qb, uint32_t& data, uint32_t& tiles, uint32_t& tail) {
        data = static_cast<uint32_t>(qb * 32 / type_len);
        const uint32_t full = static_cast<uint32_t>(qb / tile_blocks);
        tiles = full + (qb % tile_blocks ? 1 : 0);
        tail = data - tile * full;
        if (tail == 0) tail = tile;
    };
    fill(q, t.smallCoreDataNum, t.finalSmallTileNum, t.smallTailDataNum);
    fill(q + 1, t.bigCoreDataNum, t.finalBigTileNum, t.bigTailDataNum);
    t.tileDataNum = tile;
    *used = c;
    return t;
}

inline double ref_gelu_grad(double x, double dy) {
    const double k = std::sqrt(2.0 / M_PI);
    const double u = k * (x + 0.044715 * x * x * x);
    const double th = std::tanh(u);
    const double du = k * (1.0 + 3 * 0.044715 * x * x);
    return dy * (0.5 * (1.0 + th) + 0.5 * x * (1.0 - th * th) * du);
}

}  // namespace gg

template <typename T>
static void run_gelu_grad(const char* soc_name, uint64_t n, double tol) {
    using namespace kgtest;
    Run r;
    r.soc = make_soc(soc_name);
    const uint64_t padded = (n * sizeof(T) + 31) / 32 * 32;  // GM is allocated 32-byte rounded (family A reads it)
    Gm dy("dy", padded), x("x", padded), y("y", padded), z("z", padded), ws("workspace", 32);
    uint32_t seed = 12345;
    auto rnd = [&]() {
        seed = seed * 1664525u + 1013904223u;
        return (seed >> 8) * (1.0f / 16777216.0f) * 14.0f - 7.0f;
    };
    for (uint64_t i = 0; i < padded / sizeof(T); ++i) {
        x.as<T>()[i] = T(rnd());
        dy.as<T>()[i] = T(rnd());
    }
    uint32_t cores = 0;
    const gg::GeluGradTilingData t = gg::make_tiling(n, sizeof(T), r.soc.ub_size_tiling, r.soc.core_num, &cores);
    r.gm = {&dy, &x, &y, &z, &ws};
    r.tiling = tiling_bytes(t);
    r.trace = true;
    const bool ok = run_blocks(r, cores, [&]() {
        gg::gelu_grad<T>(dy.ptr(), x.ptr(), y.ptr(), z.ptr(), ws.ptr(), r.tiling.data());
    });
    report(r, ok);
    if (!ok) return;
    double worst = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const double ref = gg::ref_gelu_grad(static_cast<float>(x.as<T>()[i]), static_cast<float>(dy.as<T>()[i]));
        const double got = static_cast<float>(z.as<T>()[i]);
        const double err = std::fabs(got - ref) / (std::fabs(ref) + 1e-3);
        if (!(err <= worst)) worst = err;
    }
    check("gelu_grad_accuracy", worst < tol, "worst relative error " + std::to_string(worst));
    std::printf("STAT blocks %u\n", cores);
}

KG_TEST(gelu_grad_f32) { run_gelu_grad<float>("ascend910b", 100000, 1e-3); }
KG_TEST(gelu_grad_f16) { run_gelu_grad<half>("ascend910b", 30000, 4e-3); }
KG_TEST(gelu_grad_bf16) { run_gelu_grad<bfloat16_t>("ascend910b", 30000, 3e-2); }
KG_TEST(gelu_grad_f32_310b) { run_gelu_grad<float>("ascend310b", 20000, 1e-3); }
