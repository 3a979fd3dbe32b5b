// TanhShrink tiling data (legacy tiling class): the first formerNum cores take formerLength elements, the
// others tailLength; each core works in tiles of tileLength elements. As in loss/ctc_loss_v3, the guard is the one
// the kernel's own header uses and the header declares host functions: CANN's kernel never sees this file (it gets
// a generated header of the structs), so neither may the emulator's.
#ifndef TANH_SHRINK_H_
#define TANH_SHRINK_H_
#include "register/tilingdata_base.h"
#include "register/op_impl_registry.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TanhShrinkTilingData)
TILING_DATA_FIELD_DEF(uint32_t, formerNum);
TILING_DATA_FIELD_DEF(uint32_t, formerLength);
TILING_DATA_FIELD_DEF(uint32_t, tailLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TanhShrink, TanhShrinkTilingData)

ge::graphStatus TilingTanhShrink(gert::TilingContext* context);
}  // namespace optiling
#endif
