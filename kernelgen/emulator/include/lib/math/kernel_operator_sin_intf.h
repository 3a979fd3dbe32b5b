// kernelgen CPU emulator: lib/math/kernel_operator_sin_intf.h, the deprecated CANN 8.x name of the Sin advanced math
// API header (asc-devkit keeps such names as aliases that include the API's own header). The emulator's Sin is in
// kernel_operator.h (kgemu/detail/advanced_math.h).
#include "kernel_operator.h"
