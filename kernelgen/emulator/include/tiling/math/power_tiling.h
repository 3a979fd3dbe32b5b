// kernelgen CPU emulator: the host side of the Power kernel API (asc-devkit Power接口/GetPowerMaxMinTmpSize.md,
// GetPowerTmpBufferFactorSize.md), with the values asc-devkit's tiling computes
// (impl/adv_api/tiling/math/power_tiling_impl.cpp). ops-nn's 950 lp_norm_v2, lp_norm_update and renorm tilings size
// their UB with the factor.
//   Ascend 950 (and the other register-model SOCs asc-devkit groups with it): integer types need no buffer; float
//     3 live nodes, half / bfloat16 6; no extra buffer. Max = min = 3 x 4 bytes x the tensor operand's elements
//     (0 for integers).
//   Ascend 910B (DAV_2201) / 310P (DAV_2002): live nodes per (base, exponent) form and type, tensor^tensor /
//     otherwise: half 14/14 (16/16 on 310P), int 6/7 (7/8), float 4/5 (5/6); extra buffer 256 bytes except for
//     integers. Min / max: 256 bytes (max: the input's bytes when larger; half: 128 bytes min) x nodes, halved for
//     half's minimum, + 256 bytes except for integers' (asc-devkit's rule, kept term for term).
// A scalar operand is a shape of one dimension of length 1. Other SOCs are refused (one line, outputs unset).
#ifndef KGEMU_TILING_MATH_POWER_TILING_H
#define KGEMU_TILING_MATH_POWER_TILING_H

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
namespace kg_power {
struct Nodes {  // tensor^tensor (tt) and tensor^scalar / scalar^tensor (ts)
    uint32_t halfTT, intTT, floatTT, halfTS, intTS, floatTS;
};
// nullptr: the SOC is not one asc-devkit's Power tiling takes; *v35 set for the register-model group.
inline const Nodes* nodes_for(NpuArch arch, bool& v35) {
    static constexpr Nodes k910b{14, 6, 4, 14, 7, 5}, k310p{16, 7, 5, 16, 8, 6}, none{0, 0, 0, 0, 0, 0};
    v35 = arch == NpuArch::DAV_3510 || arch == NpuArch::DAV_5102 || arch == NpuArch::DAV_3003 ||
          arch == NpuArch::DAV_3113;
    if (v35) return &none;
    if (arch == NpuArch::DAV_2201) return &k910b;
    if (arch == NpuArch::DAV_2002) return &k310p;
    return nullptr;
}
inline const Nodes* platform_nodes(const char* fn, bool& v35) {
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    const Nodes* n = platform == nullptr ? nullptr : nodes_for(platform->GetCurNpuArch(), v35);
    if (n == nullptr)
        std::fprintf(stderr, "[ERROR] [Power][%s] %s\n", fn,
                     platform == nullptr ? "PlatformAscendCManager gets instance failed!"
                                         : "it is not supported on current device!");
    return n;
}
template <typename ShapeT>
inline bool is_tensor(const ShapeT& s) { return !(s.GetDimNum() == 1U && s.GetDims()[0] == 1); }
template <typename ShapeT>
inline uint32_t elements(const ShapeT& s) {
    uint32_t n = 1U;
    for (const auto d : s.GetDims()) n *= static_cast<uint32_t>(d);
    return n;
}
}  // namespace kg_power

inline void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                        const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    bool v35 = false;
    const kg_power::Nodes* n = kg_power::platform_nodes("GetPowerTmpBufferFactorSize", v35);
    if (n == nullptr) return;
    if (v35) {
        extraBuffer = 0U;
        maxLiveNodeCount = typeIsInt ? 0U : (typeSize == sizeof(float) ? 3U : 6U);
        return;
    }
    const bool tt = baseIsTensor && expIsTensor;
    extraBuffer = typeIsInt ? 0U : 256U;
    maxLiveNodeCount = typeIsInt                   ? (tt ? n->intTT : n->intTS)
                       : typeSize == sizeof(float) ? (tt ? n->floatTT : n->floatTS)
                                                   : (tt ? n->halfTT : n->halfTS);
}

template <typename ShapeT>
inline void GetPowerMaxMinTmpSize(const ShapeT& srcShape1, const ShapeT& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
    (void)isReuseSource;
    bool v35 = false;
    const kg_power::Nodes* n = kg_power::platform_nodes("GetPowerMaxMinTmpSize", v35);
    if (n == nullptr) return;
    const bool t1 = kg_power::is_tensor(srcShape1), t2 = kg_power::is_tensor(srcShape2), tt = t1 && t2;
    if (v35) {
        const uint32_t count = t1 ? kg_power::elements(srcShape1) : (t2 ? kg_power::elements(srcShape2) : 1U);
        maxValue = minValue = typeIsInt ? 0U : 4U * count * 3U;
        return;
    }
    const uint32_t nodes = typeIsInt ? (tt ? n->intTT : n->intTS)
                           : typeSize == sizeof(float) ? (tt ? n->floatTT : n->floatTS) : (tt ? n->halfTT : n->halfTS);
    if (typeIsInt) minValue = 256U * nodes;
    else if (typeSize == sizeof(float)) minValue = 256U * nodes + 256U;
    else minValue = 256U * nodes / 2U + 256U;
    const uint32_t bytes = (t1 ? kg_power::elements(srcShape1) : kg_power::elements(srcShape2)) * typeSize;
    const uint32_t proc = typeSize == sizeof(float) ? std::max(bytes, 256U) : std::max(bytes, 128U);
    maxValue = proc * nodes + (typeIsInt ? 0U : 256U);
}
}  // namespace AscendC

#endif  // KGEMU_TILING_MATH_POWER_TILING_H
