// ScatterRows kernel: for each index, one row of updates copied through UB into the output row (var_ref); the
// rows no index names are never written, so they keep whatever the output buffer held: the input, in place.
#include "kernel_operator.h"
#include "scatter_rows_tiling_data.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void scatter_rows(GM_ADDR var, GM_ADDR indices, GM_ADDR updates, GM_ADDR var_ref,
                                                   GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(ScatterRowsTilingData, t, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.width * sizeof(float));
    GlobalTensor<int32_t> gi;
    GlobalTensor<float> gu, gv;
    gi.SetGlobalBuffer((__gm__ int32_t*)indices, t.updates);
    gu.SetGlobalBuffer((__gm__ float*)updates, t.updates * t.width);
    gv.SetGlobalBuffer((__gm__ float*)var_ref, t.rows * t.width);
    LocalTensor<float> row = buf.Get<float>();
    for (uint32_t i = 0; i < t.updates; ++i) {
        const int32_t r = gi.GetValue(i);
        DataCopy(row, gu[i * t.width], t.width);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        DataCopy(gv[static_cast<uint32_t>(r) * t.width], row, t.width);
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
}
