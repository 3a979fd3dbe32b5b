// kernelgen CPU emulator: "std/tuple.h", asc-devkit's include/utils/std/tuple.h relative to include/utils
// (matmul/common/cmct/utils/common_utils.h, mat_mul_v3_common.h include it so): see utils/std/tuple.h.
#include "utils/std/tuple.h"
