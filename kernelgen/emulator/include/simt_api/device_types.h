// kernelgen CPU emulator: asc-devkit's simt_api/device_types.h. The SIMT API is in kgemu/simt_api.h (one header for
// all of simt_api/, as the names of these headers overlap); see docs/emulator.md "SIMT".
#ifndef KGEMU_SIMT_API_DEVICE_TYPES_H
#define KGEMU_SIMT_API_DEVICE_TYPES_H
#include "kgemu/simt_api.h"
#endif
