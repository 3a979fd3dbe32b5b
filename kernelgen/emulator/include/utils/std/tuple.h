// kernelgen CPU emulator: "utils/std/tuple.h" (asc-devkit include/utils/std/tuple.h, AscendC::Std's C++ standard library
// subset): the names are declared with the rest of AscendC::Std in kernel_operator.h (kgemu/detail/extras.h,
// scalar_utils.h).
#ifndef KGEMU_UTILS_STD_TUPLE_H
#define KGEMU_UTILS_STD_TUPLE_H

#include "kernel_operator.h"

#endif  // KGEMU_UTILS_STD_TUPLE_H
