// QuebindRelu tiling: one core, 64-element tiles; the last tile takes what is left.
#include "register/op_def_registry.h"
#include "../op_kernel/quebind_relu_tiling_data.h"

namespace optiling {
static ge::graphStatus QuebindReluTilingFunc(gert::TilingContext* context)
{
    QuebindReluTilingData* t = context->GetTilingData<QuebindReluTilingData>();
    t->totalNum = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    t->tileNum = 64;
    t->hazard = *context->GetAttrs()->GetInt(0);
    context->SetBlockDim(1);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(QuebindRelu).Tiling(QuebindReluTilingFunc);
}  // namespace optiling
