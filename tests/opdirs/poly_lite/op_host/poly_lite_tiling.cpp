// PolyLite tiling: the coefficients travel in the tiling data; cores split the elements in multiples of 8.
#include "register/op_def_registry.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "../op_kernel/poly_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus PolyLiteTilingFunc(gert::TilingContext* context)
{
    const gert::TypedContinuousVector<float>* coeffs = context->GetAttrs()->GetListFloat(0);
    OP_CHECK_IF(coeffs == nullptr || coeffs->GetSize() < 1 || coeffs->GetSize() > 8,
                OP_LOGE(context, "coeffs must hold 1 to 8 values"), return ge::GRAPH_FAILED);
    int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    int64_t cores = platform.GetCoreNumAiv();
    int64_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), cores), int64_t(8));
    PolyLiteTilingData* t = context->GetTilingData<PolyLiteTilingData>();
    memset_s(t, sizeof(*t), 0, sizeof(*t));
    t->totalNum = total;
    t->perCore = perCore;
    t->tileNum = 1024;
    t->count = static_cast<int32_t>(coeffs->GetSize());
    for (size_t i = 0; i < coeffs->GetSize(); ++i) {
        t->coeffs[i] = coeffs->GetData()[i];
    }
    context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), perCore)));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(PolyLite).Tiling(PolyLiteTilingFunc);
}  // namespace optiling
