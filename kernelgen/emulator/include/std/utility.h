// kernelgen CPU emulator: "std/utility.h", asc-devkit's include/utils/std/utility.h by the path relative to include/utils
// (matmul/common/cmct/utils/common_utils.h includes it so): see utils/std/utility.h.
#include "utils/std/utility.h"
