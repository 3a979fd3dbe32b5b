// Miniature kernel for kernelgen's kernel-UT test: each block copies its slice of x to y through UB, times 2.
#include "kernel_operator.h"
using namespace AscendC;

struct KgCopyTiling {
    uint32_t perBlock;
};

extern "C" __global__ __aicore__ void kg_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(KgCopyTiling, t, tiling);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, t.perBlock * sizeof(float));
    GlobalTensor<float> gx, gy;
    gx.SetGlobalBuffer((__gm__ float*)x + GetBlockIdx() * t.perBlock, t.perBlock);
    gy.SetGlobalBuffer((__gm__ float*)y + GetBlockIdx() * t.perBlock, t.perBlock);
    LocalTensor<float> l = q.AllocTensor<float>();
    DataCopy(l, gx, t.perBlock);
    q.EnQue(l);
    LocalTensor<float> m = q.DeQue<float>();
    Muls(m, m, 2.0f, t.perBlock);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, m, t.perBlock);
    q.FreeTensor(m);
}
