// PolyLite tiling data.
#ifndef POLY_LITE_TILING_DATA_H
#define POLY_LITE_TILING_DATA_H
#include <cstdint>
struct PolyLiteTilingData {
    int64_t totalNum;
    int64_t perCore;    // elements per core (a multiple of 8)
    int64_t tileNum;    // elements per tile (a multiple of 64)
    int32_t count;      // coefficients used
    float coeffs[8];
};
#endif
