// kernelgen CPU emulator: "utils/std/algorithm.h" (asc-devkit include/utils/std/algorithm.h, AscendC::Std's C++ standard library
// subset): the names are declared with the rest of AscendC::Std in kernel_operator.h (kgemu/detail/extras.h,
// scalar_utils.h).
#ifndef KGEMU_UTILS_STD_ALGORITHM_H
#define KGEMU_UTILS_STD_ALGORITHM_H

#include "kernel_operator.h"

#endif  // KGEMU_UTILS_STD_ALGORITHM_H
