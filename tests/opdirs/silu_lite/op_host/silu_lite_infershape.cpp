// SiluLite infershape: y takes x's shape.
#include "register/op_impl_registry.h"
#include "log/log.h"

namespace ops {
static ge::graphStatus InferShape4SiluLite(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(0);
    gert::Shape* yShape = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
    *yShape = *xShape;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(SiluLite).InferShape(InferShape4SiluLite);
}  // namespace ops
