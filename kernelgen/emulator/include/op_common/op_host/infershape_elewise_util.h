// kernelgen CPU emulator: Ops::Base::InferShape4Elewise (output 0 takes input 0's shape).
#ifndef KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H

#include "exe_graph/runtime/infer_shape_context.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
inline ge::graphStatus InferShape4Elewise(gert::InferShapeContext* context) {
    OP_CHECK_IF(context == nullptr, OP_LOGE("InferShape4Elewise", "context is nullptr"), return ge::GRAPH_FAILED);
    const gert::Shape* in = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, in);
    gert::Shape* out = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, out);
    *out = *in;
    return ge::GRAPH_SUCCESS;
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H
