// kernelgen CPU emulator: level0/realdiv.h.
#ifndef KGEMU_LEVEL0_REALDIV_H
#define KGEMU_LEVEL0_REALDIV_H

#include "opdev/op_executor.h"

namespace l0op {
// self / other (true division) with numpy broadcasting, both of one dtype, as a new contiguous tensor.
const aclTensor* RealDiv(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_REALDIV_H
