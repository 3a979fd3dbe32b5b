// SplitRowsLite tiling: one core per output piece.
#include "register/op_def_registry.h"
#include "log/log.h"
#include "../op_kernel/split_rows_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus SplitRowsLiteTilingFunc(gert::TilingContext* context)
{
    const gert::Shape& x = context->GetInputShape(0)->GetStorageShape();
    const int64_t n = *context->GetAttrs()->GetInt(0);
    SplitRowsLiteTilingData* t = context->GetTilingData<SplitRowsLiteTilingData>();
    t->pieces = n;
    t->pieceElems = x.GetShapeSize() / n;
    context->SetBlockDim(static_cast<uint32_t>(n));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SplitRowsLite).Tiling(SplitRowsLiteTilingFunc);
}  // namespace optiling
