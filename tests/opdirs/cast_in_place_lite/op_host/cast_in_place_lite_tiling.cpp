// CastInPlaceLite tiling: the element count and the pattern, one core.
#include "register/op_def_registry.h"
#include "../op_kernel/cast_in_place_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus CastInPlaceLiteTilingFunc(gert::TilingContext* context)
{
    CastInPlaceLiteTilingData* t = context->GetTilingData<CastInPlaceLiteTilingData>();
    t->totalNum = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    t->pattern = *context->GetAttrs()->GetInt(0);
    if (t->totalNum > 256) {
        return ge::GRAPH_FAILED;
    }
    context->SetBlockDim(1);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(CastInPlaceLite).Tiling(CastInPlaceLiteTilingFunc);
}  // namespace optiling
