// kernelgen CPU emulator: level0/unsqueeze.h.
#ifndef KGEMU_LEVEL0_UNSQUEEZE_H
#define KGEMU_LEVEL0_UNSQUEEZE_H

#include "opdev/op_executor.h"

namespace l0op {
// x with a size-1 dim inserted at each position of `dim` (positions in the output's dims, negative ones from its
// end), as a contiguous tensor holding x's elements in row-major order.
const aclTensor* UnsqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor);
const aclTensor* UnsqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_UNSQUEEZE_H
