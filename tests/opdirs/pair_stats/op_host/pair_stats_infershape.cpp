// PairStats infershape: only `sum` is set (output 1, `diff`, is left as the framework made it).
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace ops {
static ge::graphStatus InferShape4PairStats(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(PairStats).InferShape(InferShape4PairStats);
}  // namespace ops
