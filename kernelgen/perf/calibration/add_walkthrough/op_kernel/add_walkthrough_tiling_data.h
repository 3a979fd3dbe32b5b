/*!
 * \file add_walkthrough_tiling_data.h
 * \brief Tiling data of AddWalkthrough (cost-model calibration kernel), shared by host tiling and kernel.
 */
#ifndef ADD_WALKTHROUGH_TILING_DATA_H
#define ADD_WALKTHROUGH_TILING_DATA_H

#include <cstdint>

struct AddWalkthroughTilingData {
    uint64_t rows;       // M: rows of the [M, N] view (product of all dims but the last)
    uint64_t rowLength;  // N: elements per row (the last dim)
    uint32_t splitM;     // cores the rows are spread over (the first rows % splitM cores get one row more)
    uint32_t copyLen;    // elements per DataCopy (one UB pass)
};

// Tiling keys: the synchronisation scheme of the kernel.
constexpr uint64_t ADD_WALKTHROUGH_KEY_SINGLE = 0;  // one x/y/z set: load, add, store, flags between pipes
constexpr uint64_t ADD_WALKTHROUGH_KEY_DOUBLE = 1;  // ping/pong sets alternate: loads overlap add and store

#endif  // ADD_WALKTHROUGH_TILING_DATA_H
