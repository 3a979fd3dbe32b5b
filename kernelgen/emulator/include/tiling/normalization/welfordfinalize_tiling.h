// kernelgen CPU emulator: GetWelfordFinalizeMaxMinTmpSize, the host side of the WelfordFinalize kernel API
// (asc-devkit WelfordFinalize-Tiling.md), with the values asc-devkit's tiling computes
// (impl/adv_api/tiling/normalization/welfordfinalize_tiling_impl.cpp):
//   Ascend 950: K = srcShape's last dimension; minimum = maximum = (K + ceil_128(P / 64)) x 4 bytes, P the largest
//     power of two not above K (the second part holds the binary reduction's partial sums).
//   Elsewhere: srcShape {abLength}, abLength a positive multiple of 8; minimum 64 x 4 x 4 bytes, maximum the same
//     for abLength <= 64, else (128 + 2 x abLength) x 4.
// The kernel side's WelfordFinalize checks a sharedTmpBuffer against the same minimum.
#ifndef KGEMU_TILING_NORMALIZATION_WELFORDFINALIZE_TILING_H
#define KGEMU_TILING_NORMALIZATION_WELFORDFINALIZE_TILING_H

#include <cstdint>
#include <cstdio>

#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
namespace kg_welford {
// The Ascend 950 minimum for K partial means (also the kernel side's check).
inline uint32_t finalize_min_bytes_950(uint32_t k) {
    uint32_t p = 0U;
    for (uint32_t b = 1U; b != 0U && b <= k; b <<= 1U) p = b;
    const uint32_t sums = (p / 64U + 127U) / 128U * 128U;
    return (k + sums) * 4U;
}
}  // namespace kg_welford

template <typename ShapeT>
inline void GetWelfordFinalizeMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                            uint32_t& maxValue, uint32_t& minValue) {
    (void)typeSize;
    (void)isReuseSource;
    auto fail = [](const char* why) {
        std::fprintf(stderr, "[ERROR] [WelfordFinalize][GetWelfordFinalizeMaxMinTmpSize] %s\n", why);
    };
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr) return fail("Failed to get PlatformAscendC.");
    const auto dims = srcShape.GetDims();
    if (dims.empty()) return fail("srcShape has no dimension.");
    const NpuArch arch = platform->GetCurNpuArch();
    if (arch == NpuArch::DAV_3510 || arch == NpuArch::DAV_5102) {
        minValue = maxValue = kg_welford::finalize_min_bytes_950(static_cast<uint32_t>(dims.back()));
        return;
    }
    if (dims.size() != 1U) return fail("srcShape dims must be 1.");
    const uint32_t ab = static_cast<uint32_t>(dims[0]);
    if (ab == 0U || ab % 8U != 0U) return fail("abLength must be aligned to 32Bytes.");
    minValue = 64U * 4U * 4U;
    maxValue = ab <= 64U ? minValue : (64U * 2U + ab * 2U) * 4U;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_NORMALIZATION_WELFORDFINALIZE_TILING_H
