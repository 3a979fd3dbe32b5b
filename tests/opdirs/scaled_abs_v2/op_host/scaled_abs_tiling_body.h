// ScaledAbs tiling shared by the per-architecture folders (each defines SCALED_ABS_SCALE first); one block.
// Uses the host helpers operators take from ops-nn's common/inc: error_util.h, GRAPH_NULL_PTR, ge::GetSizeInBytes.
#ifndef SCALED_ABS_SCALE
#error "define SCALED_ABS_SCALE before including scaled_abs_tiling_body.h"
#endif
#include "error_util.h"
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "graph/types.h"
#include "scaled_abs_v2/op_kernel/scaled_abs_tiling_data.h"

namespace optiling {
using namespace ge;
static ge::graphStatus ScaledAbsTiling(gert::TilingContext* context)
{
    OP_TILING_CHECK(context == nullptr, OPS_LOG_E("ScaledAbs", "context is nullptr"), return GRAPH_NULL_PTR);
    const gert::StorageShape* xShape = context->GetInputShape(0);
    OPS_CHECK_NULL_WITH_CONTEXT(context, xShape);
    const int64_t n = xShape->GetStorageShape().GetShapeSize();
    const int64_t bytes = ge::GetSizeInBytes(n, context->GetInputDesc(0)->GetDataType());
    OPS_ERR_IF(bytes != n * 4, OPS_LOG_E(context, "expected float32 input"), return ge::GRAPH_FAILED);
    auto* tiling = context->GetTilingData<ScaledAbsTilingData>();
    OPS_CHECK_NULL_WITH_CONTEXT(context, tiling);
    tiling->total = static_cast<uint32_t>(n);
    tiling->scale = SCALED_ABS_SCALE;
    context->SetBlockDim(1);
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ScaledAbs).Tiling(ScaledAbsTiling);
}  // namespace optiling
