/*!
 * \file add_walkthrough_infershape.cpp
 * \brief Shape and dtype inference of AddWalkthrough: z takes x's shape and dtype.
 */
#include "register/op_impl_registry.h"

namespace ops {
static ge::graphStatus InferShapeAddWalkthrough(gert::InferShapeContext* context)
{
    const gert::Shape* inShape = context->GetInputShape(0);
    gert::Shape* outShape = context->GetOutputShape(0);
    if (inShape == nullptr || outShape == nullptr) {
        return ge::GRAPH_FAILED;
    }
    *outShape = *inShape;
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferDataTypeAddWalkthrough(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(AddWalkthrough).InferShape(InferShapeAddWalkthrough).InferDataType(InferDataTypeAddWalkthrough);
}  // namespace ops
