/*!
 * \file add_walkthrough.cpp
 * \brief Kernel of AddWalkthrough: z = x + y with the synchronisation schemes of the published Atlas A2 Add
 *        walk-through (hicann/asc-devkit add_high_performance, cases 1-4), written with TPipe/TBuf buffers
 *        and explicit SetFlag/WaitFlag between the MTE2, V and MTE3 pipes.
 *
 * Single set (key 0): pass i loads x and y (MTE2), adds (V), stores z (MTE3). MTE2 of pass i+1 waits for the
 * add of pass i (V_MTE2); the add of pass i+1 waits for the store of pass i (MTE3_V); so the store of pass i
 * may overlap the loads of pass i+1.
 * Ping/pong (key 1): passes alternate between two buffer sets with one event id each, so the loads of pass
 * i+1 overlap the add and store of pass i as far as the set of pass i-1 has been released.
 */
#include "kernel_operator.h"
#include "add_walkthrough_tiling_data.h"

namespace NsAddWalkthrough {
using namespace AscendC;

template <typename T>
class KernelAddWalkthrough {
public:
    __aicore__ inline KernelAddWalkthrough() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddWalkthroughTilingData* tiling)
    {
        const uint64_t idx = GetBlockIdx();
        const uint64_t base = tiling->rows / tiling->splitM;
        const uint64_t extra = tiling->rows % tiling->splitM;
        const uint64_t myRows = idx < extra ? base + 1 : base;
        const uint64_t firstRow = idx < extra ? idx * (base + 1) : extra * (base + 1) + (idx - extra) * base;
        count_ = myRows * tiling->rowLength;
        copyLen_ = tiling->copyLen;
        const uint64_t offset = firstRow * tiling->rowLength;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + offset, count_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y) + offset, count_);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + offset, count_);
    }

    __aicore__ inline void ProcessSingle()
    {
        pipe_.InitBuffer(bufX_[0], copyLen_ * sizeof(T));
        pipe_.InitBuffer(bufY_[0], copyLen_ * sizeof(T));
        pipe_.InitBuffer(bufZ_[0], copyLen_ * sizeof(T));
        LocalTensor<T> x = bufX_[0].Get<T>();
        LocalTensor<T> y = bufY_[0].Get<T>();
        LocalTensor<T> z = bufZ_[0].Get<T>();
        const uint64_t passes = (count_ + copyLen_ - 1) / copyLen_;
        for (uint64_t i = 0; i < passes; ++i) {
            const uint64_t start = i * copyLen_;
            const uint32_t len = static_cast<uint32_t>(count_ - start < copyLen_ ? count_ - start : copyLen_);
            const bool last = i + 1 == passes;
            if (i != 0) {
                WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);  // the previous add has read x and y
            }
            DataCopy(x, xGm_[start], len);
            DataCopy(y, yGm_[start], len);
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            if (i != 0) {
                WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);  // the previous store has read z
            }
            Add(z, x, y, len);
            if (!last) {
                SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
            }
            SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
            WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
            DataCopy(zGm_[start], z, len);
            if (!last) {
                SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
            }
        }
    }

    __aicore__ inline void ProcessPingPong()
    {
        for (int s = 0; s < 2; ++s) {
            pipe_.InitBuffer(bufX_[s], copyLen_ * sizeof(T));
            pipe_.InitBuffer(bufY_[s], copyLen_ * sizeof(T));
            pipe_.InitBuffer(bufZ_[s], copyLen_ * sizeof(T));
        }
        // Both sets start released: their first loads and adds need not wait.
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
        SetFlag<HardEvent::V_MTE2>(EVENT_ID1);
        SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
        SetFlag<HardEvent::MTE3_V>(EVENT_ID1);
        const uint64_t passes = (count_ + copyLen_ - 1) / copyLen_;
        for (uint64_t i = 0; i < passes; ++i) {
            const uint64_t start = i * copyLen_;
            const uint32_t len = static_cast<uint32_t>(count_ - start < copyLen_ ? count_ - start : copyLen_);
            const int set = static_cast<int>(i & 1);
            const event_t evt = set == 0 ? EVENT_ID0 : EVENT_ID1;
            LocalTensor<T> x = bufX_[set].Get<T>();
            LocalTensor<T> y = bufY_[set].Get<T>();
            LocalTensor<T> z = bufZ_[set].Get<T>();
            WaitFlag<HardEvent::V_MTE2>(evt);
            DataCopy(x, xGm_[start], len);
            DataCopy(y, yGm_[start], len);
            SetFlag<HardEvent::MTE2_V>(evt);
            WaitFlag<HardEvent::MTE2_V>(evt);
            WaitFlag<HardEvent::MTE3_V>(evt);
            Add(z, x, y, len);
            SetFlag<HardEvent::V_MTE2>(evt);
            SetFlag<HardEvent::V_MTE3>(evt);
            WaitFlag<HardEvent::V_MTE3>(evt);
            DataCopy(zGm_[start], z, len);
            SetFlag<HardEvent::MTE3_V>(evt);
        }
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID1);
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID1);
    }

private:
    TPipe pipe_;
    TBuf<TPosition::VECCALC> bufX_[2];
    TBuf<TPosition::VECCALC> bufY_[2];
    TBuf<TPosition::VECCALC> bufZ_[2];
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<T> zGm_;
    uint64_t count_ = 0;
    uint32_t copyLen_ = 0;
};
}  // namespace NsAddWalkthrough

extern "C" __global__ __aicore__ void add_walkthrough(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(AddWalkthroughTilingData);
    GET_TILING_DATA_WITH_STRUCT(AddWalkthroughTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    NsAddWalkthrough::KernelAddWalkthrough<DTYPE_X> op;
    op.Init(x, y, z, &tilingData);
    if (TILING_KEY_IS(ADD_WALKTHROUGH_KEY_SINGLE)) {
        op.ProcessSingle();
    } else if (TILING_KEY_IS(ADD_WALKTHROUGH_KEY_DOUBLE)) {
        op.ProcessPingPong();
    }
}
