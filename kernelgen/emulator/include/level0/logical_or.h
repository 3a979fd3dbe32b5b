// kernelgen CPU emulator: level0/logical_or.h.
#ifndef KGEMU_LEVEL0_LOGICAL_OR_H
#define KGEMU_LEVEL0_LOGICAL_OR_H

#include "opdev/op_executor.h"

namespace l0op {
// self || other (nonzero is true) with numpy broadcasting, both of one dtype, as a new contiguous tensor.
const aclTensor* LogicalOr(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_LOGICAL_OR_H
