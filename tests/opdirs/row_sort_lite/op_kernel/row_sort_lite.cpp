// RowSortLite kernel: per row, Sort32 (two runs of 32 scores with their positions) -> MrgSort of the two runs ->
// Extract into the sorted values and their positions.
#include "kernel_operator.h"
#include "op_kernel/platform_util.h"
#include "row_sort_lite_tiling_data.h"
using namespace AscendC;

constexpr uint32_t kWidth = 64;

class RowSortLiteKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR values, GM_ADDR indices, const RowSortLiteTilingData& t)
    {
        const int first = static_cast<int>(GetBlockIdx() * t.rowsPerCore);
        const int rows = static_cast<int>(t.rows);
        rows_ = static_cast<uint32_t>(min(static_cast<int>(t.rowsPerCore), rows - min(first, rows)));
        xGm_.SetGlobalBuffer((__gm__ float*)x + static_cast<uint64_t>(first) * kWidth, rows_ * kWidth);
        vGm_.SetGlobalBuffer((__gm__ float*)values + static_cast<uint64_t>(first) * kWidth, rows_ * kWidth);
        iGm_.SetGlobalBuffer((__gm__ uint32_t*)indices + static_cast<uint64_t>(first) * kWidth, rows_ * kWidth);
        constexpr uint32_t block = Ops::Base::GetUbBlockSize();
        pipe_.InitBuffer(inQ_, 2, kWidth * sizeof(float));
        pipe_.InitBuffer(valQ_, 2, kWidth * sizeof(float));
        pipe_.InitBuffer(idxQ_, 2, kWidth * sizeof(uint32_t));
        pipe_.InitBuffer(work_, 2 * kWidth * 8 + kWidth * sizeof(uint32_t) + block);
    }
    __aicore__ inline void Process()
    {
        for (uint32_t r = 0; r < rows_; ++r) {
            LocalTensor<float> xl = inQ_.AllocTensor<float>();
            DataCopy(xl, xGm_[r * kWidth], kWidth);
            inQ_.EnQue(xl);
            Compute();
            LocalTensor<float> vl = valQ_.DeQue<float>();
            LocalTensor<uint32_t> il = idxQ_.DeQue<uint32_t>();
            DataCopy(vGm_[r * kWidth], vl, kWidth);
            DataCopy(iGm_[r * kWidth], il, kWidth);
            valQ_.FreeTensor(vl);
            idxQ_.FreeTensor(il);
        }
    }

private:
    __aicore__ inline void Compute()
    {
        LocalTensor<float> xl = inQ_.DeQue<float>();
        LocalTensor<float> vl = valQ_.AllocTensor<float>();
        LocalTensor<uint32_t> il = idxQ_.AllocTensor<uint32_t>();
        LocalTensor<float> runs = work_.GetWithOffset<float>(kWidth * 2, 0);
        LocalTensor<float> merged = work_.GetWithOffset<float>(kWidth * 2, kWidth * 8);
        LocalTensor<int32_t> pos = work_.GetWithOffset<int32_t>(kWidth, 2 * kWidth * 8);
        CreateVecIndex(pos, 0, kWidth);
        PipeBarrier<PIPE_V>();
        Sort32(runs, xl, pos.ReinterpretCast<uint32_t>(), kWidth / 32);
        PipeBarrier<PIPE_V>();
        MrgSort4Info info;
        info.elementLengths[0] = 32;
        info.elementLengths[1] = 32;
        info.validBit = 3;
        info.repeatTimes = 1;
        MrgSortSrcList<float> lists;
        lists.src1 = runs[0];
        lists.src2 = runs[64];
        MrgSort(merged, lists, info);
        PipeBarrier<PIPE_V>();
        Extract(vl, il, merged, kWidth / 32);
        valQ_.EnQue(vl);
        idxQ_.EnQue(il);
        inQ_.FreeTensor(xl);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQ_;
    TQue<QuePosition::VECOUT, 2> valQ_, idxQ_;
    TBuf<TPosition::VECCALC> work_;
    GlobalTensor<float> xGm_, vGm_;
    GlobalTensor<uint32_t> iGm_;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void row_sort_lite(GM_ADDR x, GM_ADDR values, GM_ADDR indices, GM_ADDR workspace,
                                                    GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(RowSortLiteTilingData, tilingData, tiling);
    RowSortLiteKernel op;
    op.Init(x, values, indices, tilingData);
    op.Process();
}
