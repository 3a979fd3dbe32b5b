// kernelgen CPU emulator: "kernel_operator_intf.h", which CANN kernels may include instead of kernel_operator.h.
#ifndef KGEMU_KERNEL_OPERATOR_INTF_H
#define KGEMU_KERNEL_OPERATOR_INTF_H

#include "kernel_operator.h"

#endif  // KGEMU_KERNEL_OPERATOR_INTF_H
