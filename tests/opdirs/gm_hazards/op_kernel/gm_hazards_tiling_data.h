// GmHazards tiling data.
#ifndef GM_HAZARDS_TILING_DATA_H
#define GM_HAZARDS_TILING_DATA_H
#include <cstdint>
struct GmHazardsTilingData {
    int64_t perCore;  // elements per core, whole 64-element tiles
    int64_t hazard;
};
#endif
