// kernelgen CPU emulator: "lib/std/type_traits.h", asc-devkit's include/utils/std/type_traits.h by the path the cmct gemm templates
// include it with (matmul/common/cmct/utils/tuple_utils.h): see utils/std/type_traits.h.
#include "utils/std/type_traits.h"
