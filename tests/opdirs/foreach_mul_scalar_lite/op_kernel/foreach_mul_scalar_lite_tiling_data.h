// ForeachMulScalarLite tiling data: one core per tensor, round robin.
#ifndef FOREACH_MUL_SCALAR_LITE_TILING_DATA_H
#define FOREACH_MUL_SCALAR_LITE_TILING_DATA_H
#include <cstdint>
constexpr uint32_t FOREACH_LITE_MAX_TENSORS = 16;
struct ForeachMulScalarLiteTilingData {
    uint32_t tensorNum;
    uint32_t ubFactor;
    int64_t lengths[FOREACH_LITE_MAX_TENSORS];
};
#endif
