// GeluGradTail tiling data.
#ifndef GELU_GRAD_TAIL_TILING_DATA_H
#define GELU_GRAD_TAIL_TILING_DATA_H
#include <cstdint>
struct GeluGradTailTilingData {
    int64_t totalNum;
    int64_t blockFactor;  // elements per core (one tile, a multiple of 8); the last core takes what is left
};
#endif
