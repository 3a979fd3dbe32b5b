// kernelgen CPU emulator: adv_api/math/power.h, asc-devkit's header of an advanced math API (its kernel headers are
// split into basic_api/ and adv_api/ folders); the emulator keeps every API in kernel_operator.h (kgemu/detail).
#include "kernel_operator.h"
