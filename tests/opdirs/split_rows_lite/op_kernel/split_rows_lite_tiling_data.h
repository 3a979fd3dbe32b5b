// SplitRowsLite tiling data.
#ifndef SPLIT_ROWS_LITE_TILING_DATA_H
#define SPLIT_ROWS_LITE_TILING_DATA_H
#include <cstdint>
struct SplitRowsLiteTilingData {
    int64_t pieces;
    int64_t pieceElems;
};
#endif
