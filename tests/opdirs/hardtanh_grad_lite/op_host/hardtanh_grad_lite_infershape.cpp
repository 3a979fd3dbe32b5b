// HardtanhGradLite infershape and infer-dtype: dx follows grad.
#include "register/op_impl_registry.h"
#include "log/log.h"

namespace ops {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return ge::GRAPH_SUCCESS;
}
static ge::graphStatus InferDtype(gert::InferDataTypeContext* context)
{
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}
IMPL_OP_INFERSHAPE(HardtanhGradLite).InferShape(InferShape).InferDataType(InferDtype);
}  // namespace ops
