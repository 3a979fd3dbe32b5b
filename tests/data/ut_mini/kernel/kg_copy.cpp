// Miniature kernel for kernelgen's kernel-UT test, in two phases across blocks: each block doubles its slice of x
// into its slice of the workspace, SyncAll, then copies the NEXT block's workspace slice into its slice of y. Run
// one block at a time it cannot pass SyncAll; ICPU_RUN_KF must run the blocks at once, as the NPU does.
#include "kernel_operator.h"
using namespace AscendC;

struct KgCopyTiling {
    uint32_t perBlock;
};

extern "C" __global__ __aicore__ void kg_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(KgCopyTiling, t, tiling);
    const uint32_t me = GetBlockIdx();
    const uint32_t next = (me + 1) % GetBlockNum();
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, t.perBlock * sizeof(float));
    GlobalTensor<float> gx, gw, gy;
    gx.SetGlobalBuffer((__gm__ float*)x + me * t.perBlock, t.perBlock);
    gw.SetGlobalBuffer((__gm__ float*)workspace, GetBlockNum() * t.perBlock);
    gy.SetGlobalBuffer((__gm__ float*)y + me * t.perBlock, t.perBlock);
    LocalTensor<float> l = q.AllocTensor<float>();
    DataCopy(l, gx, t.perBlock);
    q.EnQue(l);
    LocalTensor<float> m = q.DeQue<float>();
    Muls(m, m, 2.0f, t.perBlock);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gw[me * t.perBlock], m, t.perBlock);
    q.FreeTensor(m);
    SyncAll();
    l = q.AllocTensor<float>();
    DataCopy(l, gw[next * t.perBlock], t.perBlock);
    q.EnQue(l);
    m = q.DeQue<float>();
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, m, t.perBlock);
    q.FreeTensor(m);
}
