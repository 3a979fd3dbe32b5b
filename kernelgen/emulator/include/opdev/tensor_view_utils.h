// kernelgen CPU emulator: opdev/tensor_view_utils.h.
#ifndef KGEMU_OPDEV_TENSOR_VIEW_UTILS_H
#define KGEMU_OPDEV_TENSOR_VIEW_UTILS_H

#include "opdev/common_types.h"

namespace op {
// Row-major strides and a zero view offset.
inline bool IsContiguous(const aclTensor* tensor)
{
    return tensor != nullptr && tensor->GetViewOffset() == 0 && tensor->IsRowMajor();
}
}  // namespace op

#endif  // KGEMU_OPDEV_TENSOR_VIEW_UTILS_H
