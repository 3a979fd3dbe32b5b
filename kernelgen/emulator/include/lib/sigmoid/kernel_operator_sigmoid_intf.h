// kernelgen CPU emulator: lib/sigmoid/kernel_operator_sigmoid_intf.h, the deprecated CANN 8.x name of the Sigmoid
// advanced API header (foreach_sigmoid's kernel). The emulator's Sigmoid is in kernel_operator.h
// (kgemu/detail/advanced.h).
#include "kernel_operator.h"
