// kernelgen CPU emulator: level0/reduce_mean.h.
#ifndef KGEMU_LEVEL0_REDUCE_MEAN_H
#define KGEMU_LEVEL0_REDUCE_MEAN_H

#include "opdev/op_executor.h"

namespace l0op {
// The mean of self over `dim` (as ReduceSumOp, divided by the reduced element count). Empty dim reduces every
// axis, unless noopWithEmptyAxes (then a copy).
const aclTensor* ReduceMean(const aclTensor* self, const aclIntArray* dim, bool keepDim, aclOpExecutor* executor);
const aclTensor* ReduceMean(const aclTensor* self, const aclIntArray* dim, bool keepDim, bool noopWithEmptyAxes,
                            aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_REDUCE_MEAN_H
