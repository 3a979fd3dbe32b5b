// CastInPlaceLite infershape: y has x's shape.
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace ops {
static ge::graphStatus InferShape4CastInPlaceLite(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(CastInPlaceLite).InferShape(InferShape4CastInPlaceLite);
}  // namespace ops
