// Infershape of the host-side emulator test operators (like op_host/<op>_infershape.cpp).
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "op_common/op_host/infershape_elewise_util.h"

namespace ops {
static ge::graphStatus InferShapeKgToyScale(gert::InferShapeContext* context) {
    const gert::Shape* xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    gert::Shape* yShape = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
    OP_CHECK_IF(xShape->GetDimNum() > 3, OP_LOGE(context, "x rank %zu > 3", xShape->GetDimNum()),
                return ge::GRAPH_FAILED);
    *yShape = *xShape;
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferDataTypeKgToyScale(gert::InferDataTypeContext* context) {
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(KgToyScale).InferShape(InferShapeKgToyScale).InferDataType(InferDataTypeKgToyScale);
IMPL_OP_INFERSHAPE(KgToyLegacy).InferShape(Ops::Base::InferShape4Elewise);
}  // namespace ops
