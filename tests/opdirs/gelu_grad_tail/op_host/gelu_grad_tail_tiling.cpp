// GeluGradTail tiling: the elements split over at most 4 cores, one tile each, in multiples of 8; the last core
// takes the remainder.
#include "register/op_def_registry.h"
#include "../op_kernel/gelu_grad_tail_tiling_data.h"

namespace optiling {
static ge::graphStatus GeluGradTailTilingFunc(gert::TilingContext* context)
{
    int64_t total = context->GetInputShape(1)->GetStorageShape().GetShapeSize();
    int64_t factor = ((total + 3) / 4 + 7) / 8 * 8;
    if (factor == 0) factor = 8;
    int64_t cores = (total + factor - 1) / factor;
    GeluGradTailTilingData* t = context->GetTilingData<GeluGradTailTilingData>();
    t->totalNum = total;
    t->blockFactor = factor;
    context->SetBlockDim(static_cast<uint32_t>(cores < 1 ? 1 : cores));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(GeluGradTail).Tiling(GeluGradTailTilingFunc);
}  // namespace optiling
