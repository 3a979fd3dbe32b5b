// TanhShrink kernel: y = x - tanh(x) computed in float, TBuf buffers only, pipes synchronised by hand.
#include "kernel_operator.h"
#include "tanh_shrink.h"
using namespace AscendC;

template <typename T>
class KernelTanhShrink {
public:
    __aicore__ inline KernelTanhShrink() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t formerNum, uint32_t formerLength, uint32_t tailLength,
                                uint32_t tileLength)
    {
        uint32_t idx = GetBlockIdx();
        uint32_t offset = idx < formerNum ? idx * formerLength : formerNum * formerLength + (idx - formerNum) * tailLength;
        length_ = idx < formerNum ? formerLength : tailLength;
        tileLength_ = tileLength;
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);
        pipe_.InitBuffer(xBuf_, tileLength_ * sizeof(T));
        pipe_.InitBuffer(yBuf_, tileLength_ * sizeof(T));
        pipe_.InitBuffer(xfBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(thBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(tmpBuf_, tileLength_ * 2 * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            uint32_t n = length_ - done < tileLength_ ? length_ - done : tileLength_;
            Tile(done, n);
        }
    }

private:
    __aicore__ inline void Tile(uint32_t offset, uint32_t n)
    {
        constexpr uint32_t perBlock = NsTanhShrink::kBlockBytes / sizeof(T);
        uint32_t aligned = (n + perBlock - 1) / perBlock * perBlock;
        LocalTensor<T> xLocal = xBuf_.Get<T>();
        LocalTensor<T> yLocal = yBuf_.Get<T>();
        DataCopyParams copyParams{1, static_cast<uint16_t>(n * sizeof(T)), 0, 0};
        DataCopyPadParams padParams{true, 0, static_cast<uint8_t>(aligned - n), 0};
        DataCopyPad(xLocal, xGm_[offset], copyParams, padParams);
        event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
        SetFlag<HardEvent::MTE2_V>(mte2ToV);
        WaitFlag<HardEvent::MTE2_V>(mte2ToV);

        LocalTensor<float> xf = xfBuf_.Get<float>();
        LocalTensor<float> th = thBuf_.Get<float>();
        LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
        if constexpr (std::is_same<T, float>::value) {
            DataCopy(xf, xLocal, aligned);
        } else {
            Cast(xf, xLocal, RoundMode::CAST_NONE, aligned);
        }
        PipeBarrier<PIPE_V>();
        Tanh<float, false>(th, xf, tmp, aligned);
        Sub(th, xf, th, aligned);
        if constexpr (std::is_same<T, float>::value) {
            DataCopy(yLocal, th, aligned);
        } else {
            Cast(yLocal, th, RoundMode::CAST_RINT, aligned);
        }
        event_t vToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(vToMte3);
        WaitFlag<HardEvent::V_MTE3>(vToMte3);
        DataCopyPad(yGm_[offset], yLocal, copyParams);
        PipeBarrier<PIPE_ALL>();
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> xBuf_, yBuf_, xfBuf_, thBuf_, tmpBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void tanh_shrink(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    if (TILING_KEY_IS(1)) {
        KernelTanhShrink<float> op;
        op.Init(x, y, tilingData.formerNum, tilingData.formerLength, tilingData.tailLength, tilingData.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelTanhShrink<half> op;
        op.Init(x, y, tilingData.formerNum, tilingData.formerLength, tilingData.tailLength, tilingData.tileLength);
        op.Process();
    }
}
