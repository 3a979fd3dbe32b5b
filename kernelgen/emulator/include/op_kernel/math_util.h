// kernelgen CPU emulator: stand-in for CANN opbase's op_common/op_kernel/math_util.h (reached by kernels as
// "op_kernel/math_util.h"; ATVOSS's reduce schedule and about 70 main-tree kernels include it): integer division and
// alignment helpers of Ops::Base. CeilDiv and CeilAlign compute in a wider type, so a + b - 1 does not wrap for
// 8- and 16-bit operands.
#ifndef KGEMU_OP_KERNEL_MATH_UTIL_H
#define KGEMU_OP_KERNEL_MATH_UTIL_H

#include <cstdint>
#include <type_traits>

#include "kernel_operator.h"

namespace Ops {
namespace Base {
template <typename T>
__aicore__ inline T CeilDiv(T a, T b) {
    using W = typename std::conditional<(sizeof(T) <= 2), uint32_t, uint64_t>::type;
    return static_cast<T>((static_cast<W>(a) + static_cast<W>(b) - 1) / static_cast<W>(b));
}
template <typename T>
__aicore__ inline T FloorDiv(T a, T b) {
    return a / b;
}
template <typename T>
__aicore__ inline T CeilAlign(T a, T b) {
    return static_cast<T>(CeilDiv(a, b) * b);
}
template <typename T>
__aicore__ inline T FloorAlign(T a, T b) {
    return a / b * b;
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_KERNEL_MATH_UTIL_H
