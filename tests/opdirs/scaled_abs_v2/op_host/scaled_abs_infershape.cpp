// ScaledAbs infershape: the elementwise rule, through the bare header name ops-nn's include path allows.
#include "register/op_impl_registry.h"
#include "runtime/infer_shape_context.h"
#include "infershape_elewise_util.h"

namespace ops {
static ge::graphStatus InferShape4ScaledAbs(gert::InferShapeContext* context)
{
    return Ops::Base::InferShape4Elewise(context);
}
IMPL_OP_INFERSHAPE(ScaledAbs).InferShape(InferShape4ScaledAbs);
}  // namespace ops
