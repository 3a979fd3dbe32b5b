// PipeHazards kernel: y = 2 * x through a double-buffered TBuf pair (tile i in half i % 2), copies in and out
// with DataCopyPad (exact bytes) except where `hazard` says otherwise.
#include "kernel_operator.h"
#include "pipe_hazards_tiling_data.h"

using namespace AscendC;
constexpr int64_t TILE = 128;

extern "C" __global__ __aicore__ void pipe_hazards(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(PipeHazardsTilingData, t, tiling);
    const int64_t blk = GetBlockIdx(), num = GetBlockNum();
    int64_t first = blk * t.tilesPerCore * TILE;
    if (t.hazard == 3 && blk == 1) first -= TILE;  // over core 0's last tile
    const int64_t end = blk + 1 == num ? t.totalNum : (blk + 1) * t.tilesPerCore * TILE;
    TPipe pipe;
    TBuf<TPosition::VECCALC> inBuf, outBuf;
    pipe.InitBuffer(inBuf, 2 * TILE * sizeof(float));
    pipe.InitBuffer(outBuf, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, t.totalNum);
    yGm.SetGlobalBuffer((__gm__ float*)y, t.totalNum);
    LocalTensor<float> in = inBuf.Get<float>(), out = outBuf.Get<float>();
    int64_t i = 0;
    for (int64_t at = first; at < end; at += TILE, ++i) {
        if (t.hazard == 2 && blk + 1 == num && at + TILE >= end) break;  // the last tile is skipped
        const int64_t n = end - at < TILE ? end - at : TILE;
        const int64_t h = i % 2;
        const event_t ev = static_cast<event_t>(h);
        if (i >= 2 && t.hazard != 5) WaitFlag<HardEvent::MTE3_MTE2>(ev);
        DataCopyPad(in[h * TILE], xGm[at], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        if (t.hazard != 1) {
            SetFlag<HardEvent::MTE2_V>(ev);
            WaitFlag<HardEvent::MTE2_V>(ev);
        }
        Muls(out[h * TILE], in[h * TILE], 2.0f, TILE);  // the whole tile: past n the lanes are never copied out
        SetFlag<HardEvent::V_MTE3>(ev);
        WaitFlag<HardEvent::V_MTE3>(ev);
        if (t.hazard == 4 && n < TILE) {
            DataCopy(yGm[at], out[h * TILE], TILE);  // whole 512 bytes
        } else {
            DataCopyPad(yGm[at], out[h * TILE], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(float)), 0, 0, 0});
        }
        if (at + 2 * TILE < end && t.hazard != 5) SetFlag<HardEvent::MTE3_MTE2>(ev);
    }
}
