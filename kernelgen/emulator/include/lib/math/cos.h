// kernelgen CPU emulator: lib/math/cos.h, the older (CANN 8.x) path of the Cos advanced math API header. The
// emulator's Cos is in kernel_operator.h (kgemu/detail).
#include "kernel_operator.h"
