// PipeHazards tiling data.
#ifndef PIPE_HAZARDS_TILING_DATA_H
#define PIPE_HAZARDS_TILING_DATA_H
#include <cstdint>
struct PipeHazardsTilingData {
    int64_t totalNum;
    int64_t tilesPerCore;  // 128-element tiles per core; the last core also takes the rest
    int64_t hazard;
};
#endif
