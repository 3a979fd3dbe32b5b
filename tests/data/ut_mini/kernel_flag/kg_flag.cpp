// Miniature kernel for kernelgen's kernel-UT test, ordered by a GM flag barrier as ops-nn's index_fill is
// (index_fill_base.h WriteFlagToGm / WaitForIndicesTask): each block clears its flag byte and meets the others in
// SyncAll, doubles its slice of x into the workspace, raises its flag, spins until every block's flag is raised,
// then copies the NEXT block's workspace slice into its slice of y. With FLAG_FIRST 1 the flag is raised before
// the slice is written, so the flag no longer guards it: a race. The slice length goes through the tiling
// header's global `min`.
#include "kernel_operator.h"
using namespace AscendC;

constexpr bool kFlagFirst = @FLAG_FIRST@;

__aicore__ inline void RaiseFlag(const GlobalTensor<uint8_t>& flags, const LocalTensor<uint8_t>& f, uint8_t v)
{
    f.SetValue(0, v);
    PipeBarrier<PIPE_ALL>();
    DataCopyPad(flags[GetBlockIdx()], f, DataCopyExtParams{1, 1, 0, 0, 0});
    PipeBarrier<PIPE_ALL>();
}

extern "C" __global__ __aicore__ void kg_flag(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(KgFlagTiling, t, tiling);
    const uint32_t n = GetBlockNum(), me = GetBlockIdx(), next = (me + 1) % n;
    const uint32_t per = min(static_cast<int>(t.perBlock), 64);
    TPipe pipe;
    TBuf<QuePosition::VECCALC> dataBuf, flagBuf;
    pipe.InitBuffer(dataBuf, per * sizeof(float));
    pipe.InitBuffer(flagBuf, 32);
    LocalTensor<float> l = dataBuf.Get<float>();
    LocalTensor<uint8_t> f = flagBuf.Get<uint8_t>();
    GlobalTensor<float> gx, gw, gy;
    GlobalTensor<uint8_t> flags;
    gx.SetGlobalBuffer((__gm__ float*)x + me * per, per);
    gw.SetGlobalBuffer((__gm__ float*)workspace, n * per);
    gy.SetGlobalBuffer((__gm__ float*)y + me * per, per);
    flags.SetGlobalBuffer((__gm__ uint8_t*)workspace + n * per * sizeof(float), n);

    RaiseFlag(flags, f, 0);
    SyncAll();
    if (kFlagFirst) RaiseFlag(flags, f, 1);
    DataCopy(l, gx, per);
    PipeBarrier<PIPE_ALL>();
    Muls(l, l, 2.0f, per);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gw[me * per], l, per);
    PipeBarrier<PIPE_ALL>();
    if (!kFlagFirst) RaiseFlag(flags, f, 1);
    while (true) {
        DataCopyPad(f, flags, DataCopyExtParams{1, n, 0, 0, 0}, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        PipeBarrier<PIPE_ALL>();
        bool all = true;
        for (uint32_t i = 0; i < n; ++i) all = all && f.GetValue(i) == 1;
        if (all) break;
    }
    DataCopy(l, gw[next * per], per);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, l, per);
}
