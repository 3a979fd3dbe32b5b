// kernelgen CPU emulator: "std/utility.h", asc-devkit's include/utils/std/utility.h relative to include/utils
// (matmul/common/cmct/utils/common_utils.h, mat_mul_v3_common.h include it so): see utils/std/utility.h.
#include "utils/std/utility.h"
