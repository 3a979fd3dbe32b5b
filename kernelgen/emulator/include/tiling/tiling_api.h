// kernelgen CPU emulator: tiling/tiling_api.h. On CANN this also declares the Ascend C library tiling
// helpers (matmul_tiling::*, AscendC::Get<Api>MaxMinTmpSize, SoftMax/LayerNorm tiling, ...). The emulator
// provides the platform and tiling-data parts, the Log/Log10, Sign, Tanh/Sigmoid, Sort and ReduceSum
// temporary-buffer helpers and TCubeTiling
// (matmul tiling calculators are declared but not emulated); any other library
// tiling helper is undeclared, so using one is a compile error that names it.
#ifndef KGEMU_TILING_TILING_API_H
#define KGEMU_TILING_TILING_API_H

#include "graph/types.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/math/log_tiling.h"
#include "tiling/math/sign_tiling.h"
#include "tiling/math/tanh_sigmoid_tiling.h"
#include "tiling/sort/sort_tiling.h"
#include "tiling/reduce/reduce_tiling.h"
#include "tiling/matmul_tiling.h"

#endif  // KGEMU_TILING_TILING_API_H
