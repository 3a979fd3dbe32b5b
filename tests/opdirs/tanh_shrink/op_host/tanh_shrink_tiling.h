// TanhShrink tiling data (legacy tiling class): the first formerNum cores take formerLength elements, the
// others tailLength; each core works in tiles of tileLength elements.
#ifndef TANH_SHRINK_TILING_H
#define TANH_SHRINK_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TanhShrinkTilingData)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);
TILING_DATA_FIELD_DEF(uint32_t, formerLength);
TILING_DATA_FIELD_DEF(uint32_t, tailLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TanhShrink, TanhShrinkTilingData)
}  // namespace optiling
#endif
