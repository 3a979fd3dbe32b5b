// kernelgen CPU emulator: asc-devkit's simt_api/cpp/kernel_simt_warp_level_intf.h. The SIMT API is in kgemu/simt_api.h (one header for
// all of simt_api/, as the names of these headers overlap); see docs/emulator.md "SIMT".
#ifndef KGEMU_SIMT_API_CPP_KERNEL_SIMT_WARP_LEVEL_INTF_H
#define KGEMU_SIMT_API_CPP_KERNEL_SIMT_WARP_LEVEL_INTF_H
#include "kgemu/simt_api.h"
#endif
