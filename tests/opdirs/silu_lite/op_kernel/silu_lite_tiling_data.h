// SiluLite tiling data: the big/small core split in 512-byte blocks.
#ifndef SILU_LITE_TILING_DATA_H
#define SILU_LITE_TILING_DATA_H
#include <cstdint>

struct SiluLiteTilingData {
    uint32_t smallCoreDataNum;
    uint32_t bigCoreDataNum;
    uint32_t finalBigTileNum;
    uint32_t finalSmallTileNum;
    uint32_t tileDataNum;
    uint32_t smallTailDataNum;
    uint32_t bigTailDataNum;
    uint32_t tailBlockNum;
};
#endif
