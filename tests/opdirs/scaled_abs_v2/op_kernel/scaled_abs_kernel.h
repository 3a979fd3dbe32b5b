// ScaledAbs kernel body shared by scaled_abs.cpp (910B) and scaled_abs_apt.cpp (950): y = scale * |x|, plus 1
// when SCALED_ABS_PLUS_ONE. One block, one tile padded to 32 bytes (the platform helpers come from
// "../inc/platform.h", which ops-nn's build places beside the kernel sources).
#include "kernel_operator.h"
#include "../inc/platform.h"
#include "scaled_abs_tiling_data.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void scaled_abs(GM_ADDR x, GM_ADDR y_gm, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(ScaledAbsTilingData, t, tiling);
    const uint32_t perBlock = platform::GetUbBlockSize() / sizeof(float);
    const uint32_t padded = ops::CeilAlign(t.total, perBlock);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, padded * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.total);
    yGm.SetGlobalBuffer((__gm__ float*)y_gm, t.total);
    LocalTensor<float> y = buf.Get<float>();
    DataCopyExtParams params{1, static_cast<uint32_t>(t.total * sizeof(float)), 0, 0, 0};
    DataCopyPad(y, xGm, params, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    {
        Abs(y, y, static_cast<int32_t>(padded));
        Muls(y, y, t.scale, static_cast<int32_t>(padded));
        if constexpr (SCALED_ABS_PLUS_ONE) {
            Adds(y, y, 1.0f, static_cast<int32_t>(padded));
        }
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopyPad(yGm, y, params);
}
