// kernelgen CPU emulator (host side): kernel_operator_intf.h, the interface header CANN's kernel_operator.h itself includes.
#ifndef KGEMU_KERNEL_OPERATOR_INTF_H
#define KGEMU_KERNEL_OPERATOR_INTF_H
#include "kernel_operator.h"
#endif  // KGEMU_KERNEL_OPERATOR_INTF_H
