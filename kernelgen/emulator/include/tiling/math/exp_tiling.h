// kernelgen CPU emulator: tiling/math/exp_tiling.h, the host-side temporary-buffer sizes of the Exp kernel API with a
// buffer (asc-devkit Exp's GetExpMaxMinTmpSize / GetExpTmpBufferFactorSize), as asc-devkit's tiling computes them
// (impl/adv_api/tiling/math/exp_tiling_impl.cpp; the same on every SOC): float temporaries, 3 of them for a float
// input (2 with isReuseSource), 4 for half. Minimum tiles x 256 bytes; maximum tiles x the input's floats x 4 bytes
// (at least 256); the factor: float 3, half 8 live nodes, no extra buffer. GetExpMaxMinTmpSize returns true.
// optim/inplace_apply_power_sign's arch35 tiling sizes its shared buffer with it.
#ifndef KGEMU_TILING_MATH_EXP_TILING_H
#define KGEMU_TILING_MATH_EXP_TILING_H

#include <cstdint>

namespace AscendC {
namespace kg_exp {
inline uint32_t tiles(uint32_t typeSize, bool isReuseSource) {
    return typeSize == sizeof(float) ? (isReuseSource ? 2U : 3U) : 4U;
}
}  // namespace kg_exp

template <typename ShapeT>
inline bool GetExpMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
    const uint32_t n = static_cast<uint32_t>(srcShape.GetShapeSize());
    const uint32_t bytes = n * 4U > 256U ? n * 4U : 256U;
    minValue = kg_exp::tiles(typeSize, isReuseSource) * 256U;
    maxValue = kg_exp::tiles(typeSize, isReuseSource) * bytes;
    return true;
}

inline void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0U;
    maxLiveNodeCount = typeSize == sizeof(float) ? 3U : 8U;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_MATH_EXP_TILING_H
