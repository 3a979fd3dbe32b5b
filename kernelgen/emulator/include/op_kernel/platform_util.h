// kernelgen CPU emulator: stand-in for CANN opbase's op_common/op_kernel/platform_util.h, which ops-nn's build copies
// into the kernels' common include folder so that kernels reach it as "op_kernel/platform_util.h".
// Ops::Base: the UB block (32 bytes: the unit of UB alignment and of DataCopy block counts) and the vector register
// width (256 bytes on every SOC the emulator models, Ascend 950's VECTOR_REG_WIDTH included).
#ifndef KGEMU_OP_KERNEL_PLATFORM_UTIL_H
#define KGEMU_OP_KERNEL_PLATFORM_UTIL_H

#include "kernel_operator.h"

namespace Ops {
namespace Base {
__aicore__ inline constexpr uint32_t GetUbBlockSize() { return 32U; }
__aicore__ inline constexpr uint32_t GetVRegSize() { return 256U; }
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_KERNEL_PLATFORM_UTIL_H
