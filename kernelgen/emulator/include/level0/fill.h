// kernelgen CPU emulator: level0/fill.h.
#ifndef KGEMU_LEVEL0_FILL_H
#define KGEMU_LEVEL0_FILL_H

#include "opdev/op_executor.h"

namespace l0op {
// A contiguous tensor of shape outShape (value's dtype) with every element value[0]; dims is its shape as a
// tensor (accepted as CANN's Fill takes it, the shape comes from outShape).
const aclTensor* Fill(const aclTensor* dims, const aclTensor* value, const aclIntArray* outShape,
                      aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_FILL_H
