// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_kernel/kernel_utils.h, the integer helpers of kernels
// (reached as "../inc/kernel_utils.h"): Ceil/CeilDiv round up, CeilAlign/Aligned round up to a multiple, FloorDiv
// rounds down; a zero divisor gives 0 (instead of a division fault).
#ifndef KGEMU_OPSNN_KERNEL_UTILS_H
#define KGEMU_OPSNN_KERNEL_UTILS_H

#include "kernel_operator.h"

namespace ops {
template <typename Tp, Tp v>
struct IntegralConstant {
    static constexpr Tp value = v;
};
template <typename, typename>
struct IsSame : public IntegralConstant<bool, false> {};
template <typename Tp>
struct IsSame<Tp, Tp> : public IntegralConstant<bool, true> {};

template <typename T>
__aicore__ inline T CeilDiv(T a, T b) { return b == 0 ? T(0) : static_cast<T>((a + b - 1) / b); }
template <typename T>
__aicore__ inline T Ceil(T a, T b) { return CeilDiv(a, b); }
template <typename T>
__aicore__ inline T CeilAlign(T a, T b) { return static_cast<T>(CeilDiv(a, b) * b); }
template <typename T>
__aicore__ inline T Aligned(T value, T alignment) { return CeilAlign(value, alignment); }
template <typename T>
__aicore__ inline T FloorDiv(T a, T b) { return b == 0 ? T(0) : static_cast<T>(a / b); }
}  // namespace ops

#endif  // KGEMU_OPSNN_KERNEL_UTILS_H
