// ScatterRows tiling data.
#ifndef SCATTER_ROWS_TILING_DATA_H
#define SCATTER_ROWS_TILING_DATA_H
#include <cstdint>
struct ScatterRowsTilingData {
    uint32_t rows;
    uint32_t width;
    uint32_t updates;
};
#endif
