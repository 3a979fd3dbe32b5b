// kernelgen CPU emulator: aclnn_kernels/contiguous.h.
#ifndef KGEMU_ACLNN_KERNELS_CONTIGUOUS_H
#define KGEMU_ACLNN_KERNELS_CONTIGUOUS_H

#include "opdev/op_executor.h"

namespace l0op {
// A row-major copy of x's view (strides and storage offset honoured); x itself when it is already row-major
// with a zero offset.
const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor);
// Copies the contiguous x into y's view (y may be strided, with an offset); returns y. x and y need the same
// dtype and element count.
const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_ACLNN_KERNELS_CONTIGUOUS_H
