// kernelgen CPU emulator: the host-side temporary-buffer sizes of the Tanh and Sigmoid kernel APIs, as
// hicann/asc-devkit computes them (impl/adv_api/tiling/math/tanh_tiling_impl.cpp,
// impl/adv_api/tiling/activation/sigmoid_tiling_impl.cpp); ops-nn's rnn (gru, thnn_fused_lstm_cell_grad) tilings
// size their UB with them.
//   Tanh:    live nodes 1 for float, 4 for half (its temporaries are float); minimum nodes x 256 bytes, maximum
//            nodes x the input's bytes when those exceed 256 bytes, else the minimum. TmpBufferFactorSize: nodes, 0.
//   Sigmoid: the same rule with one node (minimum 256 bytes, maximum the input's bytes when they exceed 256).
// The shape is any type with GetShapeSize() (ge::Shape in CANN). An empty shape leaves the outputs unset (CANN's
// host assert returns early).
#ifndef KGEMU_TILING_MATH_TANH_SIGMOID_TILING_H
#define KGEMU_TILING_MATH_TANH_SIGMOID_TILING_H

#include <cstdint>

namespace AscendC {
namespace kg_tmp {
constexpr uint32_t kRepeatBytes = 256;
inline uint32_t TanhNodes(const uint32_t typeSize) { return typeSize == sizeof(float) ? 1 : 4; }
// The shared rule: minimum nodes x 256 bytes; maximum nodes x the input's bytes when those exceed 256 bytes, else
// the minimum. n == 0 leaves both unset.
inline void NodeMaxMin(const uint32_t n, const uint32_t typeSize, const uint32_t nodes, uint32_t& maxValue,
                       uint32_t& minValue)
{
    if (n == 0) return;
    minValue = nodes * kRepeatBytes;
    maxValue = n * typeSize > kRepeatBytes ? nodes * n * typeSize : minValue;
}
}  // namespace kg_tmp

template <typename ShapeT>
inline void GetTanhMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                 uint32_t& maxValue, uint32_t& minValue)
{
    (void)isReuseSource;
    kg_tmp::NodeMaxMin(static_cast<uint32_t>(srcShape.GetShapeSize()), typeSize, kg_tmp::TanhNodes(typeSize),
                       maxValue, minValue);
}

inline void GetTanhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf)
{
    maxLiveNodeCount = kg_tmp::TanhNodes(typeSize);
    extraBuf = 0;
}

template <typename ShapeT>
inline void GetSigmoidMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue)
{
    (void)isReuseSource;
    kg_tmp::NodeMaxMin(static_cast<uint32_t>(srcShape.GetShapeSize()), typeSize, 1, maxValue, minValue);
}
}  // namespace AscendC

#endif  // KGEMU_TILING_MATH_TANH_SIGMOID_TILING_H
