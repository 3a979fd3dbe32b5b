// kernelgen CPU emulator: tiling/math/sign_tiling.h, the host-side temporary-buffer sizes of the Sign kernel API
// (hicann/asc-devkit impl/adv_api/tiling/math/sign_tiling.cpp): the maximum is 3 times the input's bytes, the
// minimum 3 repeats of 256 bytes; GetSignTmpBufferFactorSize: maxLiveNodeCount 3, extraBuf 0.
// The shape is any type with GetShapeSize() (ge::Shape in CANN).
#ifndef KGEMU_TILING_MATH_SIGN_TILING_H
#define KGEMU_TILING_MATH_SIGN_TILING_H

#include <cstdint>

namespace AscendC {
template <typename ShapeT>
inline void GetSignMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                 uint32_t& maxValue, uint32_t& minValue)
{
    (void)isReuseSource;
    const uint64_t n = static_cast<uint64_t>(srcShape.GetShapeSize());
    maxValue = static_cast<uint32_t>(3 * n * typeSize);
    minValue = 3 * 256;
}

inline void GetSignTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf)
{
    (void)typeSize;
    maxLiveNodeCount = 3;
    extraBuf = 0;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_MATH_SIGN_TILING_H
