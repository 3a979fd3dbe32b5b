// SquareLite kernel: Mul of each tile with itself; DataCopyPad reads exactly each tile's bytes, DataCopy writes
// whole 32-byte blocks (past y's end when its size is not a multiple of 8 floats: inside the 512-byte slice of
// the executor's workspace that op_api's AllocTensor gave y, which is y's own)
#include "kernel_operator.h"
#include "square_lite_tiling_data.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void square_lite(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(SquareLiteTilingData, t, tiling);
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
        int32_t blocks = (n + 7) / 8 * 8;
        Duplicate(yl, 0.0f, blocks);  // the copied-out tail past n is defined (zeros)
        Mul(yl, xl, xl, n);
        outQ.EnQue(yl);
        inQ.FreeTensor(xl);
        yl = outQ.DeQue<float>();
        DataCopy(yGm[done], yl, blocks);
        outQ.FreeTensor(yl);
    }
}
