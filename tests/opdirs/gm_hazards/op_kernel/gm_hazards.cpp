// GmHazards kernel: y = 2 * x staged through the user workspace in two phases. Phase 1: each core doubles its
// slice of x tile by tile into its slice of the workspace (TBuf `stage`, MTE2 -> V -> MTE3, the next tile's
// copy-in waiting for this tile's copy-out). Phase 2: each core copies one workspace slice, last tile first, to
// the same slice of y (TBuf `back`). hazard 0: SyncAll, then the neighbour's slice; 1: the neighbour's slice with no SyncAll;
// 2: its own slice with nothing ordering the last copy-out (MTE3) before the read-back (MTE2); 3: its own
// slice after SetFlag/WaitFlag<HardEvent::MTE3_MTE2> (correct without SyncAll).
#include "kernel_operator.h"
#include "gm_hazards_tiling_data.h"

using namespace AscendC;
constexpr int64_t TILE = 64;

extern "C" __global__ __aicore__ void gm_hazards(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(GmHazardsTilingData, t, tiling);
    const int64_t blk = GetBlockIdx(), num = GetBlockNum(), per = t.perCore, tiles = per / TILE;
    TPipe pipe;
    TBuf<TPosition::VECCALC> stage, back;
    pipe.InitBuffer(stage, TILE * sizeof(float));
    pipe.InitBuffer(back, TILE * sizeof(float));
    GlobalTensor<float> xGm, yGm, wsGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, num * per);
    yGm.SetGlobalBuffer((__gm__ float*)y, num * per);
    wsGm.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), num * per);
    LocalTensor<float> s = stage.Get<float>(), b = back.Get<float>();
    for (int64_t k = 0; k < tiles; ++k) {
        if (k > 0) WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        DataCopy(s, xGm[blk * per + k * TILE], TILE);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Muls(s, s, 2.0f, TILE);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(wsGm[blk * per + k * TILE], s, TILE);
        if (k + 1 < tiles) SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
    if (t.hazard == 0) {
        SyncAll();
    } else if (t.hazard == 3) {
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
    const int64_t from = t.hazard <= 1 ? (blk + 1) % num : blk;
    for (int64_t k = tiles - 1; k >= 0; --k) {  // last tile first
        DataCopy(b, wsGm[from * per + k * TILE], TILE);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID1);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID1);
        DataCopy(yGm[from * per + k * TILE], b, TILE);
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
    }
}
