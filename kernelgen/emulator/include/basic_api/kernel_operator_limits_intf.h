// kernelgen CPU emulator: NumericLimits under the header path asc-devkit documents
// ("basic_api/kernel_operator_limits_intf.h"); the implementation is private (kgemu/detail/limits.h).
#ifndef KGEMU_BASIC_API_LIMITS_INTF_H
#define KGEMU_BASIC_API_LIMITS_INTF_H
#include "kernel_operator.h"
#endif  // KGEMU_BASIC_API_LIMITS_INTF_H
