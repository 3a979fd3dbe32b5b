// PairStats tiling: one block over every element (the count is the kernel's tiling data).
#include "log/log.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus PairStatsTiling(gert::TilingContext* context)
{
    auto* total = context->GetTilingData<uint32_t>();
    OP_CHECK_NULL_WITH_CONTEXT(context, total);
    *total = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    context->SetBlockDim(1);
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(PairStats).Tiling(PairStatsTiling);
}  // namespace optiling
