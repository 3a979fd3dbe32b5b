// MaskedTail kernel: y = x >= 0 ? x : 0.5 * x. The input tile comes through a VECIN queue with DataCopyPad;
// Muls writes exactly n scaled elements to a TBuf (its bytes past n hold nothing written); Compares builds a bit
// mask from the scaled copy (same sign as x) and Select picks x or the scaled copy for the n elements;
// DataCopyPad writes exactly n back.
#include "kernel_operator.h"
#include "masked_tail_tiling_data.h"

using namespace AscendC;
constexpr int64_t PER_REPEAT = 256 / sizeof(float);

extern "C" __global__ __aicore__ void masked_tail(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(MaskedTailTilingData, t, tiling);
    const int64_t blk = GetBlockIdx();
    const int64_t first = blk * t.blockFactor;
    if (first >= t.totalNum) return;
    const int64_t n = t.totalNum - first < t.blockFactor ? t.totalNum - first : t.blockFactor;
    const int64_t rounded = (n + PER_REPEAT - 1) / PER_REPEAT * PER_REPEAT;
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    TBuf<TPosition::VECCALC> scaledBuf, maskBuf;
    pipe.InitBuffer(inQueue, 1, rounded * sizeof(float));
    pipe.InitBuffer(outQueue, 1, rounded * sizeof(float));
    pipe.InitBuffer(scaledBuf, rounded * sizeof(float));
    pipe.InitBuffer(maskBuf, (rounded / 8 + 31) / 32 * 32);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + first, n);
    yGm.SetGlobalBuffer((__gm__ float*)y + first, n);
    const DataCopyExtParams bytes{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0};

    LocalTensor<float> in = inQueue.AllocTensor<float>();
    DataCopyPad(in, xGm, bytes, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    inQueue.EnQue(in);
    in = inQueue.DeQue<float>();
    LocalTensor<float> out = outQueue.AllocTensor<float>();
    LocalTensor<float> scaled = scaledBuf.Get<float>();
    LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
    Muls(scaled, in, 0.5f, static_cast<int32_t>(n));
    Compares(mask, scaled, 0.0f, CMPMODE::GE, static_cast<uint32_t>(t.aligned != 0 ? rounded : n));
    Select(out, mask, in, scaled, SELMODE::VSEL_TENSOR_TENSOR_MODE, static_cast<uint32_t>(n));
    inQueue.FreeTensor(in);
    outQueue.EnQue(out);
    out = outQueue.DeQue<float>();
    DataCopyPad(yGm, out, bytes);
    outQueue.FreeTensor(out);
}
