// Miniature of a kernel test's tiling header in ops-nn's pattern (relu_v3_tiling_def.h is a copy of the one CANN
// generates): the tiling struct, and a global scalar `min` for the kernel's unqualified calls, which the g++ build
// of CANN's CPU twin allows (the NPU compiler's own scalar min is not there).
#ifndef KG_FLAG_TILING_DEF_H
#define KG_FLAG_TILING_DEF_H
#include <algorithm>
#include <cstdint>

struct KgFlagTiling {
    uint32_t perBlock;
};

constexpr int min(int in1, int in2) { return std::min(in1, in2); }

#endif
