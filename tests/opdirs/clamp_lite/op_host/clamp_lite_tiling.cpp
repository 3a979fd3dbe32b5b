// ClampLite tiling.
#include "register/op_def_registry.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "../op_kernel/clamp_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus ClampLiteTilingFunc(gert::TilingContext* context)
{
    auto attrs = context->GetAttrs();
    const float* lo = attrs->GetFloat(0);
    const float* hi = attrs->GetFloat(1);
    const int64_t* shift = attrs->GetInt(2);
    OP_CHECK_IF(*shift < 0 || *shift > 31, OP_LOGE(context, "shift %ld is outside [0, 31]", *shift),
                return ge::GRAPH_FAILED);
    const gert::StorageShape* bounds = context->GetOptionalInputShape(1);
    if (bounds != nullptr) {
        OP_CHECK_IF(bounds->GetStorageShape().GetShapeSize() != 2, OP_LOGE(context, "bounds must have 2 elements"),
                    return ge::GRAPH_FAILED);
    }
    int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    int64_t cores = platform.GetCoreNumAiv();
    int64_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), cores), int64_t(8));
    ClampLiteTilingData* t = context->GetTilingData<ClampLiteTilingData>();
    memset_s(t, sizeof(*t), 0, sizeof(*t));
    t->totalNum = total;
    t->perCore = perCore;
    t->tileNum = 2048;
    t->minVal = *lo;
    t->maxVal = *hi;
    t->shift = static_cast<int32_t>(*shift);
    t->hasBounds = bounds != nullptr ? 1 : 0;
    context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), perCore)));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ClampLite).Tiling(ClampLiteTilingFunc);
}  // namespace optiling
