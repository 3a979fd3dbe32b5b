// kernelgen CPU emulator: level0/cumsum.h.
#ifndef KGEMU_LEVEL0_CUMSUM_H
#define KGEMU_LEVEL0_CUMSUM_H

#include "opdev/op_executor.h"

namespace l0op {
// The inclusive cumulative sum of x along the axis that the 1-element integer tensor axis holds (read when the
// executor runs; negative from the end), accumulated in double and rounded to x's dtype element by element.
const aclTensor* Cumsum(const aclTensor* x, const aclTensor* axis, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_CUMSUM_H
