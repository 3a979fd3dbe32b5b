// ScatterRows tiling: one block; the row width (in floats, a multiple of 8) and the number of updated rows.
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "scatter_rows/op_kernel/scatter_rows_tiling_data.h"

namespace optiling {
static ge::graphStatus ScatterRowsTiling(gert::TilingContext* context)
{
    const gert::Shape& var = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& idx = context->GetInputShape(1)->GetStorageShape();
    auto* t = context->GetTilingData<ScatterRowsTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, t);
    t->rows = static_cast<uint32_t>(var.GetDim(0));
    t->width = static_cast<uint32_t>(var.GetDim(var.GetDimNum() - 1));
    t->updates = static_cast<uint32_t>(idx.GetShapeSize());
    OP_CHECK_IF(t->width % 8 != 0, OP_LOGE(context, "row width must be a multiple of 8"), return ge::GRAPH_FAILED);
    context->SetBlockDim(1);
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ScatterRows).Tiling(ScatterRowsTiling);
}  // namespace optiling
