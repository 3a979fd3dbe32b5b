// kernelgen CPU emulator: lib/math/sin.h, the older (CANN 8.x) path of the Sin advanced math API header. The
// emulator's Sin is in kernel_operator.h (kgemu/detail).
#include "kernel_operator.h"
