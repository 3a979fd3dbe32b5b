/*!
 * \file copy_walkthrough_infershape.cpp
 * \brief Shape and dtype inference of CopyWalkthrough: y is 16 elements of x's dtype.
 */
#include "register/op_impl_registry.h"

namespace ops {
static ge::graphStatus InferShapeCopyWalkthrough(gert::InferShapeContext* context)
{
    gert::Shape* outShape = context->GetOutputShape(0);
    if (outShape == nullptr) {
        return ge::GRAPH_FAILED;
    }
    outShape->SetDimNum(1);
    outShape->SetDim(0, 16);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferDataTypeCopyWalkthrough(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(CopyWalkthrough).InferShape(InferShapeCopyWalkthrough).InferDataType(InferDataTypeCopyWalkthrough);
}  // namespace ops
