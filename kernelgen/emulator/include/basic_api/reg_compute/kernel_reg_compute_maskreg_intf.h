// kernelgen CPU emulator: see kernel_reg_compute_intf.h (the whole Reg API).
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
