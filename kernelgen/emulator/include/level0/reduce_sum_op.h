// kernelgen CPU emulator: level0/reduce_sum_op.h.
#ifndef KGEMU_LEVEL0_REDUCE_SUM_OP_H
#define KGEMU_LEVEL0_REDUCE_SUM_OP_H

#include "opdev/op_executor.h"

namespace l0op {
// The sum of x over `axes` (negative axes count from the end; empty axes: no reduction, a copy), kept as size-1
// dims with keep_dims; accumulated in double, rounded once to x's dtype.
const aclTensor* ReduceSumOp(const aclTensor* x, const aclIntArray* axes, bool keep_dims, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_REDUCE_SUM_OP_H
