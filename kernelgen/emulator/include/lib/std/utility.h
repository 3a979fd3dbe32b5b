// kernelgen CPU emulator: "lib/std/utility.h", asc-devkit's include/utils/std/utility.h by the path the cmct gemm templates
// include it with (matmul/common/cmct/utils/tuple_utils.h): see utils/std/utility.h.
#include "utils/std/utility.h"
