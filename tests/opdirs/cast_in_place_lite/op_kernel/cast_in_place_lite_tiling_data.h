// CastInPlaceLite tiling data.
#ifndef CAST_IN_PLACE_LITE_TILING_DATA_H
#define CAST_IN_PLACE_LITE_TILING_DATA_H
#include <cstdint>
struct CastInPlaceLiteTilingData {
    int64_t totalNum;
    int64_t pattern;
};
#endif
