// SquareLite tiling data.
#ifndef SQUARE_LITE_TILING_DATA_H
#define SQUARE_LITE_TILING_DATA_H
#include <cstdint>
struct SquareLiteTilingData {
    int64_t totalNum;
    int64_t perCore;  // elements per core (a multiple of 8)
    int64_t tileNum;  // elements per tile
};
#endif
