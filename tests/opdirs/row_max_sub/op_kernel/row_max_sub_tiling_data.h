// RowMaxSub tiling data (shared by the host tiling and the kernel).
#ifndef ROW_MAX_SUB_TILING_DATA_H
#define ROW_MAX_SUB_TILING_DATA_H
#include <cstdint>
struct RowMaxSubTilingData {
    uint32_t rows;         // all rows
    uint32_t width;        // floats per row: a multiple of 8, at most 64
    uint32_t rowsPerCore;  // a multiple of 8
    uint32_t tileRows;     // a multiple of 8, at most 248
};
#endif
