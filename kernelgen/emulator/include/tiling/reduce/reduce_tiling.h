// kernelgen CPU emulator: AscendC::ReducePattern and GetReduceSumMaxMinTmpSize, the host side of the high-level
// ReduceSum<T, Pattern> (asc-devkit GetReduceSumMaxMinTmpSize.md: maximum equals minimum; the rule as asc-devkit's
// reduce tiling computes it). Six main-tree tilings size UB with it (loss/cross_entropy_loss,
// sparse_softmax_cross_entropy_with_logits, softmax_focal_loss(_grad), cross_entropy_sum_exp_and_index_logit,
// index/sparse_segment_mean).
//   isReuseSource: no buffer (0).
//   AR over {first, last}: none while a row fits one 256-byte repeat of floats (last <= 64); else first x k floats,
//     k the largest power of two <= last, halved when last is itself that power and there is more than one row.
//   RA: k x last (rounded up to 8 floats) floats, k the largest power of two <= first, halved when first is itself
//     that power and more than one.
// What asc-devkit refuses (a shape that is not 2-D, a pattern other than AR / RA, a data type the SOC's ReduceSum
// does not take: int32/uint32/float/int64/uint64 on Ascend 950, float elsewhere; outside the 950 also an unpadded
// source or an empty axis) logs one line and leaves both outputs as they were, as CANN's host assert returns.
#ifndef KGEMU_TILING_REDUCE_REDUCE_TILING_H
#define KGEMU_TILING_REDUCE_REDUCE_TILING_H

#include <cstdint>
#include <cstdio>

#include "graph/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
// Guarded as asc-devkit guards it: the kernel side's Normalize config (kgemu/detail/normalization.h) declares the same
// enum, and a kernel TU may see both.
#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
    AR = 0, RA = 1, R, ARA, ARAR, ARARA, ARARAR, ARARARA, ARARARAR, ARARARARA, RAR, RARA, RARAR, RARARA, RARARAR,
    RARARARA,
};
#endif

namespace kg_reduce {
inline bool refuse(const char* why) {
    std::fprintf(stderr, "[ERROR] [ReduceSum][GetReduceSumMaxMinTmpSize] %s\n", why);
    return true;
}
inline uint32_t pow2_floor(uint32_t n) {  // the largest power of two not above n (1 for 0 and 1)
    uint32_t k = 1U;
    while (n > 1U) {
        n >>= 1U;
        k <<= 1U;
    }
    return k;
}
}  // namespace kg_reduce

template <typename ShapeT>
inline void GetReduceSumMaxMinTmpSize(const ShapeT& srcShape, const ge::DataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    platform_ascendc::PlatformAscendC* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr) {
        kg_reduce::refuse("Failed to get PlatformAscendC.");
        return;
    }
    const bool v950 = platform->GetCurNpuArch() == NpuArch::DAV_3510;
    const bool type_ok = v950 ? (dataType == ge::DT_INT32 || dataType == ge::DT_UINT32 || dataType == ge::DT_FLOAT ||
                                 dataType == ge::DT_INT64 || dataType == ge::DT_UINT64)
                              : dataType == ge::DT_FLOAT;
    if (!type_ok) {
        kg_reduce::refuse(v950 ? "it only supports int32_t/uint32_t/float/int64_t/uint64_t type on this platform."
                               : "it only supports float type on this platform.");
        return;
    }
    const auto dims = srcShape.GetDims();
    if (dims.size() != 2) {
        kg_reduce::refuse("srcShape dims must be 2.");
        return;
    }
    if (!v950 && !isSrcInnerPad) {
        kg_reduce::refuse("isSrcInnerPad must be true on this platform.");
        return;
    }
    if (pattern != ReducePattern::AR && pattern != ReducePattern::RA) {
        kg_reduce::refuse("Currently only support AR and RA pattern.");
        return;
    }
    const uint32_t first = static_cast<uint32_t>(dims[0]);
    const uint32_t last = static_cast<uint32_t>(dims[1]);
    if (!v950 && (first == 0U || last == 0U)) {
        kg_reduce::refuse("both first and last axis must be greater than 0.");
        return;
    }
    if (isReuseSource) {
        maxValue = minValue = 0U;
        return;
    }
    constexpr uint32_t kFloatBytes = 4U, kFloatsPerBlock = 8U, kFloatsPerRepeat = 64U;
    if (pattern == ReducePattern::AR) {
        uint32_t k = kg_reduce::pow2_floor(last);
        if (k == last && first > 1U) k >>= 1U;
        maxValue = minValue = last <= kFloatsPerRepeat ? 0U : first * k * kFloatBytes;
    } else {
        uint32_t k = kg_reduce::pow2_floor(first);
        if (k == first && first > 1U) k >>= 1U;
        const uint32_t padLast = (last + kFloatsPerBlock - 1U) / kFloatsPerBlock * kFloatsPerBlock;
        maxValue = minValue = k * padLast * kFloatBytes;
    }
}
}  // namespace AscendC

#endif  // KGEMU_TILING_REDUCE_REDUCE_TILING_H
