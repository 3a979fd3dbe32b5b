// RowSortLite tiling data (shared by the host tiling and the kernel).
#ifndef ROW_SORT_LITE_TILING_DATA_H
#define ROW_SORT_LITE_TILING_DATA_H
#include <cstdint>
struct RowSortLiteTilingData {
    uint32_t rows;         // rows of 64 floats
    uint32_t rowsPerCore;  // contiguous rows per block
};
#endif
