// Miniature legacy host tiling class in ops-nn's pattern (op_host/<op>_tiling.h), written for kernelgen's tests:
// the kernel test directory has no <op>_tiling_def.h, so the UT build derives the kernel's struct from this class.
#ifndef KG_SCALE_TILING_H
#define KG_SCALE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
constexpr uint32_t KG_SCALE_PAD = 3;
BEGIN_TILING_DATA_DEF(KgScaleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, perBlock);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(uint16_t, flag);
TILING_DATA_FIELD_DEF_ARR(uint32_t, KG_SCALE_PAD, pad);
TILING_DATA_FIELD_DEF(uint64_t, total);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(KgScale, KgScaleTilingData)
}  // namespace optiling
#endif
