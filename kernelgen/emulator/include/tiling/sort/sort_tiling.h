// kernelgen CPU emulator: AscendC::GetSortMaxMinTmpSize, the host side of the 950's Sort with a SortConfig
// (asc-devkit GetSortMaxMinTmpSize.md; 16 ops-nn index operators size their sort buffer with it). The rule is
// kgemu::sort_tmp_bytes (kgemu/sort_config.h): maximum and minimum are equal. What asc-devkit refuses (a SOC other
// than Ascend 950, a source index without an output index, a value or index type the Sort does not take) logs one
// line and leaves both outputs as they were, as CANN's host assert returns.
#ifndef KGEMU_TILING_SORT_SORT_TILING_H
#define KGEMU_TILING_SORT_SORT_TILING_H

#include <cstdint>
#include <cstdio>

#include "graph/types.h"
#include "kgemu/sort_config.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
namespace kg_sort {
inline uint32_t value_bytes(ge::DataType t) {
    switch (t) {
        case ge::DT_INT8: case ge::DT_UINT8: return 1;
        case ge::DT_INT16: case ge::DT_UINT16: case ge::DT_FLOAT16: case ge::DT_BF16: return 2;
        case ge::DT_INT32: case ge::DT_UINT32: case ge::DT_FLOAT: return 4;
        case ge::DT_INT64: case ge::DT_UINT64: return 8;
        default: return 0;
    }
}
inline bool refuse(const char* why) {
    std::fprintf(stderr, "[ERROR] GetSortMaxMinTmpSize: %s\n", why);
    return true;
}
}  // namespace kg_sort

template <typename ShapeT>
inline void GetSortMaxMinTmpSize(const ShapeT& srcShape, ge::DataType valueType, ge::DataType indexType,
                                 bool isReuseSource, const SortConfig& config, uint32_t& maxValue, uint32_t& minValue) {
    platform_ascendc::PlatformAscendC* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr) {
        kg_sort::refuse("no platform");
        return;
    }
    if (platform->GetCurNpuArch() != NpuArch::DAV_3510) {
        kg_sort::refuse("Unsupported NpuArch for Sort API (the SortConfig forms are Ascend 950's)");
        return;
    }
    if (config.hasSrcIndex && !config.hasDstIndex) {
        kg_sort::refuse("Sort API cannot only have source input index.");
        return;
    }
    const uint32_t vb = kg_sort::value_bytes(valueType);
    if (vb == 0) {
        kg_sort::refuse("Unsupported valueType for Sort API.");
        return;
    }
    const bool index_ok = config.hasSrcIndex ? (indexType == ge::DT_INT32 || indexType == ge::DT_UINT32 ||
                                                indexType == ge::DT_INT64 || indexType == ge::DT_UINT64)
                                             : (!config.hasDstIndex || indexType == ge::DT_UINT32);
    if (!index_ok) {
        kg_sort::refuse("Unsupported indexType for Sort API.");
        return;
    }
    uint64_t n = 1;
    for (const auto d : srcShape.GetDims()) n *= static_cast<uint64_t>(d);
    const uint32_t ib = kg_sort::value_bytes(indexType);
    maxValue = minValue = kgemu::sort_tmp_bytes(config.type == SortType::MERGE_SORT, n, vb, ib, isReuseSource,
                                                config.hasSrcIndex, config.hasDstIndex);
}
}  // namespace AscendC

#endif  // KGEMU_TILING_SORT_SORT_TILING_H
