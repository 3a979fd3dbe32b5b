// EmptyBlock tiling: two blocks, every element to block 0.
#include "register/op_def_registry.h"
#include "../op_kernel/empty_block_tiling_data.h"

namespace optiling {
static ge::graphStatus EmptyBlockTilingFunc(gert::TilingContext* context)
{
    EmptyBlockTilingData* t = context->GetTilingData<EmptyBlockTilingData>();
    t->totalNum = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    t->hazard = static_cast<uint32_t>(*context->GetAttrs()->GetInt(0));
    context->SetBlockDim(2);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(EmptyBlock).Tiling(EmptyBlockTilingFunc);
}  // namespace optiling
