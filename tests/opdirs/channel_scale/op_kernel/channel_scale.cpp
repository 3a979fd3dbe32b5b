// ChannelScale kernel (one block, total a multiple of 64 floats): scale each element by its channel's factor in
// scalar code, mask = (v > 0) in a float tensor, y = mask ? v : 0; then clear the output buffer for reuse.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void channel_scale(GM_ADDR x, GM_ADDR scale, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    const uint32_t total = t.get_total();
    const uint32_t hw = t.get_hw();
    TPipe pipe;
    TBuf<TPosition::VECCALC> vb, mb, zb, ob;
    pipe.InitBuffer(vb, total * sizeof(float));
    pipe.InitBuffer(mb, total * sizeof(float));
    pipe.InitBuffer(zb, total * sizeof(float));
    pipe.InitBuffer(ob, total * sizeof(float));
    GlobalTensor<float> gx, gs, gy;
    gx.SetGlobalBuffer((__gm__ float*)x, total);
    gs.SetGlobalBuffer((__gm__ float*)scale, t.get_channels());
    gy.SetGlobalBuffer((__gm__ float*)y, total);
    LocalTensor<float> v = vb.Get<float>();
    LocalTensor<float> mask = mb.Get<float>();
    LocalTensor<float> zero = zb.Get<float>();
    LocalTensor<float> out = ob.Get<float>();
    DataCopy(v, gx, total);
    SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
    for (uint32_t i = 0; i < total; ++i) {
        const uint32_t c = (i / hw) % t.get_channels();
        v.SetValue(i, v.GetValue(i) * gs.GetValue(c));
    }
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    CompareScalar(mask, v, 0.0f, CMPMODE::GT, total);
    Duplicate(zero, 0.0f, total);
    PipeBarrier<PIPE_V>();
    Select(out, mask, v, zero, SELMODE::VSEL_TENSOR_TENSOR_MODE, total);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(gy, out, total);
    if (t.get_hazard() != 1) {
        SetFlag<HardEvent::MTE3_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_S>(EVENT_ID0);
    }
    Duplicate(out, 0.0f, total);
}
