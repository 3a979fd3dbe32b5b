// HuberElem kernel: l = m * (|e| - 0.5 m), m = min(|e|, delta), computed in float in mask/repeat form
// (USE_COUNTER = false) or in counter mode (USE_COUNTER = true); written out, or summed across the cores.
#include "kernel_operator.h"
#include "huber_elem_tiling_data.h"
#include "huber_elem_tiling_key.h"

using namespace AscendC;

template <typename T, bool USE_COUNTER>
class HuberElemKernel {
public:
    __aicore__ inline void Init(GM_ADDR input, GM_ADDR target, GM_ADDR loss, GM_ADDR workspace,
                                const HuberElemTilingData& t)
    {
        delta_ = t.delta;
        ubFactor_ = t.ubFactor;
        reduction_ = t.reduction;
        usedCores_ = t.usedCores;
        mean_ = t.totalNum == 0 ? 0.0f : 1.0f / static_cast<float>(t.totalNum);
        partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), usedCores_ * 8);
        lossScalarGm_.SetGlobalBuffer((__gm__ T*)loss, 1);
        uint64_t offset = t.blockFactor * GetBlockIdx();
        len_ = offset >= t.totalNum ? 0 : (t.totalNum - offset < t.blockFactor ? t.totalNum - offset : t.blockFactor);
        inGm_.SetGlobalBuffer((__gm__ T*)input + offset, len_);
        tgtGm_.SetGlobalBuffer((__gm__ T*)target + offset, len_);
        outGm_.SetGlobalBuffer((__gm__ T*)loss + offset, len_);
        pipe_.InitBuffer(inQ_, 2, ubFactor_ * sizeof(T));
        pipe_.InitBuffer(tgtQ_, 2, ubFactor_ * sizeof(T));
        pipe_.InitBuffer(outQ_, 2, ubFactor_ * sizeof(T));
        pipe_.InitBuffer(calc_, 3 * ubFactor_ * sizeof(float));
        pipe_.InitBuffer(sumBuf_, 48 * 8 * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        float partial = 0.0f;
        for (uint64_t done = 0; done < len_; done += ubFactor_) {
            uint32_t n = static_cast<uint32_t>(len_ - done < ubFactor_ ? len_ - done : ubFactor_);
            LocalTensor<T> a = inQ_.template AllocTensor<T>();
            LocalTensor<T> b = tgtQ_.template AllocTensor<T>();
            DataCopyExtParams cp{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            DataCopyPad(a, inGm_[done], cp, pad);
            DataCopyPad(b, tgtGm_[done], cp, pad);
            inQ_.EnQue(a);
            tgtQ_.EnQue(b);
            partial += Compute(n);
            LocalTensor<T> y = outQ_.template DeQue<T>();
            if (reduction_ == 0) {
                DataCopyPad(outGm_[done], y, cp);
            }
            outQ_.FreeTensor(y);
        }
        if (reduction_ != 0) {
            Reduce(partial);
        }
    }

private:
    // Each core parks its partial sum in the workspace; after SyncAll core 0 adds them and writes the loss.
    __aicore__ inline void Reduce(float partial)
    {
        LocalTensor<float> sums = sumBuf_.Get<float>();
        Duplicate(sums, 0.0f, 8);
        sums.SetValue(0, partial);
        PipeBarrier<PIPE_ALL>();
        DataCopy(partialGm_[GetBlockIdx() * 8], sums, 8);
        PipeBarrier<PIPE_ALL>();
        SyncAll();
        if (GetBlockIdx() != 0) {
            return;
        }
        DataCopy(sums, partialGm_, usedCores_ * 8);
        PipeBarrier<PIPE_ALL>();
        ReduceSum<float>(sums, sums, sums, static_cast<int32_t>(usedCores_ * 8));
        if (reduction_ == 2) {
            Muls(sums, sums, mean_, 1);
        }
        LocalTensor<T> y = outQ_.template AllocTensor<T>();
        if constexpr (std::is_same_v<T, float>) {
            Adds(y, sums, 0.0f, 1);
        } else {
            Cast(y, sums, RoundMode::CAST_RINT, 1);
        }
        outQ_.EnQue(y);
        y = outQ_.template DeQue<T>();
        DataCopyPad(lossScalarGm_, y, DataCopyExtParams{1, sizeof(T), 0, 0, 0});
        outQ_.FreeTensor(y);
    }

    __aicore__ inline float Compute(uint32_t n)
    {
        LocalTensor<T> a = inQ_.template DeQue<T>();
        LocalTensor<T> b = tgtQ_.template DeQue<T>();
        LocalTensor<T> y = outQ_.template AllocTensor<T>();
        LocalTensor<float> e = calc_.GetWithOffset<float>(ubFactor_, 0);
        LocalTensor<float> m = calc_.GetWithOffset<float>(ubFactor_, ubFactor_ * sizeof(float));
        LocalTensor<float> r = calc_.GetWithOffset<float>(ubFactor_, 2 * ubFactor_ * sizeof(float));
        uint32_t n64 = (n + 63) / 64 * 64;
        if constexpr (std::is_same_v<T, float>) {
            Sub(e, a, b, n64);
        } else {
            Cast(m, a, RoundMode::CAST_NONE, n64);
            Cast(r, b, RoundMode::CAST_NONE, n64);
            Sub(e, m, r, n64);
        }
        PipeBarrier<PIPE_V>();
        if constexpr (USE_COUNTER) {
            UnaryRepeatParams unary;
            BinaryRepeatParams binary;
            SetMaskCount();
            SetVectorMask<float, MaskMode::COUNTER>(0, n);
            Abs<float, false>(e, e, MASK_PLACEHOLDER, 1, unary);
            Mins<float, false>(m, e, delta_, MASK_PLACEHOLDER, 1, unary);
            Axpy<float, float, false>(e, m, -0.5f, MASK_PLACEHOLDER, 1, unary);
            Mul<float, false>(r, m, e, MASK_PLACEHOLDER, 1, binary);
            SetMaskNorm();
            ResetMask();
        } else {
            uint8_t repeats = static_cast<uint8_t>(n64 / 64);
            uint64_t fullMask[2] = {~0ULL, 0};
            Abs(e, e, fullMask, repeats, {1, 1, 8, 8});
            Mins(m, e, delta_, 64, repeats, {1, 1, 8, 8});
            Axpy(e, m, -0.5f, n64);
            Duplicate(r, 0.0f, 64, repeats, 1, 8);
            MulAddDst(r, m, e, 64, repeats, {1, 1, 1, 8, 8, 8});
        }
        PipeBarrier<PIPE_V>();
        float tileSum = 0.0f;
        if (reduction_ != 0) {
            ReduceSum<float>(e, r, m, static_cast<int32_t>(n));
            tileSum = e.GetValue(0);
        } else if constexpr (std::is_same_v<T, float>) {
            DataCopy(y, r, n64);
        } else {
            Cast(y, r, RoundMode::CAST_RINT, n64);
        }
        outQ_.EnQue(y);
        inQ_.FreeTensor(a);
        tgtQ_.FreeTensor(b);
        return tileSum;
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQ_, tgtQ_;
    TQue<QuePosition::VECOUT, 2> outQ_;
    TBuf<QuePosition::VECCALC> calc_, sumBuf_;
    GlobalTensor<T> inGm_, tgtGm_, outGm_, lossScalarGm_;
    GlobalTensor<float> partialGm_;
    float delta_ = 1.0f;
    float mean_ = 0.0f;
    uint32_t reduction_ = 0;
    uint32_t usedCores_ = 1;
    uint32_t ubFactor_ = 0;
    uint64_t len_ = 0;
};

template <typename D_T, bool USE_COUNTER>
__global__ __aicore__ void huber_elem(GM_ADDR input, GM_ADDR target, GM_ADDR loss, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(HuberElemTilingData);
    GET_TILING_DATA_WITH_STRUCT(HuberElemTilingData, tilingData, tiling);
    HuberElemKernel<D_T, USE_COUNTER> op;
    op.Init(input, target, loss, workspace, tilingData);
    op.Process();
}
