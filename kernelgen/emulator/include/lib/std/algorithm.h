// kernelgen CPU emulator: "lib/std/algorithm.h", asc-devkit's include/utils/std/algorithm.h by the path the cmct gemm templates
// include it with (matmul/common/cmct/utils/tuple_utils.h): see utils/std/algorithm.h.
#include "utils/std/algorithm.h"
