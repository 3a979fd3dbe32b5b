// SeluAct tiling data, shared by host and kernel.
#ifndef SELU_ACT_TILING_DATA_H
#define SELU_ACT_TILING_DATA_H
#include <cstdint>

struct SeluActTilingData {
    int64_t totalNum = 0;     // elements of x
    int64_t blockFactor = 0;  // elements per core (the last core takes the rest)
    int64_t ubFactor = 0;     // elements per UB tile (a multiple of 64)
    float alpha = 0.0f;
    float scale = 0.0f;
};
#endif
