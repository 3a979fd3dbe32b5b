// kernelgen CPU emulator: "lib/std/algorithm.h", the path CANN's installed adv_api headers give asc-devkit's
// include/utils/std/algorithm.h (the cmct gemm templates include it so): see utils/std/algorithm.h.
#include "utils/std/algorithm.h"
