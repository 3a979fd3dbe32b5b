// QuebindRelu tiling data.
#ifndef QUEBIND_RELU_TILING_DATA_H
#define QUEBIND_RELU_TILING_DATA_H
#include <cstdint>
struct QuebindReluTilingData {
    int64_t totalNum;
    int64_t tileNum;  // elements per tile
    int64_t hazard;
};
#endif
