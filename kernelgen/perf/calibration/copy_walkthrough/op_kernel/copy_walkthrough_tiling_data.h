/*!
 * \file copy_walkthrough_tiling_data.h
 * \brief Tiling data of CopyWalkthrough (cost-model validation kernel), shared by host tiling and kernel.
 */
#ifndef COPY_WALKTHROUGH_TILING_DATA_H
#define COPY_WALKTHROUGH_TILING_DATA_H

#include <cstdint>

struct CopyWalkthroughTilingData {
    uint64_t rows;       // M
    uint64_t cols;       // N
    uint32_t cores;      // rows are spread evenly (the first rows % cores cores take one row more)
    uint32_t tileM;      // rows per DataCopyPad
    uint32_t tileN;      // elements per row per DataCopyPad
};

#endif  // COPY_WALKTHROUGH_TILING_DATA_H
