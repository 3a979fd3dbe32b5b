// kernelgen CPU emulator: level0/axpy.h.
#ifndef KGEMU_LEVEL0_AXPY_H
#define KGEMU_LEVEL0_AXPY_H

#include "opdev/op_executor.h"

namespace l0op {
// self + alpha * other with numpy broadcasting, both of one dtype, as a new contiguous tensor.
const aclTensor* Axpy(const aclTensor* self, const aclTensor* other, float alpha, aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_LEVEL0_AXPY_H
