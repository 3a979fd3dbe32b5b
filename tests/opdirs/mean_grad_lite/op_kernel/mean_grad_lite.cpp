// MeanGradLite kernel entry: a template on dy's dtype; Muls by the host-computed scale, DataCopyPad in and out.
#include "kernel_operator.h"
#include "mean_grad_lite_tiling_data.h"
#include "mean_grad_lite_tiling_key.h"

using namespace AscendC;

template <typename D_T_X>
__global__ __aicore__ void mean_grad_lite(GM_ADDR origShape, GM_ADDR dy, GM_ADDR dx, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(MeanGradLiteTilingData);
    GET_TILING_DATA_WITH_STRUCT(MeanGradLiteTilingData, t, tiling);
    (void)origShape;  // read by the tiling on the host
    int64_t offset = t.perCore * GetBlockIdx();
    int64_t len = t.totalNum - offset < t.perCore ? t.totalNum - offset : t.perCore;
    if (len <= 0) {
        return;
    }
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQ;
    TQue<TPosition::VECOUT, 1> outQ;
    pipe.InitBuffer(inQ, 1, t.tileNum * sizeof(D_T_X));
    pipe.InitBuffer(outQ, 1, t.tileNum * sizeof(D_T_X));
    GlobalTensor<D_T_X> dyGm, dxGm;
    dyGm.SetGlobalBuffer((__gm__ D_T_X*)dy + offset, len);
    dxGm.SetGlobalBuffer((__gm__ D_T_X*)dx + offset, len);
    for (int64_t done = 0; done < len; done += t.tileNum) {
        int32_t n = static_cast<int32_t>(len - done < t.tileNum ? len - done : t.tileNum);
        DataCopyExtParams cp{1, static_cast<uint32_t>(n * sizeof(D_T_X)), 0, 0, 0};
        LocalTensor<D_T_X> in = inQ.AllocTensor<D_T_X>();
        DataCopyPad(in, dyGm[done], cp, DataCopyPadExtParams<D_T_X>{false, 0, 0, 0});
        inQ.EnQue(in);
        in = inQ.DeQue<D_T_X>();
        LocalTensor<D_T_X> out = outQ.AllocTensor<D_T_X>();
        Muls(out, in, static_cast<D_T_X>(t.scale), n);
        outQ.EnQue(out);
        inQ.FreeTensor(in);
        out = outQ.DeQue<D_T_X>();
        DataCopyPad(dxGm[done], out, cp);
        outQ.FreeTensor(out);
    }
}
