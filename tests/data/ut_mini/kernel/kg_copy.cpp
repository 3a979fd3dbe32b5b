// Miniature kernel for kernelgen's kernel-UT test, in two phases across blocks: each block doubles its slice of x
// into its slice of the workspace, SyncAll, then copies the NEXT block's workspace slice into its slice of y. Run
// one block at a time it cannot pass SyncAll; ICPU_RUN_KF must run the blocks at once, as the NPU does. The
// workspace is reached through GetUserWorkspace, which CANN's CPU twin returns unchanged (no system workspace in
// front): the test's 1 KiB workspace holds it. Its CMakeLists builds it with -Dfloat16_t=uint16_t (as
// log_softmax_grad's does), which the kernel API's own float16_t must make way for.
#include <type_traits>
#include "kernel_operator.h"
using namespace AscendC;

static_assert(sizeof(float16_t) == sizeof(uint16_t) && std::is_integral<float16_t>::value, "-Dfloat16_t=uint16_t");

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
    gw.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), GetBlockNum() * t.perBlock);
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
