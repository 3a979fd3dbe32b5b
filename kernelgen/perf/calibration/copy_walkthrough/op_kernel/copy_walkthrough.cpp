/*!
 * \file copy_walkthrough.cpp
 * \brief Kernel of CopyWalkthrough: each core reads its rows of x into UB in [tileM, tileN] DataCopyPad blocks
 *        (row stride N) into one UB buffer (a [64, 1024] half block is 128 KiB), and computes nothing; block 0
 *        finally stores 16 elements of its last block to y.
 */
#include "kernel_operator.h"
#include "copy_walkthrough_tiling_data.h"

namespace NsCopyWalkthrough {
using namespace AscendC;

template <typename T>
class KernelCopyWalkthrough {
public:
    __aicore__ inline KernelCopyWalkthrough() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyWalkthroughTilingData* tiling)
    {
        const uint64_t idx = GetBlockIdx();
        const uint64_t base = tiling->rows / tiling->cores;
        const uint64_t extra = tiling->rows % tiling->cores;
        rows_ = idx < extra ? base + 1 : base;
        const uint64_t firstRow = idx < extra ? idx * (base + 1) : extra * (base + 1) + (idx - extra) * base;
        cols_ = tiling->cols;
        tileM_ = tiling->tileM;
        tileN_ = tiling->tileN;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + firstRow * cols_, rows_ * cols_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), 16);
        pipe_.InitBuffer(buf_, tileM_ * tileN_ * sizeof(T));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<T> t = buf_.Get<T>();
        for (uint64_t r = 0; r < rows_; r += tileM_) {
            const uint32_t m = static_cast<uint32_t>(rows_ - r < tileM_ ? rows_ - r : tileM_);
            for (uint64_t c = 0; c < cols_; c += tileN_) {
                const uint32_t n = static_cast<uint32_t>(cols_ - c < tileN_ ? cols_ - c : tileN_);
                DataCopyExtParams p{static_cast<uint16_t>(m), static_cast<uint32_t>(n * sizeof(T)),
                                    static_cast<uint32_t>((cols_ - n) * sizeof(T)), 0, 0};
                DataCopyPadExtParams<T> pad{false, 0, 0, T(0)};
                DataCopyPad(t, xGm_[r * cols_ + c], p, pad);  // MTE2 keeps its order: no flags between them
            }
        }
        if (GetBlockIdx() == 0) {
            SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
            DataCopy(yGm_, t, 16);
        }
    }

private:
    TPipe pipe_;
    TBuf<TPosition::VECCALC> buf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t rows_ = 0;
    uint64_t cols_ = 0;
    uint32_t tileM_ = 0;
    uint32_t tileN_ = 0;
};
}  // namespace NsCopyWalkthrough

extern "C" __global__ __aicore__ void copy_walkthrough(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(CopyWalkthroughTilingData);
    GET_TILING_DATA_WITH_STRUCT(CopyWalkthroughTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    NsCopyWalkthrough::KernelCopyWalkthrough<DTYPE_X> op;
    op.Init(x, y, &tilingData);
    op.Process();
}
