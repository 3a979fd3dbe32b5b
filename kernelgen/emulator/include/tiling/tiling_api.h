// kernelgen CPU emulator: tiling/tiling_api.h. On CANN this also declares the Ascend C library tiling
// helpers (matmul_tiling::*, AscendC::Get<Api>MaxMinTmpSize, SoftMax/LayerNorm tiling, ...). The emulator
// provides the platform and tiling-data parts, the Log/Log10, Sign, Tanh/Sigmoid, Power, Exp, Sort and ReduceSum
// temporary-buffer helpers, the LayerNorm / WelfordUpdate / WelfordFinalize / Normalize tilings and TCubeTiling
// (matmul tiling calculators are declared but not emulated); any other library
// tiling helper is undeclared, so using one is a compile error that names it.
#ifndef KGEMU_TILING_TILING_API_H
#define KGEMU_TILING_TILING_API_H

// <unordered_set>: CANN's host build compiles norm/layer_norm_v3's arch35 tiling_base.cpp, which names
// std::unordered_set with no include of its own and reaches it only through CANN's headers (its includes:
// op_impl_registry.h, tilingdata_base.h, tiling_api.h, op_host/tiling_base.h); which of them brings it is not in the
// corpora, so the emulator gives it with the widest of them.
#include <unordered_set>

#include "graph/types.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/math/log_tiling.h"
#include "tiling/math/sign_tiling.h"
#include "tiling/math/tanh_sigmoid_tiling.h"
#include "tiling/math/power_tiling.h"
#include "tiling/math/exp_tiling.h"
#include "tiling/normalization/layernorm_tiling.h"
#include "tiling/normalization/normalize_tiling.h"
#include "tiling/normalization/welfordfinalize_tiling.h"
#include "tiling/sort/sort_tiling.h"
#include "tiling/reduce/reduce_tiling.h"
#include "tiling/matmul_tiling.h"

// The cube constants asc-devkit's host tiling API declares in AscendC (its transpose/confusion_transpose_tiling.h,
// which tiling_api.h includes; conv3d_backprop_filter_v2's arch35 tiling reads AscendC::BLOCK_CUBE). The kernel
// side declares its own under the same guards (kgemu/detail/base.h), as CANN does.
namespace AscendC {
#ifndef ASCC_PARAM_BLOCK_CUBE
#define ASCC_PARAM_BLOCK_CUBE
constexpr uint32_t BLOCK_CUBE = 16;
#endif
#ifndef ASCC_PARAM_ONE_BLK_SIZE
#define ASCC_PARAM_ONE_BLK_SIZE
constexpr uint32_t ONE_BLK_SIZE = 32;
#endif
#ifndef ASCC_PARAM_CUBE_MAX_SIZE
#define ASCC_PARAM_CUBE_MAX_SIZE
constexpr int32_t CUBE_MAX_SIZE = 256;
#endif
}  // namespace AscendC

#endif  // KGEMU_TILING_TILING_API_H
