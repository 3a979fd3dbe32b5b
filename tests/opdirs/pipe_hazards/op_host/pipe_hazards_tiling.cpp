// PipeHazards tiling: whole 128-element tiles split over at most 8 cores; the last core takes the remainder.
#include "register/op_def_registry.h"
#include "../op_kernel/pipe_hazards_tiling_data.h"

namespace optiling {
static ge::graphStatus PipeHazardsTilingFunc(gert::TilingContext* context)
{
    const int64_t* hazard = context->GetAttrs()->GetInt(0);
    int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    int64_t tiles = (total + 127) / 128;
    int64_t cores = tiles < 8 ? (tiles == 0 ? 1 : tiles) : 8;
    PipeHazardsTilingData* t = context->GetTilingData<PipeHazardsTilingData>();
    t->totalNum = total;
    t->tilesPerCore = tiles / cores;
    t->hazard = *hazard;
    context->SetBlockDim(static_cast<uint32_t>(cores));
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(PipeHazards).Tiling(PipeHazardsTilingFunc);
}  // namespace optiling
