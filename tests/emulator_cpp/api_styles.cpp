// Source idioms common in ops-nn elementwise kernels (written fresh for the emulator tests): an extern "C"
// entry with GET_TILING_DATA, KERNEL_TASK_TYPE_DEFAULT, "if ASCEND_IS_AIV", `.template` member calls,
// braced DataCopyPad parameters in both the legacy and the Ext forms, Compare + Select with a mask buffer,
// event ids from the pipe, a TQueBind copy-through queue, and family-B tiling (blockFactor / ubFactor).
#include "emu_test.h"

namespace styles {
using namespace AscendC;

struct HardClipTilingData {
    int64_t totalNum;
    int64_t blockFactor;
    int64_t ubFactor;
    float lower;
    float upper;
};

template <typename T>
class KernelHardClip {
public:
    __aicore__ inline KernelHardClip() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const HardClipTilingData* t) {
        const int64_t off = t->blockFactor * AscendC::GetBlockIdx();
        const int64_t rest = t->totalNum - off;
        len_ = rest < t->blockFactor ? (rest > 0 ? rest : 0) : t->blockFactor;
        ub_ = t->ubFactor;
        lower_ = t->lower;
        upper_ = t->upper;
        xGm_.SetGlobalBuffer((__gm__ T*)x + off, len_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + off, len_);
        pipe_.InitBuffer(inQ_, 1, ub_ * sizeof(T));
        pipe_.InitBuffer(outQ_, 1, ub_ * sizeof(T));
        pipe_.InitBuffer(f32Buf_, ub_ * sizeof(float));
        pipe_.InitBuffer(boundBuf_, ub_ * sizeof(float));
        pipe_.InitBuffer(maskBuf_, ((ub_ + 7) / 8 + 255) / 256 * 256);
    }
    __aicore__ inline void Process() {
        const int64_t loops = (len_ + ub_ - 1) / ub_;
        for (int64_t i = 0; i < loops; ++i) {
            const int64_t n = (i == loops - 1) ? len_ - i * ub_ : ub_;
            LocalTensor<T> x = inQ_.template AllocTensor<T>();
            DataCopyExtParams cp{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
            DataCopyPad(x, xGm_[i * ub_], cp, {false, 0, 0, 0});
            inQ_.EnQue(x);
            x = inQ_.template DeQue<T>();
            LocalTensor<T> y = outQ_.template AllocTensor<T>();
            LocalTensor<float> xf = f32Buf_.Get<float>();
            LocalTensor<float> bound = boundBuf_.Get<float>();
            LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
            const int64_t aligned = (n + 63) / 64 * 64;  // Compare works on whole 256-byte repeats
            if constexpr (std::is_same_v<T, float>) {
                Adds(xf, x, 0.0f, n);
            } else {
                Cast(xf, x, RoundMode::CAST_NONE, n);
            }
            PipeBarrier<PIPE_V>();
            Duplicate(bound, upper_, aligned);
            Compare(mask, xf, bound, CMPMODE::LT, aligned);
            Select(xf, mask, xf, upper_, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            Maxs(xf, xf, lower_, n);
            if constexpr (std::is_same_v<T, float>) {
                Adds(y, xf, 0.0f, n);
            } else if constexpr (std::is_same_v<T, bfloat16_t>) {
                Cast(y, xf, RoundMode::CAST_RINT, n);
            } else {
                Cast(y, xf, RoundMode::CAST_NONE, n);
            }
            event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
            SetFlag<HardEvent::V_MTE3>(e);
            WaitFlag<HardEvent::V_MTE3>(e);
            outQ_.template EnQue<T>(y);
            inQ_.FreeTensor(x);
            y = outQ_.template DeQue<T>();
            DataCopyParams op;
            op.blockCount = 1;
            op.blockLen = static_cast<uint16_t>(n * sizeof(T));
            DataCopyPad(yGm_[i * ub_], y, op);
            outQ_.FreeTensor(y);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> inQ_;
    TQue<QuePosition::VECOUT, 1> outQ_;
    TBuf<TPosition::VECCALC> f32Buf_, boundBuf_;
    TBuf<> maskBuf_;
    GlobalTensor<T> xGm_, yGm_;
    int64_t len_ = 0, ub_ = 0;
    float lower_ = 0, upper_ = 0;
};

#define HARD_CLIP_T float
extern "C" __global__ __aicore__ void hard_clip(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(HardClipTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GM_ADDR user = GetUserWorkspace(workspace);
    (void)user;
    if ASCEND_IS_AIV {
        KernelHardClip<HARD_CLIP_T> op;
        op.Init(x, y, &tilingData);
        op.Process();
    }
}

// A TQueBind<VECIN, VECOUT> queue moves data GM -> UB -> GM without a compute step.
__global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y, uint32_t n) {
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 2, 1024);
    GlobalTensor<half> xg, yg;
    xg.SetGlobalBuffer((__gm__ half*)x, n);
    yg.SetGlobalBuffer((__gm__ half*)y, n);
    for (uint32_t at = 0; at < n; at += 512) {
        LocalTensor<half> t = q.AllocTensor<half>();
        DataCopy(t, xg[at], 512);
        q.EnQue(t);
        t = q.DeQue<half>();
        DataCopy(yg[at], t, 512);
        q.FreeTensor(t);
    }
}
}  // namespace styles

KG_TEST(style_hard_clip) {
    const int64_t n = 10001;
    styles::HardClipTilingData t{n, 2504, 1024, -1.5f, 2.0f};  // 4 blocks, unaligned tails everywhere
    kgtest::Gm x("x", n * 4), y("y", n * 4), ws("workspace", 64);
    for (int64_t i = 0; i < n; ++i) x.as<float>()[i] = static_cast<float>(i % 97) / 10.0f - 4.0f;
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.gm = {&x, &y, &ws};
    r.tiling = kgtest::tiling_bytes(t);
    const bool ok = kgtest::run_blocks(r, 4, [&] { styles::hard_clip(x.ptr(), y.ptr(), ws.ptr(), r.tiling.data()); });
    kgtest::report(r, ok);
    bool good = ok;
    for (int64_t i = 0; i < n && good; ++i) {
        const float v = x.as<float>()[i];
        good = y.as<float>()[i] == std::fmin(std::fmax(v, -1.5f), 2.0f);
    }
    kgtest::check("hard_clip_values", good);
}

KG_TEST(style_queue_bind) {
    const uint32_t n = 2048;
    kgtest::Gm x("x", n * 2), y("y", n * 2);
    for (uint32_t i = 0; i < n; ++i) x.as<half>()[i] = half(static_cast<float>(i % 300));
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.gm = {&x, &y};
    r.tiling = std::vector<uint8_t>(8, 0);
    const bool ok = kgtest::run_blocks(r, 1, [&] { styles::copy_through(x.ptr(), y.ptr(), n); });
    kgtest::report(r, ok);
    kgtest::check("queue_bind_copy", ok && std::memcmp(x.ptr(), y.ptr(), n * 2) == 0);
}
