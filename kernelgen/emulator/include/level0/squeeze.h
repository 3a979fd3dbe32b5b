// kernelgen CPU emulator: level0/squeeze.h.
#ifndef KGEMU_LEVEL0_SQUEEZE_H
#define KGEMU_LEVEL0_SQUEEZE_H

#include "opdev/op_executor.h"

namespace l0op {
// x without the size-1 dims listed in dim (negative from the end; a listed dim whose size is not 1 stays), as
// a contiguous tensor holding x's elements in row-major order.
const aclTensor* SqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor);
const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_SQUEEZE_H
