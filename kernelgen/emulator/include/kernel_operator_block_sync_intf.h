// kernelgen CPU emulator: "kernel_operator_block_sync_intf.h" as kernels include it bare (an asc-devkit basic_api header; CANN's kernel
// compile has asc-devkit's basic_api folders on its include path); the emulator keeps every API in kernel_operator.h.
#ifndef KGEMU_BARE_KERNEL_OPERATOR_BLOCK_SYNC_INTF_H
#define KGEMU_BARE_KERNEL_OPERATOR_BLOCK_SYNC_INTF_H

#include "kernel_operator.h"

#endif  // KGEMU_BARE_KERNEL_OPERATOR_BLOCK_SYNC_INTF_H
