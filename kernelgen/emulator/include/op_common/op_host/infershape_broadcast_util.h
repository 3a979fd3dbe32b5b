// kernelgen CPU emulator: Ops::Base::InferShape4Broadcast (output 0 is the NumPy broadcast of all input
// shapes; incompatible shapes log an error and fail).
#ifndef KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H

#include <algorithm>
#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
// Broadcasts b into a (in place); false if some dim pair is neither equal nor contains a 1.
inline bool BroadcastShape(gert::Shape& a, const gert::Shape& b) {
    const size_t rank = std::max(a.GetDimNum(), b.GetDimNum());
    gert::Shape out;
    for (size_t i = 0; i < rank; ++i) {
        const int64_t da = i < rank - a.GetDimNum() ? 1 : a.GetDim(i - (rank - a.GetDimNum()));
        const int64_t db = i < rank - b.GetDimNum() ? 1 : b.GetDim(i - (rank - b.GetDimNum()));
        if (da != db && da != 1 && db != 1) return false;
        out.AppendDim(da == 1 ? db : da);
    }
    a = out;
    return true;
}

// The three-operand form host code also uses: out = broadcast(a, b); false (out untouched) if they do not
// broadcast or a pointer is null.
inline bool BroadcastShape(const gert::Shape* a, const gert::Shape* b, gert::Shape* out) {
    if (a == nullptr || b == nullptr || out == nullptr) return false;
    gert::Shape result = *a;
    if (!BroadcastShape(result, *b)) return false;
    *out = result;
    return true;
}
inline bool BroadcastShape(const gert::Shape& a, const gert::Shape& b, gert::Shape& out) {
    return BroadcastShape(&a, &b, &out);
}
// Every shape of the list broadcast together (false for an empty list, a null shape or incompatible shapes).
inline bool BroadcastShape(const std::vector<const gert::Shape*>& shapes, gert::Shape* out) {
    if (shapes.empty() || out == nullptr || shapes[0] == nullptr) return false;
    gert::Shape result = *shapes[0];
    for (size_t i = 1; i < shapes.size(); ++i) {
        if (shapes[i] == nullptr || !BroadcastShape(result, *shapes[i])) return false;
    }
    *out = result;
    return true;
}

// inputNum: broadcast only the first inputNum inputs (opbase's two-argument overload); 0: every input. Two
// overloads, not a default argument: operators register the one-argument form as their infershape function.
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context, size_t inputNum) {
    OP_CHECK_IF(context == nullptr, OP_LOGE("InferShape4Broadcast", "context is nullptr"), return ge::GRAPH_FAILED);
    const size_t n = inputNum != 0 ? std::min(inputNum, context->GetComputeNodeInputNum())
                                    : context->GetComputeNodeInputNum();
    OP_CHECK_IF(n == 0, OP_LOGE(context, "no inputs to broadcast"), return ge::GRAPH_FAILED);
    gert::Shape result = *context->GetInputShape(0);
    for (size_t i = 1; i < n; ++i) {
        const gert::Shape* s = context->GetInputShape(i);
        OP_CHECK_NULL_WITH_CONTEXT(context, s);
        OP_CHECK_IF(!BroadcastShape(result, *s),
                    OP_LOGE(context, "input %zu shape %s cannot broadcast with %s", i, ToString(*s).c_str(),
                            ToString(result).c_str()),
                    return ge::GRAPH_FAILED);
    }
    gert::Shape* out = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, out);
    *out = result;
    return ge::GRAPH_SUCCESS;
}
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context) {
    return InferShape4Broadcast(context, 0);
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H
