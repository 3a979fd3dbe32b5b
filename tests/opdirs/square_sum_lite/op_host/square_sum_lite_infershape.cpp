// SquareSumLite infershape: z is a one-element tensor.
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace ops {
static ge::graphStatus InferShape4SquareSumLite(gert::InferShapeContext* context)
{
    gert::Shape* z = context->GetOutputShape(0);
    z->SetDimNum(1);
    z->SetDim(0, 1);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(SquareSumLite).InferShape(InferShape4SquareSumLite);
}  // namespace ops
