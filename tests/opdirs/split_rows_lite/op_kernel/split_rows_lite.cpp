// SplitRowsLite kernel: block i copies piece i of x through UB into output i of the tensor list y (addresses from
// the list's layout: first word the byte offset of the pointer array).
#include "kernel_operator.h"
#include "split_rows_lite_tiling_data.h"

using namespace AscendC;

__aicore__ inline void CopyPiece(GM_ADDR x, GM_ADDR y, __tiling_data_ptr__ SplitRowsLiteTilingData* t)
{
    const int64_t i = GetBlockIdx();
    if (i >= t->pieces) {
        return;
    }
    __gm__ uint64_t* words = reinterpret_cast<__gm__ uint64_t*>(y);
    __gm__ float* out = reinterpret_cast<__gm__ float*>(*(words + (*words >> 3) + i));
    const uint32_t n = static_cast<uint32_t>(t->pieceElems);
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, (n * sizeof(float) + 31) / 32 * 32);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + i * n, n);
    yGm.SetGlobalBuffer(out, n);
    LocalTensor<float> buf = q.AllocTensor<float>();
    DataCopyPad(buf, xGm, DataCopyExtParams{1, n * 4, 0, 0, 0}, DataCopyPadExtParams<float>{false, 0, 0, 0});
    q.EnQue(buf);
    buf = q.DeQue<float>();
    DataCopyPad(yGm, buf, DataCopyExtParams{1, n * 4, 0, 0, 0});
    q.FreeTensor(buf);
}

extern "C" __global__ __aicore__ void split_rows_lite(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_PTR_WITH_STRUCT(SplitRowsLiteTilingData, t, tiling);
    CopyPiece(x, y, t);
}
