// kernelgen CPU emulator: "lib/std/type_traits.h", the path CANN's installed adv_api headers give asc-devkit's
// include/utils/std/type_traits.h (the cmct gemm templates include it so): see utils/std/type_traits.h.
#include "utils/std/type_traits.h"
