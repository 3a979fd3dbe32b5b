// kernelgen CPU emulator: level0/muls.h.
#ifndef KGEMU_LEVEL0_MULS_H
#define KGEMU_LEVEL0_MULS_H

#include "opdev/op_executor.h"

namespace l0op {
// x * value as a new contiguous tensor of x's dtype (float32 arithmetic, rounded to the dtype).
const aclTensor* Muls(const aclTensor* x, float value, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_MULS_H
