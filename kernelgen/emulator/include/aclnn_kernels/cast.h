// kernelgen CPU emulator: aclnn_kernels/cast.h. l0op::Cast converts every element to dstDtype
// (to float16/bfloat16/float: round to nearest even; float to integer: truncation, saturating).
#ifndef KGEMU_ACLNN_KERNELS_CAST_H
#define KGEMU_ACLNN_KERNELS_CAST_H

#include "opdev/op_executor.h"

namespace l0op {
// Returns self when it already has dstDtype; null (with an error logged) for dtypes Cast cannot convert.
const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_ACLNN_KERNELS_CAST_H
