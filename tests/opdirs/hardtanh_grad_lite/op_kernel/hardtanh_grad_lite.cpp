// HardtanhGradLite kernel: one tile per core (perCore elements).
#include "kernel_operator.h"
#include "hardtanh_grad_lite_tiling_data.h"

namespace {
using namespace AscendC;
using T = DTYPE_SELF;
constexpr uint32_t PER_REPEAT = 256 / sizeof(T);

class HardtanhGradLiteKernel {
public:
    __aicore__ inline void Run(GM_ADDR grad, GM_ADDR self, GM_ADDR dx, const HardtanhGradLiteTilingData& t)
    {
        uint32_t offset = t.perCore * GetBlockIdx();
        uint32_t n = offset >= t.totalNum ? 0 : (t.totalNum - offset < t.perCore ? t.totalNum - offset : t.perCore);
        if (n == 0) {
            return;
        }
        uint32_t nAligned = (n + PER_REPEAT - 1) / PER_REPEAT * PER_REPEAT;
        GlobalTensor<T> gradGm, selfGm, dxGm;
        gradGm.SetGlobalBuffer((__gm__ T*)grad + offset, n);
        selfGm.SetGlobalBuffer((__gm__ T*)self + offset, n);
        dxGm.SetGlobalBuffer((__gm__ T*)dx + offset, n);
        pipe_.InitBuffer(inQ_, 1, 2 * t.perCore * sizeof(T));
        pipe_.InitBuffer(outQ_, 1, t.perCore * sizeof(T));
        uint32_t maskBytes = (t.perCore / 8 + 31) / 32 * 32;  // each mask starts 32-byte aligned
        pipe_.InitBuffer(maskBuf_, 2 * maskBytes);

        LocalTensor<T> in = inQ_.AllocTensor<T>();
        LocalTensor<T> g = in;
        LocalTensor<T> x = in[t.perCore];
        DataCopyExtParams cp{1, n * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(g, gradGm, cp, DataCopyPadExtParams<T>{true, 0, 0, static_cast<T>(0)});
        DataCopyPad(x, selfGm, cp, DataCopyPadExtParams<T>{true, 0, 0, static_cast<T>(0)});
        inQ_.EnQue(in);
        in = inQ_.DeQue<T>();
        LocalTensor<T> out = outQ_.AllocTensor<T>();
        LocalTensor<uint8_t> m1 = maskBuf_.Get<uint8_t>();
        LocalTensor<uint8_t> m2 = m1[maskBytes];
        T lo = static_cast<T>(t.minVal);
        T hi = static_cast<T>(t.maxVal);
#if ORIG_DTYPE_SELF == DT_FLOAT16
        // outside = (x <= lo) | (x >= hi); inside = ~outside
        Compares(m1, x, lo, CMPMODE::LE, nAligned);
        Compares(m2, x, hi, CMPMODE::GE, nAligned);
        PipeBarrier<PIPE_V>();
        LocalTensor<uint16_t> w1 = m1.ReinterpretCast<uint16_t>();
        LocalTensor<uint16_t> w2 = m2.ReinterpretCast<uint16_t>();
        Or(w1, w1, w2, static_cast<int32_t>(nAligned / 16));
        Not(w1, w1, static_cast<int32_t>(nAligned / 16));
        PipeBarrier<PIPE_V>();
        Select(out, m1, g, static_cast<T>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, PER_REPEAT,
               static_cast<uint8_t>(nAligned / PER_REPEAT), BinaryRepeatParams{1, 1, 1, 8, 8, 8});
#else
        CompareScalar(m1, x, lo, CMPMODE::GT, nAligned);
        CompareScalar(m2, x, hi, CMPMODE::LT, nAligned);
        PipeBarrier<PIPE_V>();
        And(m1.ReinterpretCast<uint16_t>(), m1.ReinterpretCast<uint16_t>(), m2.ReinterpretCast<uint16_t>(),
            static_cast<int32_t>(nAligned / 16));
        PipeBarrier<PIPE_V>();
        Select(out, m1, g, static_cast<T>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, nAligned);
#endif
        outQ_.EnQue(out);
        inQ_.FreeTensor(in);
        out = outQ_.DeQue<T>();
        DataCopyPad(dxGm, out, cp);
        outQ_.FreeTensor(out);
    }

private:
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQ_;
    TQue<TPosition::VECOUT, 1> outQ_;
    TBuf<TPosition::VECCALC> maskBuf_;
};
}  // namespace

__global__ __aicore__ void hardtanh_grad_lite(GM_ADDR grad, GM_ADDR self, GM_ADDR dx, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(HardtanhGradLiteTilingData, tilingData, tiling);
    if constexpr (std::is_same<DTYPE_GRAD, DTYPE_SELF>::value) {
        HardtanhGradLiteKernel op;
        op.Run(grad, self, dx, tilingData);
    }
}
