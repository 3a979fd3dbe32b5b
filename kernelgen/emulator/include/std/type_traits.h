// kernelgen CPU emulator: "std/type_traits.h", asc-devkit's include/utils/std/type_traits.h by the path relative to include/utils
// (matmul/common/cmct/utils/common_utils.h includes it so): see utils/std/type_traits.h.
#include "utils/std/type_traits.h"
