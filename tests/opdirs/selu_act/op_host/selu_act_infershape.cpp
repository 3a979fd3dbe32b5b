// SeluAct infershape: y has x's shape and dtype.
#include "register/op_impl_registry.h"
#include "log/log.h"
#include "op_common/op_host/infershape_elewise_util.h"

using namespace ge;
namespace ops {
static ge::graphStatus InferShapeSeluAct(gert::InferShapeContext* context)
{
    OP_LOGD(context, "InferShapeSeluAct begin");
    return Ops::Base::InferShape4Elewise(context);
}

static ge::graphStatus InferDataTypeSeluAct(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(SeluAct).InferShape(InferShapeSeluAct).InferDataType(InferDataTypeSeluAct);
}  // namespace ops
