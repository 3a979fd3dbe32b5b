// kernelgen CPU emulator: "lib/std/utility.h", the path CANN's installed adv_api headers give asc-devkit's
// include/utils/std/utility.h (the cmct gemm templates include it so): see utils/std/utility.h.
#include "utils/std/utility.h"
