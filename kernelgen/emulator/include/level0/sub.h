// kernelgen CPU emulator: level0/sub.h.
#ifndef KGEMU_LEVEL0_SUB_H
#define KGEMU_LEVEL0_SUB_H

#include "opdev/op_executor.h"

namespace l0op {
// self - other with numpy broadcasting, both of one dtype (the caller promotes), as a new contiguous tensor.
const aclTensor* Sub(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_SUB_H
