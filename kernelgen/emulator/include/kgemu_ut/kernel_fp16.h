// kernelgen CPU emulator: kernel_fp16.h, the CPU twin's header of the `half` type (CANN's tikicpulib ships it;
// asc-devkit's include/basic_api/kernel_common.h includes it in ASCENDC_CPU_DEBUG builds). ops-nn's kernel tests
// include it from their tiling headers (sync_batch_norm_gather_stats_tiling_def.h) to spell `half`; the emulator's
// half is declared with the kernel API.
#ifndef KGEMU_UT_KERNEL_FP16_H
#define KGEMU_UT_KERNEL_FP16_H

#include "kernel_operator.h"

#endif  // KGEMU_UT_KERNEL_FP16_H
