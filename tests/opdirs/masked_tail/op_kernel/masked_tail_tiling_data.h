// MaskedTail tiling data.
#ifndef MASKED_TAIL_TILING_DATA_H
#define MASKED_TAIL_TILING_DATA_H
#include <cstdint>
struct MaskedTailTilingData {
    int64_t totalNum;
    int64_t blockFactor;  // elements per core (one tile); the last core takes what is left
    int64_t aligned;      // 1: Compares over a count rounded up to 256 bytes; 0: over the exact count
};
#endif
