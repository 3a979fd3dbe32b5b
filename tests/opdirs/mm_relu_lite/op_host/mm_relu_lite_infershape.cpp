// MmReluLite infershape: y is [M, N] (N from b's second dimension, or its first with trans_b).
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace ops {
static ge::graphStatus InferShape4MmReluLite(gert::InferShapeContext* context)
{
    const gert::Shape* a = context->GetInputShape(0);
    const gert::Shape* b = context->GetInputShape(1);
    const bool transB = *context->GetAttrs()->GetAttrPointer<bool>(0);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(2);
    y->SetDim(0, a->GetDim(0));
    y->SetDim(1, transB ? b->GetDim(0) : b->GetDim(1));
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(MmReluLite).InferShape(InferShape4MmReluLite);
}  // namespace ops
