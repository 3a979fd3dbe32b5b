// ForeachMulScalarLite tiling: the tensor count and lengths of the list; at most one core per tensor.
#include "register/op_def_registry.h"
#include "log/log.h"
#include "../op_kernel/foreach_mul_scalar_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus ForeachMulScalarLiteTiling(gert::TilingContext* context)
{
    const auto* info = context->GetComputeNodeInfo()->GetInputInstanceInfo(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, info);
    uint32_t n = static_cast<uint32_t>(info->GetInstanceNum());
    OP_CHECK_IF(n == 0 || n > FOREACH_LITE_MAX_TENSORS, OP_LOGE(context, "x holds %u tensors (1..16)", n),
                return ge::GRAPH_FAILED);
    auto* tiling = context->GetTilingData<ForeachMulScalarLiteTilingData>();
    memset_s(tiling, sizeof(*tiling), 0, sizeof(*tiling));
    tiling->tensorNum = n;
    tiling->ubFactor = 1024;
    for (uint32_t i = 0; i < n; ++i) {
        tiling->lengths[i] = context->GetDynamicInputShape(0, i)->GetStorageShape().GetShapeSize();
    }
    uint32_t cores = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
    context->SetBlockDim(n < cores ? n : cores);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ForeachMulScalarLite).Tiling(ForeachMulScalarLiteTiling);
}  // namespace optiling
