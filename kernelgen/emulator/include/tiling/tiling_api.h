// kernelgen CPU emulator: tiling/tiling_api.h. On CANN this also declares the Ascend C library tiling
// helpers (matmul_tiling::*, AscendC::Get<Api>MaxMinTmpSize, SoftMax/LayerNorm tiling, ...). The emulator
// provides only the platform and tiling-data parts; any library tiling helper is undeclared, so using one
// is a compile error that names it.
#ifndef KGEMU_TILING_TILING_API_H
#define KGEMU_TILING_TILING_API_H

#include "graph/types.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

#endif  // KGEMU_TILING_TILING_API_H
