// SyncFail kernel: each block copies its 8 floats to UB, waits for every block in SyncAll, then writes them out.
// Block 1 reads 8 floats 4 MiB past its slice: far past the end of the input.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void sync_fail(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    const uint32_t per = *reinterpret_cast<__gm__ uint32_t*>(tiling);
    const uint32_t idx = GetBlockIdx();
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    GlobalTensor<float> gx, gy;
    gx.SetGlobalBuffer((__gm__ float*)x);
    gy.SetGlobalBuffer((__gm__ float*)y);
    LocalTensor<float> l = buf.Get<float>();
    DataCopy(l, gx[idx * per + (idx == 1 ? (1U << 20) : 0U)], per);
    SyncAll();
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(gy[idx * per], l, per);
}
