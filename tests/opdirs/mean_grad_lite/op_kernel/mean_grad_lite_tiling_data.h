// MeanGradLite tiling data.
#ifndef MEAN_GRAD_LITE_TILING_DATA_H
#define MEAN_GRAD_LITE_TILING_DATA_H
#include <cstdint>
struct MeanGradLiteTilingData {
    int64_t totalNum;
    int64_t perCore;   // elements per core (a multiple of 64)
    int64_t tileNum;   // elements per tile
    float scale;       // 1 / prod(orig_shape)
};
#endif
