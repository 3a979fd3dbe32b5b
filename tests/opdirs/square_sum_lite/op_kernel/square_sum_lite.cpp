// SquareSumLite kernel: tiles of x through a double-buffered VECIN queue; each tile's sum of squares is
// reduced on the vector unit and read by the scalar unit; the total leaves through a 32-byte TBuf block.
#include "kernel_operator.h"
#include "square_sum_lite_tiling_data.h"

using namespace AscendC;
constexpr int64_t TILE = 64;

extern "C" __global__ __aicore__ void square_sum_lite(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(SquareSumLiteTilingData, t, tiling);
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inQ;
    TBuf<TPosition::VECCALC> workBuf, sumBuf, outBuf, otherBuf;
    pipe.InitBuffer(inQ, 2, TILE * sizeof(float));
    pipe.InitBuffer(workBuf, TILE * sizeof(float));
    pipe.InitBuffer(sumBuf, 32);
    pipe.InitBuffer(outBuf, 32);
    pipe.InitBuffer(otherBuf, 32);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.totalNum);
    zGm.SetGlobalBuffer((__gm__ float*)z, 1);
    LocalTensor<float> work = workBuf.Get<float>(), sum = sumBuf.Get<float>();
    float total = 0.0f;
    for (int64_t at = 0; at < t.totalNum; at += TILE) {
        const int64_t n = t.totalNum - at < TILE ? t.totalNum - at : TILE;
        LocalTensor<float> in = inQ.AllocTensor<float>();
        DataCopyPad(in, xGm[at], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        inQ.EnQue(in);
        in = inQ.DeQue<float>();
        Mul(in, in, in, static_cast<int32_t>(n));
        ReduceSum(sum, in, work, static_cast<int32_t>(n));
        total += sum.GetValue(0);  // V -> S: the compiler waits for the ReduceSum
        inQ.FreeTensor(in);
    }
    LocalTensor<float> out = outBuf.Get<float>();
    Duplicate(out, 0.0f, 8);
    if (t.pattern == 1) {
        otherBuf.Get<float>().SetValue(0, total * 0.5f);  // not the copied-out block: nothing orders the Duplicate
    } else {
        out.SetValue(0, total * 0.5f);  // V -> S before it, S -> MTE3 after it: the compiler's syncs
    }
    DataCopyPad(zGm, out, DataCopyExtParams{1, sizeof(float), 0, 0, 0});
}
