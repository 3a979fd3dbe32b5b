// PairStats kernel: one tile of every element (padded to 32 bytes); both outputs written in full.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void pair_stats(GM_ADDR a, GM_ADDR b, GM_ADDR sum, GM_ADDR diff, GM_ADDR workspace,
                                                 GM_ADDR tiling)
{
    const uint32_t n = *reinterpret_cast<__gm__ uint32_t*>(tiling);
    const uint32_t padded = (n + 7) / 8 * 8;
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4 * padded * sizeof(float));
    LocalTensor<float> all = buf.Get<float>();
    LocalTensor<float> la = all[0], lb = all[padded], ls = all[2 * padded], ld = all[3 * padded];
    GlobalTensor<float> ga, gb, gs, gd;
    ga.SetGlobalBuffer((__gm__ float*)a, n);
    gb.SetGlobalBuffer((__gm__ float*)b, n);
    gs.SetGlobalBuffer((__gm__ float*)sum, n);
    gd.SetGlobalBuffer((__gm__ float*)diff, n);
    DataCopyExtParams params{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0};
    DataCopyPad(la, ga, params, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    DataCopyPad(lb, gb, params, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Add(ls, la, lb, static_cast<int32_t>(padded));
    Sub(ld, la, lb, static_cast<int32_t>(padded));
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopyPad(gs, ls, params);
    DataCopyPad(gd, ld, params);
}
