// HuberElem tiling data.
#pragma once
#include <cstdint>

struct HuberElemTilingData {
    uint64_t totalNum;
    uint64_t blockFactor;  // elements per core, a multiple of 64
    uint32_t ubFactor;     // elements per tile, a multiple of 64
    float delta;
    uint32_t reduction;    // 0 none, 1 sum, 2 mean
    uint32_t usedCores;
};
