// RowMaxSub kernel: per tile of rows, WholeReduceMax (values only) -> Brcb -> Sub with a broadcast operand.
#include "kernel_operator.h"
#include "row_max_sub_tiling_data.h"
using namespace AscendC;

class RowMaxSubKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const RowMaxSubTilingData& t)
    {
        width_ = t.width;
        tileRows_ = t.tileRows;
        const uint32_t first = GetBlockIdx() * t.rowsPerCore;
        rows_ = first >= t.rows ? 0 : (t.rows - first < t.rowsPerCore ? t.rows - first : t.rowsPerCore);
        xGm_.SetGlobalBuffer((__gm__ float*)x + static_cast<uint64_t>(first) * width_, rows_ * width_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + static_cast<uint64_t>(first) * width_, rows_ * width_);
        pipe_.InitBuffer(inQ_, 2, tileRows_ * width_ * sizeof(float));
        pipe_.InitBuffer(outQ_, 2, tileRows_ * width_ * sizeof(float));
        pipe_.InitBuffer(maxBuf_, AlignUp(tileRows_ * sizeof(float), ONE_BLK_SIZE));
        pipe_.InitBuffer(bcastBuf_, tileRows_ * 8 * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t n = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            LocalTensor<float> xl = inQ_.AllocTensor<float>();
            DataCopy(xl, xGm_[done * width_], n * width_);
            inQ_.EnQue(xl);
            Compute(n);
            LocalTensor<float> yl = outQ_.DeQue<float>();
            DataCopy(yGm_[done * width_], yl, n * width_);
            outQ_.FreeTensor(yl);
        }
    }

private:
    __aicore__ inline void Compute(uint32_t n)
    {
        LocalTensor<float> xl = inQ_.DeQue<float>();
        LocalTensor<float> yl = outQ_.AllocTensor<float>();
        LocalTensor<float> maxes = maxBuf_.Get<float>();
        LocalTensor<float> bcast = bcastBuf_.Get<float>();
        const uint8_t blocksPerRow = static_cast<uint8_t>(width_ / 8);
        WholeReduceMax(maxes, xl, static_cast<int32_t>(width_), static_cast<int32_t>(n), 1, 1, blocksPerRow,
                       ReduceOrder::ORDER_ONLY_VALUE);
        PipeBarrier<PIPE_V>();
        Brcb(bcast, maxes, static_cast<uint8_t>(DivCeil(n, 8)), {1, 8});
        PipeBarrier<PIPE_V>();
        Sub(yl, xl, bcast, static_cast<uint64_t>(width_), static_cast<uint8_t>(n),
            {1, 1, 0, blocksPerRow, blocksPerRow, 1});
        outQ_.EnQue(yl);
        inQ_.FreeTensor(xl);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQ_;
    TQue<QuePosition::VECOUT, 2> outQ_;
    TBuf<TPosition::VECCALC> maxBuf_, bcastBuf_;
    GlobalTensor<float> xGm_, yGm_;
    uint32_t width_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void row_max_sub(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(RowMaxSubTilingData, tilingData, tiling);
    RowMaxSubKernel op;
    op.Init(x, y, tilingData);
    op.Process();
}
