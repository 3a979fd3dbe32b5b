// GmHazards tiling: up to 4 cores, each a whole number of 64-element tiles; the user workspace holds all of
// them after the library's system workspace.
#include "register/op_def_registry.h"
#include "../op_kernel/gm_hazards_tiling_data.h"

namespace optiling {
static ge::graphStatus GmHazardsTilingFunc(gert::TilingContext* context)
{
    const int64_t* hazard = context->GetAttrs()->GetInt(0);
    const int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    int64_t cores = 4;
    while (cores > 1 && total % (cores * 64) != 0) --cores;
    if (total == 0 || total % (cores * 64) != 0) return ge::GRAPH_FAILED;
    GmHazardsTilingData* t = context->GetTilingData<GmHazardsTilingData>();
    t->perCore = total / cores;
    t->hazard = *hazard;
    context->SetBlockDim(static_cast<uint32_t>(cores));
    context->SetTilingKey(0);
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    context->GetWorkspaceSizes(1)[0] = platform.GetLibApiWorkSpaceSize() + total * sizeof(float);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(GmHazards).Tiling(GmHazardsTilingFunc);
}  // namespace optiling
