/*!
 * \file add_walkthrough.cpp
 * \brief Kernel of AddWalkthrough: z = x + y with the configurations of the published Atlas A2 Add
 *        walk-through (hicann/asc-devkit add_high_performance, cases 0-6), written with one TBuf whose views
 *        place the x/y/z sets (the UB layout decides the bank conflicts) and explicit SetFlag/WaitFlag between
 *        the MTE2, V (or S for the scalar loop of case 0) and MTE3 pipes.
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
        if (tiling->l2Bypass != 0) {  // streamed once: do not allocate x and y in L2 (case 5)
            xGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
            yGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        }
    }

    // One TBuf over the sets' extent; set s's x/y/z are views at the layout's byte offsets.
    __aicore__ inline void PlaceSets(int sets, uint32_t layout)
    {
        const uint32_t bytes = copyLen_ * sizeof(T);
        const uint32_t extent = layout == ADD_WALKTHROUGH_LAYOUT_SPREAD ? 6 * ADD_WALKTHROUGH_SLOT_BYTES
                                                                       : 3 * sets * bytes;
        pipe_.InitBuffer(buf_, extent);
        LocalTensor<T> ub = buf_.Get<T>();
        for (int s = 0; s < sets; ++s) {
            uint32_t xOff = (3 * s) * bytes;
            uint32_t yOff = (3 * s + 1) * bytes;
            uint32_t zOff = (3 * s + 2) * bytes;
            if (layout == ADD_WALKTHROUGH_LAYOUT_SPREAD) {
                xOff = s * 2 * ADD_WALKTHROUGH_SLOT_BYTES;
                yOff = xOff + bytes;
                zOff = 4 * ADD_WALKTHROUGH_SLOT_BYTES + s * bytes;
            }
            x_[s] = ub[xOff / sizeof(T)];
            y_[s] = ub[yOff / sizeof(T)];
            z_[s] = ub[zOff / sizeof(T)];
        }
    }

    // One x/y/z set: pass i loads, computes, stores. The compute is the vector Add, or for case 0 (kScalar) the
    // same add element by element on the scalar unit, with the flags of that pipe.
    template <bool kScalar>
    __aicore__ inline void ProcessSingle(uint32_t layout)
    {
        constexpr HardEvent kLoaded = kScalar ? HardEvent::MTE2_S : HardEvent::MTE2_V;
        constexpr HardEvent kReadInputs = kScalar ? HardEvent::S_MTE2 : HardEvent::V_MTE2;
        constexpr HardEvent kComputed = kScalar ? HardEvent::S_MTE3 : HardEvent::V_MTE3;
        constexpr HardEvent kStored = kScalar ? HardEvent::MTE3_S : HardEvent::MTE3_V;
        PlaceSets(1, layout);
        LocalTensor<T> x = x_[0];
        LocalTensor<T> y = y_[0];
        LocalTensor<T> z = z_[0];
        const uint64_t passes = (count_ + copyLen_ - 1) / copyLen_;
        for (uint64_t i = 0; i < passes; ++i) {
            const uint64_t start = i * copyLen_;
            const uint32_t len = static_cast<uint32_t>(count_ - start < copyLen_ ? count_ - start : copyLen_);
            const bool last = i + 1 == passes;
            if (i != 0) {
                WaitFlag<kReadInputs>(EVENT_ID0);  // the previous compute has read x and y
            }
            DataCopy(x, xGm_[start], len);
            DataCopy(y, yGm_[start], len);
            SetFlag<kLoaded>(EVENT_ID0);
            WaitFlag<kLoaded>(EVENT_ID0);
            if (i != 0) {
                WaitFlag<kStored>(EVENT_ID0);  // the previous store has read z
            }
            if constexpr (kScalar) {
                for (uint32_t k = 0; k < len; ++k) {
                    const float xv = static_cast<float>(x.GetValue(k));
                    const float yv = static_cast<float>(y.GetValue(k));
                    z.SetValue(k, static_cast<T>(xv + yv));
                }
            } else {
                Add(z, x, y, len);
            }
            if (!last) {
                SetFlag<kReadInputs>(EVENT_ID0);
            }
            SetFlag<kComputed>(EVENT_ID0);
            WaitFlag<kComputed>(EVENT_ID0);
            DataCopy(zGm_[start], z, len);
            if (!last) {
                SetFlag<kStored>(EVENT_ID0);
            }
        }
    }

    __aicore__ inline void ProcessPingPong(uint32_t layout)
    {
        PlaceSets(2, layout);
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
            LocalTensor<T> x = x_[set];
            LocalTensor<T> y = y_[set];
            LocalTensor<T> z = z_[set];
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
    TBuf<TPosition::VECCALC> buf_;
    LocalTensor<T> x_[2];
    LocalTensor<T> y_[2];
    LocalTensor<T> z_[2];
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
        op.ProcessSingle<false>(tilingData.ubLayout);
    } else if (TILING_KEY_IS(ADD_WALKTHROUGH_KEY_DOUBLE)) {
        op.ProcessPingPong(tilingData.ubLayout);
    } else if (TILING_KEY_IS(ADD_WALKTHROUGH_KEY_SCALAR)) {
        op.ProcessSingle<true>(ADD_WALKTHROUGH_LAYOUT_PACKED);
    }
}
