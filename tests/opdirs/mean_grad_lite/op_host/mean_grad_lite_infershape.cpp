// MeanGradLite infershape: dx takes dy's shape.
#include "register/op_impl_registry.h"

namespace ops {
static ge::graphStatus InferShapeMeanGradLite(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(1);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(MeanGradLite).InferShape(InferShapeMeanGradLite).InputsDataDependency({0});
}  // namespace ops
