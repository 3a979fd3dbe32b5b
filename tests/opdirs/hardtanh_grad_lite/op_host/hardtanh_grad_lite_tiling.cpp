// HardtanhGradLite tiling: 128-element units spread over the cores; no tiling key.
#include "register/op_def_registry.h"
#include "log/log.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "hardtanh_grad_lite/op_kernel/hardtanh_grad_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus Tiling(gert::TilingContext* context)
{
    uint32_t total = static_cast<uint32_t>(context->GetInputShape(1)->GetStorageShape().GetShapeSize());
    uint32_t cores = Ops::Base::GetAivCoreNum(context);
    uint32_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(total > 0 ? total : 1U, cores), 128U);
    auto* tiling = context->GetTilingData<HardtanhGradLiteTilingData>();
    tiling->totalNum = total;
    tiling->perCore = perCore;
    tiling->minVal = *context->GetAttrs()->GetAttrPointer<float>(0);
    tiling->maxVal = *context->GetAttrs()->GetAttrPointer<float>(1);
    OP_CHECK_IF(tiling->minVal > tiling->maxVal, OP_LOGE(context, "min_val > max_val"), return ge::GRAPH_FAILED);
    context->SetBlockDim(Ops::Base::CeilDiv(total > 0 ? total : 1U, perCore));
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(HardtanhGradLite).Tiling(Tiling);
}  // namespace optiling
