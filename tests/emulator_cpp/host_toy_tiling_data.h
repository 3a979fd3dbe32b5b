// Test operator "KgToyScale" for the host-side emulator tests: y = alpha * x (+ bias), split into blocks of
// per_block elements. Tiling data shared by host (tiling) and kernel (launcher), as op_kernel/*_tiling_data.h.
#ifndef KGTEST_HOST_TOY_TILING_DATA_H
#define KGTEST_HOST_TOY_TILING_DATA_H

#include <cstdint>

struct KgToyTilingData {
    uint32_t total = 0;
    uint32_t perBlock = 0;
    float alpha = 0.0f;
    int32_t failBlock = -1;
    uint32_t hasBias = 0;
    uint32_t ubSize = 0;
};

#endif
