// kernelgen CPU emulator: "kernel_tiling/kernel_tiling.h" of the Ascend C kernel side.
// In CANN it carries the tiling structs of the library APIs and the tiling macros; the emulator's tiling
// macros (GET_TILING_DATA*, REGISTER_TILING_DEFAULT, TILING_KEY_IS) come with kernel_operator.h; the matmul
// tiling struct TCubeTiling with kgemu/tcube_tiling.h, the LayerNorm ones with kgemu/layernorm_tiling_data.h.
#ifndef KGEMU_KERNEL_TILING_H
#define KGEMU_KERNEL_TILING_H

#include "kernel_operator.h"
#include "kgemu/tcube_tiling.h"
#include "kgemu/layernorm_tiling_data.h"

#endif  // KGEMU_KERNEL_TILING_H
