// kernelgen CPU emulator: "lib/matmul/tiling.h", the Matmul configuration by its older path (matmul/tiling.h).
#ifndef KGEMU_LIB_MATMUL_TILING_H
#define KGEMU_LIB_MATMUL_TILING_H

#include "matmul/tiling.h"

#endif  // KGEMU_LIB_MATMUL_TILING_H
