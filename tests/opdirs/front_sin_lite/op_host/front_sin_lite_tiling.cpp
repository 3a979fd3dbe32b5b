// FrontSinLite tiling: the output's element count (a scalar counts as one element), split over the cores in
// whole 8-float blocks; regbase NPUs (arch35) take longer tiles.
#include "register/op_def_registry.h"
#include "op_host/tiling_base_util.h"
#include "../op_kernel/front_sin_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus FrontSinLiteTilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* y = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, y);
    const int64_t total = Ops::Base::EnsureNotScalar(y->GetStorageShape()).GetShapeSize();
    const int64_t have = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    OP_CHECK_IF(total > have, OP_LOGE(context, "size asks for %ld elements, x has %ld", total, have),
                return ge::GRAPH_FAILED);
    const int64_t cores = Ops::Base::GetAivCoreNum(context);
    const int64_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), cores), int64_t(8));
    FrontSinLiteTilingData* t = context->GetTilingData<FrontSinLiteTilingData>();
    t->totalNum = total;
    t->perCore = perCore;
    t->tileNum = Ops::Base::IsRegbaseSocVersion(context) ? 128 : 64;
    context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), perCore)));
    context->SetTilingKey(Ops::Base::IsRegbaseSocVersion(context) ? 1 : 0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(FrontSinLite).Tiling(FrontSinLiteTilingFunc);
}  // namespace optiling
