// kernelgen CPU emulator: "std/tuple.h", asc-devkit's include/utils/std/tuple.h by the path relative to include/utils
// (matmul/common/cmct/utils/common_utils.h includes it so): see utils/std/tuple.h.
#include "utils/std/tuple.h"
