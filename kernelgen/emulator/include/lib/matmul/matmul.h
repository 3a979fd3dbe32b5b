// kernelgen CPU emulator: "lib/matmul/matmul.h", the Matmul high-level API as kernels include it by its asc-devkit path
// (adv_api/matmul/matmul.h); the emulator's is lib/matmul_intf.h.
#ifndef KGEMU_LIB_MATMUL_MATMUL_H
#define KGEMU_LIB_MATMUL_MATMUL_H

#include "lib/matmul_intf.h"

#endif  // KGEMU_LIB_MATMUL_MATMUL_H
