// kernelgen CPU emulator: kernel_log.h, the CPU twin's logging header (asc-devkit impl/basic_api/kernel_log.h:
// KERNEL_LOG, ASCENDC_ASSERT). CANN's generated kernel-UT tiling header includes it under ASCENDC_CPU_DEBUG
// (asc-devkit tools/build/asc_op_compile_base/asc_op_compiler/get_op_tiling.py, gen_dynamic_shape_v2), and tests
// ship copies of that header (relu_v3_tiling_def.h) that then spell __aicore__ and __gm__; the emulator's kernel
// API declares those.
#ifndef KGEMU_UT_KERNEL_LOG_H
#define KGEMU_UT_KERNEL_LOG_H

#include "kernel_operator.h"

#endif  // KGEMU_UT_KERNEL_LOG_H
