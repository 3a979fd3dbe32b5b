// kernelgen CPU emulator: level0/div.h.
#ifndef KGEMU_LEVEL0_DIV_H
#define KGEMU_LEVEL0_DIV_H

#include "opdev/op_executor.h"

namespace l0op {
// self / other with numpy broadcasting, both of one dtype (the caller promotes), as a new contiguous tensor.
const aclTensor* Div(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_DIV_H
