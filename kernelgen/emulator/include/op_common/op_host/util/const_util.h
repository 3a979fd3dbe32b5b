// kernelgen CPU emulator: Ops::Base::GetConstInt / GetConstIntToShape (op_common/op_host/util/const_util.h):
// read an integer input's host data. The data is visible only for inputs with a value dependency
// (OpParamDef::ValueDepend or InputsDataDependency), as on CANN; otherwise these log an error and fail.
#ifndef KGEMU_OP_COMMON_OP_HOST_UTIL_CONST_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_UTIL_CONST_UTIL_H

#include <type_traits>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
template <typename ContextType>
constexpr bool KgIsConstContext() {
    using U = typename std::remove_const<ContextType>::type;
    return std::is_same<U, gert::InferShapeContext>::value || std::is_same<U, gert::TilingContext>::value;
}

// Calls f(const T* data, size_t count) with the tensor's data as its integer type; false for other dtypes.
template <typename F>
bool KgVisitIntTensor(const gert::Tensor* t, F&& f) {
    const size_t n = static_cast<size_t>(t->GetShapeSize());
    switch (t->GetDataType()) {
        case ge::DT_INT32: return f(t->GetData<int32_t>(), n);
        case ge::DT_INT64: return f(t->GetData<int64_t>(), n);
        case ge::DT_UINT32: return f(t->GetData<uint32_t>(), n);
        case ge::DT_UINT64: return f(t->GetData<uint64_t>(), n);
        default: return false;
    }
}

template <typename ContextType, typename T>
bool GetConstInt(const ContextType* context, int64_t inputIdx, T& value) {
    static_assert(KgIsConstContext<ContextType>(), "ContextType should be gert::InferShapeContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstInt", "context is nullptr"), return false);
    const gert::Tensor* t = context->GetInputTensor(inputIdx);
    OP_CHECK_IF(t == nullptr, OP_LOGE("GetConstInt", "the constTensor is nullptr"), return false);
    const bool ok = KgVisitIntTensor(t, [&value](const auto* data, size_t n) {
        OP_CHECK_IF(data == nullptr || n == 0, OP_LOGE("GetConstInt", "const tensor GetData is nullptr or empty."),
                    return false);
        value = static_cast<T>(data[0]);
        return true;
    });
    if (!ok) {
        OP_LOGW(context->GetNodeName(), "GetConstInt only support [int32, int64, uint64, uint32] tensors with host data; "
                "input %ld is %s", static_cast<long>(inputIdx), ToString(t->GetDataType()).c_str());
    }
    return ok;
}

template <typename ContextType>
bool GetConstIntToShape(const ContextType* context, int64_t inputIdx, gert::Shape& shape) {
    static_assert(KgIsConstContext<ContextType>(), "ContextType should be gert::InferShapeContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstIntToShape", "context is nullptr"), return false);
    const gert::Tensor* t = context->GetInputTensor(inputIdx);
    OP_CHECK_IF(t == nullptr, OP_LOGE("GetConstIntToShape", "the constTensor is nullptr, return false"), return false);
    const bool ok = KgVisitIntTensor(t, [&shape](const auto* data, size_t n) {
        OP_CHECK_IF(data == nullptr, OP_LOGE("GetConstIntToShape", "const tensor GetData is nullptr"), return false);
        shape.SetDimNum(0);
        for (size_t i = 0; i < n; ++i) shape.AppendDim(static_cast<int64_t>(data[i]));
        return true;
    });
    if (!ok) {
        OP_LOGW(context->GetNodeName(), "GetConstIntToShape only support [int32, int64, uint64, uint32] tensors with "
                "host data; input %ld is %s", static_cast<long>(inputIdx), ToString(t->GetDataType()).c_str());
    }
    return ok;
}

// The values of a value-dependent integer tensor, read as T, become the shape's dims (an infershape that takes an
// output shape from a `size` input, e.g. ops-math's AsStrided). A tensor without host data leaves the shape empty.
template <typename T>
void GetValueToShape(const gert::Tensor* t, gert::Shape& shape) {
    shape.SetDimNum(0);
    const T* data = t == nullptr ? nullptr : t->GetData<T>();
    if (data == nullptr) return;
    const size_t n = static_cast<size_t>(t->GetShapeSize());
    for (size_t i = 0; i < n; ++i) shape.AppendDim(static_cast<int64_t>(data[i]));
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_UTIL_CONST_UTIL_H
