// kernelgen CPU emulator: "kernel_event.h" as kernels include it bare (asc-devkit impl/basic_api/kernel_event.h; CANN's kernel
// compile has asc-devkit's basic_api folders on its include path); the emulator keeps every API in kernel_operator.h.
#ifndef KGEMU_BARE_KERNEL_EVENT_H
#define KGEMU_BARE_KERNEL_EVENT_H

#include "kernel_operator.h"

#endif  // KGEMU_BARE_KERNEL_EVENT_H
