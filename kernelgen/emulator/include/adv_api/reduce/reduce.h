// kernelgen CPU emulator: adv_api/reduce/reduce.h, an asc-devkit kernel API header (its kernel headers are split into
// basic_api/ and adv_api/ folders); the emulator keeps every API in kernel_operator.h (kgemu/detail).
#include "kernel_operator.h"
