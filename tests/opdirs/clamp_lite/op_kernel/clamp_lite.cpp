// ClampLite kernel: the bounds are read from GM with GetValue (or taken from the attributes), parked in a UB
// scalar slot with SetValue / GetValue, broadcast with Duplicate, then Max / Min; int32 is shifted first.
#include "kernel_operator.h"
#include "clamp_lite_tiling_data.h"

using namespace AscendC;

template <typename T>
__aicore__ inline void ClampTiles(GM_ADDR x, GM_ADDR bounds, GM_ADDR y, const ClampLiteTilingData& t)
{
    int64_t offset = t.perCore * GetBlockIdx();
    int64_t len = t.totalNum - offset < t.perCore ? t.totalNum - offset : t.perCore;
    if (len <= 0) {
        return;
    }
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQ;
    TQue<TPosition::VECOUT, 1> outQ;
    TBuf<TPosition::VECCALC> loBuf, hiBuf, scalarBuf;
    pipe.InitBuffer(inQ, 1, t.tileNum * sizeof(T));
    pipe.InitBuffer(outQ, 1, t.tileNum * sizeof(T));
    pipe.InitBuffer(loBuf, t.tileNum * sizeof(T));
    pipe.InitBuffer(hiBuf, t.tileNum * sizeof(T));
    pipe.InitBuffer(scalarBuf, 32);

    LocalTensor<T> scalars = scalarBuf.Get<T>();
    if (t.hasBounds) {
        GlobalTensor<T> boundsGm;
        boundsGm.SetGlobalBuffer((__gm__ T*)bounds, 2);
        scalars.SetValue(0, boundsGm.GetValue(0));
        scalars.SetValue(1, boundsGm.GetValue(1));
    } else {
        scalars.SetValue(0, static_cast<T>(t.minVal));
        scalars.SetValue(1, static_cast<T>(t.maxVal));
    }
    LocalTensor<T> lo = loBuf.Get<T>();
    LocalTensor<T> hi = hiBuf.Get<T>();
    Duplicate(lo, scalars.GetValue(0), static_cast<int32_t>(t.tileNum));
    Duplicate(hi, scalars.GetValue(1), static_cast<int32_t>(t.tileNum));

    GlobalTensor<T> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ T*)x + offset, len);
    yGm.SetGlobalBuffer((__gm__ T*)y + offset, len);
    for (int64_t done = 0; done < len; done += t.tileNum) {
        int64_t n = len - done < t.tileNum ? len - done : t.tileNum;
        int64_t aligned = n / 8 * 8;
        LocalTensor<T> xl = inQ.AllocTensor<T>();
        if (aligned > 0) {
            DataCopy(xl, xGm[done], static_cast<uint32_t>(aligned));
        }
        if (n > aligned) {
            DataCopyExtParams cp{1, static_cast<uint32_t>((n - aligned) * sizeof(T)), 0, 0, 0};
            DataCopyPad(xl[aligned], xGm[done + aligned], cp, DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        inQ.EnQue(xl);
        xl = inQ.DeQue<T>();
        LocalTensor<T> yl = outQ.AllocTensor<T>();
        if constexpr (std::is_same<T, int32_t>::value) {
            ShiftRight(xl, xl, static_cast<int32_t>(t.shift), static_cast<int32_t>(n));
        }
        Max(yl, xl, lo, static_cast<int32_t>(n));
        Min(yl, yl, hi, static_cast<int32_t>(n));
        outQ.EnQue(yl);
        inQ.FreeTensor(xl);
        yl = outQ.DeQue<T>();
        DataCopyExtParams out{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm[done], yl, out);
        outQ.FreeTensor(yl);
    }
}

extern "C" __global__ __aicore__ void clamp_lite(GM_ADDR x, GM_ADDR bounds, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(ClampLiteTilingData, tilingData, tiling);
    ClampTiles<DTYPE_X>(x, bounds, y, tilingData);
}
