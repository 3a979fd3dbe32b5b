// SyncFail tiling: 4 blocks of 8 floats each, whatever the input holds.
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus SyncFailTiling(gert::TilingContext* context)
{
    *context->GetTilingData<uint32_t>() = 8;
    context->SetBlockDim(4);
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SyncFail).Tiling(SyncFailTiling);
}  // namespace optiling
