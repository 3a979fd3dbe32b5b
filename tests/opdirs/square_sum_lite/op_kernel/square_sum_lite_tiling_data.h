// SquareSumLite tiling data.
#ifndef SQUARE_SUM_LITE_TILING_DATA_H
#define SQUARE_SUM_LITE_TILING_DATA_H
#include <cstdint>
struct SquareSumLiteTilingData {
    int64_t totalNum;
    int64_t pattern;
};
#endif
