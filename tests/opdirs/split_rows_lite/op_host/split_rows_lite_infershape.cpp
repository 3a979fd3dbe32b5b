// SplitRowsLite infershape: each of the num_split outputs holds rows / num_split rows.
#include "register/op_impl_registry.h"
#include "log/log.h"

namespace ops {
static ge::graphStatus InferShapeSplitRowsLite(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, x);
    const int64_t n = *context->GetAttrs()->GetInt(0);
    OP_CHECK_IF(n <= 0 || x->GetDimNum() != 2 || x->GetDim(0) % n != 0,
                OP_LOGE(context, "num_split %ld must divide the rows of a 2-D x", n), return ge::GRAPH_FAILED);
    for (int64_t i = 0; i < n; ++i) {
        gert::Shape* y = context->GetOutputShape(i);
        OP_CHECK_IF(y == nullptr, OP_LOGE(context, "output %ld of %ld is missing", i, n), return ge::GRAPH_FAILED);
        *y = *x;
        y->SetDim(0, x->GetDim(0) / n);
    }
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(SplitRowsLite).InferShape(InferShapeSplitRowsLite);
}  // namespace ops
