// kernelgen CPU emulator: "std/algorithm.h", asc-devkit's include/utils/std/algorithm.h relative to include/utils
// (matmul/common/cmct/utils/common_utils.h, mat_mul_v3_common.h include it so): see utils/std/algorithm.h.
#include "utils/std/algorithm.h"
