// MmReluLite tiling data, shared by the host tiling and the kernel.
#ifndef MM_RELU_LITE_TILING_DATA_H
#define MM_RELU_LITE_TILING_DATA_H
#include "kernel_tiling/kernel_tiling.h"

struct MmReluLiteTilingData {
    TCubeTiling cube;
    uint32_t iterate;
    uint32_t hazard;
    uint32_t flags;
};
#endif
