// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_kernel/platform.h (reached as "../inc/platform.h"):
// per-architecture constants of kernels. DataCopyPad exists on the 220 generation (910B/910_93, __CCE_AICORE__ 220),
// a UB block is 32 bytes, a vector register 256 bytes; SIMD atomic add of T is a 310 (950) feature.
#ifndef KGEMU_OPSNN_PLATFORM_H
#define KGEMU_OPSNN_PLATFORM_H

#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_utils.h"

#ifndef KERNEL_API
#define KERNEL_API extern "C" __global__ __aicore__
#endif
#ifndef MID_THREAD_NUM
#define MID_THREAD_NUM 1024
#endif

namespace platform {
__aicore__ inline constexpr bool IsDataCopyPadSupport() {
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 220
    return true;
#else
    return false;
#endif
}
__aicore__ inline constexpr uint32_t GetUbBlockSize() { return 32U; }
__aicore__ inline constexpr uint32_t GetVRegSize() { return 256U; }
template <typename T>
__aicore__ inline constexpr bool IsSupportAtomicAddTypeSIMD() {
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 310
    return true;
#else
    return false;
#endif
}
}  // namespace platform

namespace PlatformSocInfo {
__aicore__ inline constexpr bool IsDataCopyPadSupport() { return platform::IsDataCopyPadSupport(); }
}  // namespace PlatformSocInfo

#endif  // KGEMU_OPSNN_PLATFORM_H
