// kernelgen CPU emulator: "lib/std/tuple.h", the path CANN's installed adv_api headers give asc-devkit's
// include/utils/std/tuple.h (the cmct gemm templates include it so): see utils/std/tuple.h.
#include "utils/std/tuple.h"
