// kernelgen CPU emulator: "lib/std/tuple.h", asc-devkit's include/utils/std/tuple.h by the path the cmct gemm templates
// include it with (matmul/common/cmct/utils/tuple_utils.h): see utils/std/tuple.h.
#include "utils/std/tuple.h"
