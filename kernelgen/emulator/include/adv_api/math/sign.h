// kernelgen CPU emulator: adv_api/math/sign.h, asc-devkit's header of the Sign advanced math API (its kernel headers are
// split into basic_api/ and adv_api/ folders). The emulator's Sign is in kernel_operator.h (kgemu/detail).
#include "kernel_operator.h"
