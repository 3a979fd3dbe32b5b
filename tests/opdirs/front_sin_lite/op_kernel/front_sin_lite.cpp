// FrontSinLite kernel: DataCopyPad in, Sin, DataCopyPad out, one tile at a time. An empty output trips the
// kernel's own ascendc_assert; the NPU-only launch wrapper sits behind #ifndef ASCENDC_CPU_DEBUG (ops-math's cos.cpp).
#include "basic_api/kernel_operator_list_tensor_intf.h"
#include "adv_api/math/sin.h"
#include "front_sin_lite_tiling_data.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void front_sin_lite(GM_ADDR x, GM_ADDR size, GM_ADDR y, GM_ADDR workspace,
                                                     GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(FrontSinLiteTilingData, t, tiling);
    ascendc_assert(t.totalNum > 0, "FrontSinLite: empty output (%ld elements)\n", static_cast<long>(t.totalNum));
    const int64_t offset = t.perCore * GetBlockIdx();
    const int64_t len = t.totalNum - offset < t.perCore ? t.totalNum - offset : t.perCore;
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
        const uint32_t n = static_cast<uint32_t>(len - done < t.tileNum ? len - done : t.tileNum);
        LocalTensor<float> xl = inQ.AllocTensor<float>();
        DataCopyPad(xl, xGm[done], DataCopyExtParams{1, n * 4, 0, 0, 0}, DataCopyPadExtParams<float>{false, 0, 0, 0});
        inQ.EnQue(xl);
        xl = inQ.DeQue<float>();
        LocalTensor<float> yl = outQ.AllocTensor<float>();
        Sin(yl, xl, n);
        outQ.EnQue(yl);
        inQ.FreeTensor(xl);
        yl = outQ.DeQue<float>();
        DataCopyPad(yGm[done], yl, DataCopyExtParams{1, n * 4, 0, 0, 0});
        outQ.FreeTensor(yl);
    }
}

#ifndef ASCENDC_CPU_DEBUG
void front_sin_lite_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* size, uint8_t* y, uint8_t* workspace,
                       uint8_t* tiling)
{
    front_sin_lite<<<blockDim, nullptr, stream>>>(x, size, y, workspace, tiling);
}
#endif
