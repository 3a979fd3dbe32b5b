// kernelgen CPU emulator: CANN opbase's reduce infershape helpers (op_common/op_host/infershape_reduce_util.h; the
// bare name "infershape_reduce_util.h" reaches it too, as CANN puts op_common/op_host on the include path ahead of
// an operator repository's own common/inc). Ops::Base:
//   ReduceDimsWithKeepDims<T>(x, axes, n, out)     out = x with every listed axis set to 1
//   ReduceDimsWithoutKeepDims<T>(x, axes, n, out)  out = x without the listed axes
//   ReduceDims<T>(x, axesTensor, n, keepDims, out)  either, with the axes read from a host tensor of T
//   InferShape4Reduce(context)                      input 0 reduced over the axes in input 1 (a value-dependent
//                                                   int32/int64 tensor, required: an operator without it fails), the
//                                                   bool attribute 0 is keep_dims; no axes keeps the input's shape
// An axis in [-rank, rank) counts from the end when negative; any other axis fails (GRAPH_FAILED, logged).
#ifndef KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_REDUCE_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_REDUCE_UTIL_H

#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/opbase_export.h"

namespace Ops {
namespace Base {
// Which of x's dims the axes name; false (logged) for an axis outside [-rank, rank).
template <typename T>
bool KgReducedDims(const gert::Shape* x, const T* axes, int32_t n, std::vector<bool>& reduced) {
    const int64_t rank = static_cast<int64_t>(x->GetDimNum());
    reduced.assign(static_cast<size_t>(rank), false);
    for (int32_t i = 0; i < n; ++i) {
        int64_t a = static_cast<int64_t>(axes[i]);
        if (a < -rank || a >= rank) {
            OP_LOGE("InferShape4Reduce", "axis %ld is outside [%ld, %ld) for an input of rank %ld",
                    static_cast<long>(a), static_cast<long>(-rank), static_cast<long>(rank), static_cast<long>(rank));
            return false;
        }
        reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
    }
    return true;
}

template <typename T>
ge::graphStatus ReduceDimsWithKeepDims(const gert::Shape* x, const T* axes, int32_t n, gert::Shape* out) {
    std::vector<bool> reduced;
    if (!KgReducedDims(x, axes, n, reduced)) return ge::GRAPH_FAILED;
    *out = *x;
    for (size_t j = 0; j < reduced.size(); ++j) {
        if (reduced[j]) out->SetDim(j, 1);
    }
    return ge::GRAPH_SUCCESS;
}

template <typename T>
ge::graphStatus ReduceDimsWithoutKeepDims(const gert::Shape* x, const T* axes, int32_t n, gert::Shape* out) {
    std::vector<bool> reduced;
    if (!KgReducedDims(x, axes, n, reduced)) return ge::GRAPH_FAILED;
    out->SetDimNum(0);
    for (size_t j = 0; j < reduced.size(); ++j) {
        if (!reduced[j]) out->AppendDim(x->GetDim(j));
    }
    return ge::GRAPH_SUCCESS;
}

template <typename T>
ge::graphStatus ReduceDims(const gert::Shape* x, const gert::Tensor* axesTensor, int32_t n, const bool keepDims,
                           gert::Shape* out) {
    const T* axes = axesTensor->GetData<T>();
    OP_CHECK_IF(axes == nullptr && n > 0, OP_LOGE("InferShape4Reduce", "the axes tensor has no host data"),
                return ge::GRAPH_FAILED);
    return keepDims ? ReduceDimsWithKeepDims<T>(x, axes, n, out) : ReduceDimsWithoutKeepDims<T>(x, axes, n, out);
}

inline ge::graphStatus InferShape4Reduce(gert::InferShapeContext* context) {
    const gert::Shape* in = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, in);
    const gert::Tensor* axes = context->GetInputTensor(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, axes);
    gert::Shape* out = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, out);
    auto attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    const bool* keepDims = attrs->GetAttrPointer<bool>(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, keepDims);
    const auto n = static_cast<int32_t>(axes->GetShapeSize());
    if (n == 0) {
        *out = *in;
        return ge::GRAPH_SUCCESS;
    }
    switch (axes->GetDataType()) {
        case ge::DT_INT32: return ReduceDims<int32_t>(in, axes, n, *keepDims, out);
        case ge::DT_INT64: return ReduceDims<int64_t>(in, axes, n, *keepDims, out);
        default:
            OP_LOGE(context->GetNodeName(), "axes must be int32 or int64, not %s",
                    ToString(axes->GetDataType()).c_str());
            return ge::GRAPH_FAILED;
    }
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_INFERSHAPE_REDUCE_UTIL_H
