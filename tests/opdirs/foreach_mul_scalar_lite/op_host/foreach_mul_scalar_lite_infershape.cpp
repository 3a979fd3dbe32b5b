// ForeachMulScalarLite infershape: y[i] takes x[i]'s shape.
#include "register/op_impl_registry.h"
#include "log/log.h"

namespace ops {
static ge::graphStatus InferShapeForeachMulScalarLite(gert::InferShapeContext* context)
{
    const auto* info = context->GetComputeNodeInfo()->GetInputInstanceInfo(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, info);
    for (size_t i = 0; i < info->GetInstanceNum(); ++i) {
        const gert::Shape* in = context->GetDynamicInputShape(0, i);
        gert::Shape* out = context->GetDynamicOutputShape(0, i);
        OP_CHECK_NULL_WITH_CONTEXT(context, in);
        OP_CHECK_NULL_WITH_CONTEXT(context, out);
        *out = *in;
    }
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(ForeachMulScalarLite).InferShape(InferShapeForeachMulScalarLite);
}  // namespace ops
