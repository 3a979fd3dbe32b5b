// kernelgen CPU emulator: "std/algorithm.h", asc-devkit's include/utils/std/algorithm.h by the path relative to include/utils
// (matmul/common/cmct/utils/common_utils.h includes it so): see utils/std/algorithm.h.
#include "utils/std/algorithm.h"
