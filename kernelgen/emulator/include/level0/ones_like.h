// kernelgen CPU emulator: level0/ones_like.h.
#ifndef KGEMU_LEVEL0_ONES_LIKE_H
#define KGEMU_LEVEL0_ONES_LIKE_H

#include "opdev/op_executor.h"

namespace l0op {
// A contiguous tensor of self's shape and dtype with every element 1.
const aclTensor* OnesLike(const aclTensor* self, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_ONES_LIKE_H
