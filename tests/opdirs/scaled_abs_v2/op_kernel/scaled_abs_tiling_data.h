// ScaledAbs tiling data.
#ifndef SCALED_ABS_TILING_DATA_H
#define SCALED_ABS_TILING_DATA_H
#include <cstdint>
struct ScaledAbsTilingData {
    uint32_t total;
    float scale;
};
#endif
