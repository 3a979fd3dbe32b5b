// Miniature kernel for kernelgen's derived-tiling-header test: GET_TILING_DATA with no struct of its own (the
// operator's tiling class is op_host's BEGIN_TILING_DATA_DEF); each block scales its slice of x into y.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void kg_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
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
    Muls(m, m, t.scale + static_cast<float>(t.total), t.perBlock);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, m, t.perBlock);
    q.FreeTensor(m);
}
