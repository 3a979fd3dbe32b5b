// kernelgen CPU emulator: tiling/math/log_tiling.h, the host-side temporary-buffer factors of the Log / Log10
// kernel APIs. The Ascend C docs state that Log and Log10 need neither a per-element temporary factor nor an
// extra buffer (maxLiveNodeCount = extraBuf = 0), and the emulated Log takes no temporary buffer either.
// GetLog2TmpBufferFactorSize is not provided: its half-precision factor is not documented, so a tiling that
// calls it fails to compile naming it.
#ifndef KGEMU_TILING_MATH_LOG_TILING_H
#define KGEMU_TILING_MATH_LOG_TILING_H

#include <cstdint>

namespace AscendC {
inline void GetLogTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf)
{
    (void)typeSize;
    maxLiveNodeCount = 0;
    extraBuf = 0;
}

inline void GetLog10TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf)
{
    (void)typeSize;
    maxLiveNodeCount = 0;
    extraBuf = 0;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_MATH_LOG_TILING_H
