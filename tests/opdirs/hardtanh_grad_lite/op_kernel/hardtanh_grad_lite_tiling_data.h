// HardtanhGradLite tiling data.
#ifndef HARDTANH_GRAD_LITE_TILING_DATA_H
#define HARDTANH_GRAD_LITE_TILING_DATA_H
#include <cstdint>
#include "register/tilingdata_base.h"  // shared with host code; unused macros here
struct HardtanhGradLiteTilingData {
    uint32_t totalNum;
    uint32_t perCore;   // a multiple of 128 elements
    float minVal;
    float maxVal;
};
#endif
