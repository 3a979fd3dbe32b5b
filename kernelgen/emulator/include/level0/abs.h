// kernelgen CPU emulator: level0/abs.h.
#ifndef KGEMU_LEVEL0_ABS_H
#define KGEMU_LEVEL0_ABS_H

#include "opdev/op_executor.h"

namespace l0op {
// |self| elementwise as a new contiguous tensor of self's dtype.
const aclTensor* Abs(const aclTensor* self, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_ABS_H
