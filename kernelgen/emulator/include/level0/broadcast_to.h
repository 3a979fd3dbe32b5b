// kernelgen CPU emulator: level0/broadcast_to.h.
#ifndef KGEMU_LEVEL0_BROADCAST_TO_H
#define KGEMU_LEVEL0_BROADCAST_TO_H

#include "opdev/op_executor.h"

namespace l0op {
// x expanded (numpy rules) to the dims in shape, as a new contiguous tensor; null when x does not broadcast.
const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);
// CANN's form with the output tensor y and the shape as a tensor: x expanded to y's shape (a new tensor).
const aclTensor* BroadcastTo(const aclTensor* x, const aclTensor* y, const aclTensor* shape, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_BROADCAST_TO_H
