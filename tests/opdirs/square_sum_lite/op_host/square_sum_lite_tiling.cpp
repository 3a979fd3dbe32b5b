// SquareSumLite tiling: 64-element tiles on one core; the last tile holds the remainder.
#include "register/op_def_registry.h"
#include "../op_kernel/square_sum_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus SquareSumLiteTilingFunc(gert::TilingContext* context)
{
    const int64_t* pattern = context->GetAttrs()->GetInt(0);
    SquareSumLiteTilingData* t = context->GetTilingData<SquareSumLiteTilingData>();
    t->totalNum = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    t->pattern = *pattern;
    context->SetBlockDim(1);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SquareSumLite).Tiling(SquareSumLiteTilingFunc);
}  // namespace optiling
