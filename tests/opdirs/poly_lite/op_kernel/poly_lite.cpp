// PolyLite kernel: Horner's rule with Muls / Adds on float tiles; DataCopyPad moves exactly each tile's bytes.
#include "kernel_operator.h"
#include "poly_lite_tiling_data.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void poly_lite(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(PolyLiteTilingData, t, tiling);
    int64_t offset = t.perCore * GetBlockIdx();
    int64_t len = t.totalNum - offset < t.perCore ? t.totalNum - offset : t.perCore;
    if (len <= 0) {
        return;
    }
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQ;
    TQue<TPosition::VECOUT, 1> outQ;
    pipe.InitBuffer(inQ, 1, t.tileNum * sizeof(float));
    pipe.InitBuffer(outQ, 1, t.tileNum * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + offset, len);
    yGm.SetGlobalBuffer((__gm__ float*)y + offset, len);
    for (int64_t done = 0; done < len; done += t.tileNum) {
        int32_t n = static_cast<int32_t>(len - done < t.tileNum ? len - done : t.tileNum);
        DataCopyExtParams cp{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0};
        LocalTensor<float> xl = inQ.AllocTensor<float>();
        DataCopyPad(xl, xGm[done], cp, DataCopyPadExtParams<float>{false, 0, 0, 0});
        inQ.EnQue(xl);
        xl = inQ.DeQue<float>();
        LocalTensor<float> yl = outQ.AllocTensor<float>();
        Duplicate(yl, t.coeffs[t.count - 1], n);
        for (int32_t k = t.count - 2; k >= 0; --k) {
            Mul(yl, yl, xl, n);
            Adds(yl, yl, t.coeffs[k], n);
        }
        outQ.EnQue(yl);
        inQ.FreeTensor(xl);
        yl = outQ.DeQue<float>();
        DataCopyPad(yGm[done], yl, cp);
        outQ.FreeTensor(yl);
    }
}
