// kernelgen CPU emulator: aclnn_kernels/reshape.h.
#ifndef KGEMU_ACLNN_KERNELS_RESHAPE_H
#define KGEMU_ACLNN_KERNELS_RESHAPE_H

#include "opdev/op_executor.h"

namespace l0op {
// x's elements (row-major) under a new shape with the same element count, as a contiguous tensor; a -1 dim is
// inferred. Null (with an error) when the counts differ.
const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor);
const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_ACLNN_KERNELS_RESHAPE_H
