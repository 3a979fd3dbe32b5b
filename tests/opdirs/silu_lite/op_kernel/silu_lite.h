// SiluLite kernel class: whole 512-byte blocks moved with count-form DataCopy; y = x * Sigmoid(x) in float.
#ifndef SILU_LITE_H
#define SILU_LITE_H
#include "kernel_operator.h"
#include "silu_lite_tiling_data.h"
#include "silu_lite_tiling_key.h"

namespace NsSiluLite {
using namespace AscendC;
constexpr int32_t BUFFER_NUM = 2;

template <typename T, bool NEED_CAST>
class SiluLite {
public:
    __aicore__ inline SiluLite() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SiluLiteTilingData* tiling)
    {
        ASSERT(GetBlockNum() != 0 && "block dim can not be zero!");
        uint32_t idx = GetBlockIdx();
        uint64_t offset = static_cast<uint64_t>(tiling->bigCoreDataNum) * idx;
        tileDataNum_ = tiling->tileDataNum;
        if (idx < tiling->tailBlockNum) {
            coreDataNum_ = tiling->bigCoreDataNum;
            tileNum_ = tiling->finalBigTileNum;
            tailDataNum_ = tiling->bigTailDataNum;
        } else {
            coreDataNum_ = tiling->smallCoreDataNum;
            tileNum_ = tiling->finalSmallTileNum;
            tailDataNum_ = tiling->smallTailDataNum;
            offset -= static_cast<uint64_t>(tiling->bigCoreDataNum - tiling->smallCoreDataNum) * (idx - tiling->tailBlockNum);
        }
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, coreDataNum_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, coreDataNum_);
        TPipe* pipe = GetTPipePtr();
        pipe->InitBuffer(inQueue_, BUFFER_NUM, tileDataNum_ * sizeof(T));
        pipe->InitBuffer(outQueue_, BUFFER_NUM, tileDataNum_ * sizeof(T));
        pipe->InitBuffer(sigBuf_, tileDataNum_ * sizeof(float));
        pipe->InitBuffer(tmpBuf_, tileDataNum_ * sizeof(float));
        if constexpr (NEED_CAST) {
            pipe->InitBuffer(xfBuf_, tileDataNum_ * sizeof(float));
        }
    }
    __aicore__ inline void Process()
    {
        uint32_t count = tileDataNum_;
        for (uint32_t i = 0; i < tileNum_; ++i) {
            if (i == tileNum_ - 1) {
                count = tailDataNum_;
            }
            CopyIn(i, count);
            Compute(count);
            CopyOut(i, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t progress, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopy(xLocal, xGm_[static_cast<uint64_t>(progress) * tileDataNum_], count);
        inQueue_.EnQue(xLocal);
    }
    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        LocalTensor<float> sig = sigBuf_.Get<float>();
        LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
        if constexpr (NEED_CAST) {
            LocalTensor<float> xf = xfBuf_.Get<float>();
            Cast(xf, xLocal, RoundMode::CAST_NONE, count);
            Sigmoid<float, false>(sig, xf, tmp, count);
            Mul(sig, xf, sig, count);
            Cast(yLocal, sig, RoundMode::CAST_RINT, count);
        } else {
            Sigmoid<float, false>(sig, xLocal, tmp, count);
            Mul(yLocal, xLocal, sig, count);
        }
        outQueue_.EnQue<T>(yLocal);
        inQueue_.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(uint32_t progress, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopy(yGm_[static_cast<uint64_t>(progress) * tileDataNum_], yLocal, count);
        outQueue_.FreeTensor(yLocal);
    }

    TQueBind<TPosition::GM, TPosition::VECIN, BUFFER_NUM> inQueue_;
    TQueBind<TPosition::VECOUT, TPosition::GM, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> sigBuf_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> xfBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t coreDataNum_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t tileDataNum_ = 0;
    uint32_t tailDataNum_ = 0;
};
}  // namespace NsSiluLite
#endif
