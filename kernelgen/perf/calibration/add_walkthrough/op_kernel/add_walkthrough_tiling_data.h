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
    uint32_t l2Bypass;   // 1: x and y are read with SetL2CacheHint(CACHE_MODE_DISABLE) (walk-through case 5)
    uint32_t ubLayout;   // UB placement of the x/y/z sets: ADD_WALKTHROUGH_LAYOUT_*
};

// Tiling keys: the synchronisation scheme of the kernel.
constexpr uint64_t ADD_WALKTHROUGH_KEY_SINGLE = 0;  // one x/y/z set: load, add, store, flags between pipes
constexpr uint64_t ADD_WALKTHROUGH_KEY_DOUBLE = 1;  // ping/pong sets alternate: loads overlap add and store
constexpr uint64_t ADD_WALKTHROUGH_KEY_SCALAR = 2;  // one set, the add as a GetValue/SetValue loop (case 0)

// UB layouts. PACKED: x0, y0, z0, x1, y1, z1 back to back, copyLen elements each (cases 1-5: x and y of a set
// share UB bank groups, a read-read conflict on every 256-byte beat). SPREAD (case 6): 32 KiB slots, y one
// copyLen after x in the same slot pair and z in the last third, so with copyLen = 16256 half the beats of x and
// y fall in different bank groups.
constexpr uint32_t ADD_WALKTHROUGH_LAYOUT_PACKED = 0;
constexpr uint32_t ADD_WALKTHROUGH_LAYOUT_SPREAD = 1;
constexpr uint32_t ADD_WALKTHROUGH_SLOT_BYTES = 32768;

#endif  // ADD_WALKTHROUGH_TILING_DATA_H
