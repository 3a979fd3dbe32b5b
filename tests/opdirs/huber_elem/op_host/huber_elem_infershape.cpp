// HuberElem infershape: loss has the input's shape (reduction "none") or is a scalar ("sum", "mean").
#include <cstring>
#include "register/op_impl_registry.h"
#include "op_common/op_host/infershape_elewise_util.h"

namespace ops {
static ge::graphStatus InferShapeHuberElem(gert::InferShapeContext* context)
{
    const char* reduction = context->GetAttrs()->GetStr(2);
    if (reduction != nullptr && std::strcmp(reduction, "none") != 0) {
        context->GetOutputShape(0)->SetDimNum(0);
        return ge::GRAPH_SUCCESS;
    }
    return Ops::Base::InferShape4Elewise(context);
}
IMPL_OP_INFERSHAPE(HuberElem).InferShape(InferShapeHuberElem);
}  // namespace ops
