// ForeachMulScalarLite kernel: core c handles tensors c, c + blockNum, ...; input addresses come from
// ListTensorDesc, output addresses from the descriptor's raw layout (first word: byte offset of the pointers).
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"
#include "foreach_mul_scalar_lite_tiling_data.h"

using namespace AscendC;

template <typename T>
__aicore__ inline __gm__ T* OutputAddr(GM_ADDR list, uint32_t index)
{
    __gm__ uint64_t* words = reinterpret_cast<__gm__ uint64_t*>(list);
    uint64_t pointerOffset = *words;
    return reinterpret_cast<__gm__ T*>(*(words + (pointerOffset >> 3) + index));
}

template <typename T>
__aicore__ inline void Run(GM_ADDR x, GM_ADDR scalar, GM_ADDR y, const ForeachMulScalarLiteTilingData& t)
{
    GlobalTensor<float> scalarGm;
    scalarGm.SetGlobalBuffer((__gm__ float*)scalar, 1);
    const float s = scalarGm.GetValue(0);
    ListTensorDesc xList(reinterpret_cast<__gm__ void*>(x));
    ASSERT(xList.GetSize() == t.tensorNum);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    TQue<QuePosition::VECOUT, 1> outQ;
    TBuf<QuePosition::VECCALC> tmp;
    pipe.InitBuffer(inQ, 1, t.ubFactor * sizeof(T));
    pipe.InitBuffer(outQ, 1, t.ubFactor * sizeof(T));
    pipe.InitBuffer(tmp, t.ubFactor * sizeof(float));
    uint64_t shape[8] = {0};
    for (uint32_t i = GetBlockIdx(); i < t.tensorNum; i += GetBlockNum()) {
        TensorDesc<T> desc;
        desc.SetShapeAddr(shape);
        xList.GetDesc(desc, i);
        int64_t n = 1;
        for (uint64_t d = 0; d < desc.GetDim(); ++d) {
            n *= static_cast<int64_t>(desc.GetShape(d));
        }
        ASSERT(n == t.lengths[i]);
        GlobalTensor<T> xGm, yGm;
        xGm.SetGlobalBuffer(xList.GetDataPtr<T>(i), n);
        yGm.SetGlobalBuffer(OutputAddr<T>(y, i), n);
        for (int64_t done = 0; done < n; done += t.ubFactor) {
            uint32_t cnt = static_cast<uint32_t>(n - done < t.ubFactor ? n - done : t.ubFactor);
            DataCopyExtParams cp{1, static_cast<uint32_t>(cnt * sizeof(T)), 0, 0, 0};
            LocalTensor<T> a = inQ.AllocTensor<T>();
            DataCopyPad(a, xGm[done], cp, DataCopyPadExtParams<T>{false, 0, 0, 0});
            inQ.EnQue(a);
            a = inQ.DeQue<T>();
            LocalTensor<T> b = outQ.AllocTensor<T>();
            if constexpr (std::is_same<T, float>::value) {
                Muls(b, a, s, static_cast<int32_t>(cnt));
            } else {
                LocalTensor<float> f = tmp.Get<float>();
                Cast(f, a, RoundMode::CAST_NONE, cnt);
                Muls(f, f, s, static_cast<int32_t>(cnt));
                Cast(b, f, RoundMode::CAST_RINT, cnt);
            }
            outQ.EnQue(b);
            inQ.FreeTensor(a);
            b = outQ.DeQue<T>();
            DataCopyPad(yGm[done], b, cp);
            outQ.FreeTensor(b);
        }
    }
}

extern "C" __global__ __aicore__ void foreach_mul_scalar_lite(GM_ADDR x, GM_ADDR scalar, GM_ADDR y, GM_ADDR workspace,
                                                              GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(ForeachMulScalarLiteTilingData, tilingData, tiling);
    Run<DTYPE_X>(x, scalar, y, tilingData);
}
