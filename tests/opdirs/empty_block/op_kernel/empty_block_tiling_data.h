// EmptyBlock tiling data.
#ifndef EMPTY_BLOCK_TILING_DATA_H
#define EMPTY_BLOCK_TILING_DATA_H
#include <cstdint>
struct EmptyBlockTilingData {
    uint32_t totalNum;
    uint32_t hazard;
};
#endif
