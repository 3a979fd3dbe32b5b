// kernelgen CPU emulator: the Ascend C kernel API ("kernel_operator.h") for g++, without CANN or an NPU.
//
// The same Ascend C kernel source compiles against this header and runs on the CPU emulator: names,
// signatures and semantics follow the Ascend C basic API, and every misuse that CANN's CPU-debug build
// aborts on (and a few it does not catch, like GM accesses outside the tensors) is reported as a
// kgemu::EmuError naming the API call. Private implementation lives under kgemu/detail/.
//
// Build: g++ -std=c++17 -O2 -D__NPU_ARCH__=<arch> -I <this dir> kernel.cpp runtime/kg_runtime.cpp
#ifndef KGEMU_KERNEL_OPERATOR_H
#define KGEMU_KERNEL_OPERATOR_H

#define KGEMU_INSIDE_KERNEL_OPERATOR 1

#include "kgemu/detail/base.h"
#include "kgemu/detail/numerics.h"
#include "kgemu/detail/state.h"
#include "kgemu/detail/tensor.h"
#include "kgemu/detail/int4.h"
#include "kgemu/detail/access.h"
#include "kgemu/detail/tpipe.h"
#include "kgemu/detail/sanitize.h"
#include "kgemu/detail/tbufpool.h"
#include "kgemu/detail/local_mem_allocator.h"
#include "kgemu/detail/data_copy.h"
#include "kgemu/detail/nddma.h"
#include "kgemu/detail/vec_common.h"
#include "kgemu/detail/vec_binary.h"
#include "kgemu/detail/vec_unary.h"
#include "kgemu/detail/cast.h"
#include "kgemu/detail/int4_cast.h"
#include "kgemu/detail/cmp_select.h"
#include "kgemu/detail/sync.h"
#include "kgemu/detail/mutex.h"
#include "kgemu/detail/advanced.h"
#include "kgemu/detail/advanced_math.h"
#include "kgemu/detail/vec_mask.h"
#include "kgemu/detail/algo_config.h"
#include "kgemu/detail/broadcast.h"
#include "kgemu/detail/cross_core.h"
#include "kgemu/detail/nd2nz.h"
#include "kgemu/detail/extras.h"
#include "kgemu/detail/cube.h"
#include "kgemu/detail/dequant.h"
#include "kgemu/detail/scalar_atomic.h"
#include "kgemu/detail/block_vars.h"
#include "kgemu/detail/tiling.h"
#include "kgemu/detail/scalar_utils.h"
#include "kgemu/detail/gather.h"
#include "kgemu/detail/transpose.h"
#include "kgemu/detail/reduce_pair.h"
#include "kgemu/detail/reduce_pattern.h"
#include "kgemu/detail/system_scalar.h"
#include "kgemu/detail/arith_progression.h"
#include "kgemu/detail/sort.h"
#include "kgemu/detail/sort_config.h"
#include "kgemu/detail/topk_constants.h"
#include "kgemu/detail/kernel_assert.h"
#include "kgemu/detail/limits.h"
#include "kgemu/detail/vec_subs_copy.h"
#include "kgemu/detail/vec_scalar_tensor.h"
#include "kgemu/detail/vec_interleave.h"
#include "kgemu/detail/normalization.h"
// Ascend 950 register-level vector model (Reg / MicroAPI): kgemu/detail/reg/
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

#undef KGEMU_INSIDE_KERNEL_OPERATOR

// SIMT (Ascend 950): CANN's kernel_operator_intf.h includes simt_api/cpp/kernel_simt_intf.h on arch 3510 / 5102
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510 || __NPU_ARCH__ == 5102)
#include "kgemu/simt_api.h"
#endif

#endif  // KGEMU_KERNEL_OPERATOR_H
