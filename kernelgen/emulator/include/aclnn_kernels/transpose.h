// kernelgen CPU emulator: aclnn_kernels/transpose.h.
#ifndef KGEMU_ACLNN_KERNELS_TRANSPOSE_H
#define KGEMU_ACLNN_KERNELS_TRANSPOSE_H

#include "opdev/op_executor.h"

namespace l0op {
// x with its dims permuted (output dim i is x's dim perm[i], negative entries from the end), as a new contiguous
// tensor. Null (with an error) when perm is not a permutation of x's dims.
const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_ACLNN_KERNELS_TRANSPOSE_H
