// kernelgen CPU emulator: "utils/init_global_memory.h" (asc-devkit adv_api/utils/init_global_memory.h, included so by
// conv3d_backprop_filter_v2's arch35 init-output kernel): the GM Fill it declares is in kernel_operator.h
// (kgemu/detail/scalar_utils.h).
#ifndef KGEMU_UTILS_INIT_GLOBAL_MEMORY_H
#define KGEMU_UTILS_INIT_GLOBAL_MEMORY_H

#include "kernel_operator.h"

#endif  // KGEMU_UTILS_INIT_GLOBAL_MEMORY_H
