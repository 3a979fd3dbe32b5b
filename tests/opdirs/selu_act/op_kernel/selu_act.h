// SeluAct kernel class: DataCopyPad in and out, compute in float, CompareScalar + Select for the two branches.
#ifndef SELU_ACT_H
#define SELU_ACT_H

#include <type_traits>
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
#include "selu_act_tiling_data.h"
#include "selu_act_tiling_key.h"

namespace NsSeluAct {
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr int64_t ALIGN_ELEMS = 64;

template <typename T>
class SeluAct {
public:
    __aicore__ inline SeluAct() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SeluActTilingData* tilingData)
    {
        alpha_ = tilingData->alpha;
        scale_ = tilingData->scale;
        ubFactor_ = tilingData->ubFactor;
        int64_t offset = tilingData->blockFactor * static_cast<int64_t>(GetBlockIdx());
        int64_t rest = tilingData->totalNum - offset;
        blockLen_ = rest < 0 ? 0 : (rest > tilingData->blockFactor ? tilingData->blockFactor : rest);
        if (blockLen_ == 0) {
            return;
        }
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLen_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLen_);
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, ubFactor_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, ubFactor_ * sizeof(T));
        pipe_.InitBuffer(floatBuf_, ubFactor_ * sizeof(float));
        pipe_.InitBuffer(negBuf_, ubFactor_ * sizeof(float));
        pipe_.InitBuffer(maskBuf_, ubFactor_ / 8);
    }

    __aicore__ inline void Process()
    {
        int64_t loops = (blockLen_ + ubFactor_ - 1) / ubFactor_;
        for (int64_t i = 0; i < loops; ++i) {
            int64_t count = (i == loops - 1) ? blockLen_ - i * ubFactor_ : ubFactor_;
            CopyIn(i * ubFactor_, count);
            Compute(count);
            CopyOut(i * ubFactor_, count);
        }
    }

private:
    __aicore__ inline void CopyIn(int64_t offset, int64_t count)
    {
        LocalTensor<T> xLocal = inQueue_.template AllocTensor<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        DataCopyPad(xLocal, xGm_[offset], params, pad);
        inQueue_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(int64_t count)
    {
        LocalTensor<T> xLocal = inQueue_.template DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.template AllocTensor<T>();
        int64_t aligned = (count + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS;
        LocalTensor<float> xf;
        LocalTensor<float> yf;
        if constexpr (std::is_same_v<T, float>) {
            xf = xLocal;
            yf = yLocal;
        } else {
            xf = floatBuf_.Get<float>();
            yf = xf;
            Cast(xf, xLocal, RoundMode::CAST_NONE, aligned);
            PipeBarrier<PIPE_V>();
        }
        LocalTensor<float> neg = negBuf_.Get<float>();
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        Mins(neg, xf, 0.0f, aligned);
        Exp(neg, neg, aligned);
        Adds(neg, neg, -1.0f, aligned);
        Muls(neg, neg, alpha_, aligned);
        CompareScalar(mask, xf, 0.0f, CMPMODE::GT, aligned);
        PipeBarrier<PIPE_V>();
        Select(yf, mask, xf, neg, SELMODE::VSEL_TENSOR_TENSOR_MODE, aligned);
        Muls(yf, yf, scale_, aligned);
        if constexpr (!std::is_same_v<T, float>) {
            Cast(yLocal, yf, RoundMode::CAST_RINT, aligned);
        }
        outQueue_.template EnQue<T>(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(int64_t offset, int64_t count)
    {
        LocalTensor<T> yLocal = outQueue_.template DeQue<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm_[offset], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<QuePosition::VECCALC> floatBuf_;
    TBuf<QuePosition::VECCALC> negBuf_;
    TBuf<QuePosition::VECCALC> maskBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    float alpha_ = 0.0f;
    float scale_ = 0.0f;
    int64_t blockLen_ = 0;
    int64_t ubFactor_ = 0;
};
}  // namespace NsSeluAct
#endif
