// SquareLite tiling: cores split the elements in multiples of 8, one tile of up to 1024 per step.
#include "register/op_def_registry.h"
#include "op_common/op_host/util/math_util.h"
#include "../op_kernel/square_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus SquareLiteTilingFunc(gert::TilingContext* context)
{
    int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    int64_t cores = platform.GetCoreNumAiv();
    int64_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), cores), int64_t(8));
    SquareLiteTilingData* t = context->GetTilingData<SquareLiteTilingData>();
    t->totalNum = total;
    t->perCore = perCore;
    t->tileNum = 1024;
    context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), perCore)));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SquareLite).Tiling(SquareLiteTilingFunc);
}  // namespace optiling
