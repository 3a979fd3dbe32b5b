// MaskedTail tiling: the elements split over at most 4 cores, one tile each; the last core takes the remainder.
#include "register/op_def_registry.h"
#include "../op_kernel/masked_tail_tiling_data.h"

namespace optiling {
static ge::graphStatus MaskedTailTilingFunc(gert::TilingContext* context)
{
    const int64_t* aligned = context->GetAttrs()->GetInt(0);
    int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    int64_t cores = total < 4 ? (total == 0 ? 1 : total) : 4;
    MaskedTailTilingData* t = context->GetTilingData<MaskedTailTilingData>();
    t->totalNum = total;
    t->blockFactor = (total + cores - 1) / cores;
    t->aligned = *aligned;
    context->SetBlockDim(static_cast<uint32_t>(cores));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(MaskedTail).Tiling(MaskedTailTilingFunc);
}  // namespace optiling
