// FrontSinLite infershape: y's shape is the values of `size`; the shape-range function CANN calls for unknown
// shapes is registered too (a graph-compile hook the emulator records and never calls).
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "op_common/op_host/util/opbase_export.h"
#include "log/log.h"
#include "util/const_util.h"

namespace ops {
static ge::graphStatus InferShapeFrontSinLite(gert::InferShapeContext* context)
{
    gert::Shape* y = context->GetOutputShape(0);
    const gert::Tensor* size = context->GetInputTensor(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, y);
    OP_CHECK_NULL_WITH_CONTEXT(context, size);
    Ops::Base::GetValueToShape<int32_t>(size, *y);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferShapeRangeFrontSinLite(gert::InferShapeRangeContext* context)
{
    const gert::Range<gert::Shape>* in = context->GetInputShapeRange(0);
    return in == nullptr ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

IMPL_OP_INFERSHAPE(FrontSinLite).InferShape(InferShapeFrontSinLite).InferShapeRange(InferShapeRangeFrontSinLite);
}  // namespace ops
