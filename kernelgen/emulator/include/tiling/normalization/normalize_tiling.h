// kernelgen CPU emulator: GetNormalizeMaxMinTmpSize, the host side of the Normalize kernel API (asc-devkit
// Normalize-Tiling.md), with the values asc-devkit's tiling computes
// (impl/adv_api/tiling/normalization/normalize_tiling_impl.cpp):
//   Ascend 950: no buffer (0, 0).
//   Elsewhere, srcShape {A, R}, RP = R padded to 32 bytes of typeSizeT, each term in bytes rounded up to 32:
//     maximum 2 x RP x 4 + 2 x A8 x RP x 4 (A8 = A rounded up to 8), minimum max(A x 4, 2 x RP x 4) for a float
//     gamma/beta (typeSizeU 4), max(A x 4, 4 x RP x 4) otherwise.
// isComputeRstd false, isOnlyOutput true or a zero type size are refused (one line; the outputs stay as they were).
#ifndef KGEMU_TILING_NORMALIZATION_NORMALIZE_TILING_H
#define KGEMU_TILING_NORMALIZATION_NORMALIZE_TILING_H

#include <cstdint>
#include <cstdio>

#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
template <typename ShapeT>
inline void GetNormalizeMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSizeU, const uint32_t typeSizeT,
                                      const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput,
                                      uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    const char* why = !isComputeRstd ? "isComputeRstd current only support true"
                      : isOnlyOutput ? "isOnlyOutput current only support false"
                      : typeSizeU == 0U ? "typeSizeU can not be 0!"
                      : typeSizeT == 0U ? "typeSizeT can not be 0!"
                                        : nullptr;
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (why == nullptr && platform == nullptr) why = "Failed to get PlatformAscendC.";
    const auto dims = srcShape.GetDims();
    if (why == nullptr && platform->GetCurNpuArch() != NpuArch::DAV_3510 &&
        platform->GetCurNpuArch() != NpuArch::DAV_5102 && dims.size() != 2U)
        why = "srcShape dims must be 2 ([A, R]).";
    if (why != nullptr) {
        std::fprintf(stderr, "[ERROR] [Normalize][GetNormalizeMaxMinTmpSize] %s\n", why);
        return;
    }
    if (platform->GetCurNpuArch() == NpuArch::DAV_3510 || platform->GetCurNpuArch() == NpuArch::DAV_5102) {
        maxValue = minValue = 0U;
        return;
    }
    auto up = [](uint32_t v, uint32_t unit) { return (v + unit - 1U) / unit * unit; };
    const uint32_t a = static_cast<uint32_t>(dims[0]);
    const uint32_t rp = up(static_cast<uint32_t>(dims[1]), 32U / typeSizeT);
    const uint32_t rBytes = up(rp * 4U, 32U);
    maxValue = 2U * rBytes + 2U * up(up(a, 8U) * rp * 4U, 32U);
    const uint32_t aBytes = up(a * 4U, 32U);
    const uint32_t nr = (typeSizeU == 4U ? 2U : 4U) * rBytes;
    minValue = aBytes >= nr ? aBytes : nr;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_NORMALIZATION_NORMALIZE_TILING_H
