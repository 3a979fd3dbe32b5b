// ClampLite tiling data.
#ifndef CLAMP_LITE_TILING_DATA_H
#define CLAMP_LITE_TILING_DATA_H
#include <cstdint>
struct ClampLiteTilingData {
    int64_t totalNum;
    int64_t perCore;    // elements per core (a multiple of 8)
    int64_t tileNum;    // elements per tile (a multiple of 64)
    float minVal;
    float maxVal;
    int32_t shift;
    int32_t hasBounds;
};
#endif
