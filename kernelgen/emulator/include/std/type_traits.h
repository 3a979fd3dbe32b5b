// kernelgen CPU emulator: "std/type_traits.h", asc-devkit's include/utils/std/type_traits.h relative to include/utils
// (matmul/common/cmct/utils/common_utils.h, mat_mul_v3_common.h include it so): see utils/std/type_traits.h.
#include "utils/std/type_traits.h"
