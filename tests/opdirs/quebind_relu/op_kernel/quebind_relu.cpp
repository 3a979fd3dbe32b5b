// QuebindRelu kernel: per tile, DataCopyPad GM -> the bound buffer, EnQue/DeQue<GM, VECIN>, Relu in place,
// EnQue/DeQue<VECOUT, GM>, DataCopyPad back, FreeTensor. No SetFlag/WaitFlag: the user positions pick the
// hardware events (MTE2 -> V, then V -> MTE3).
#include "kernel_operator.h"
#include "quebind_relu_tiling_data.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void quebind_relu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(QuebindReluTilingData, t, tiling);
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
    pipe.InitBuffer(que, 2, t.tileNum * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.totalNum);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.totalNum);
    for (int64_t at = 0; at < t.totalNum; at += t.tileNum) {
        const int64_t n = t.totalNum - at < t.tileNum ? t.totalNum - at : t.tileNum;
        const DataCopyExtParams bytes{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0};
        LocalTensor<float> buf = que.AllocTensor<float>();
        DataCopyPad(buf, xGm[at], bytes, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        if (t.hazard != 1) {
            que.EnQue<TPosition::GM, TPosition::VECIN, float>(buf);
            buf = que.DeQue<TPosition::GM, TPosition::VECIN, float>();
        }
        Relu(buf, buf, static_cast<int32_t>(n));
        que.EnQue<TPosition::VECOUT, TPosition::GM, float>(buf);
        buf = que.DeQue<TPosition::VECOUT, TPosition::GM, float>();
        DataCopyPad(yGm[at], buf, bytes);
        que.FreeTensor(buf);
    }
}
