// kernelgen CPU emulator (private, kernel side): the device compiler's built-in variables `block_idx` and
// `block_num`, which kernels read without declaring (ops-nn: the hash tables' SIMT kernels, add_layer_norm,
// deep_norm, quantize_add_layer_norm, ...). CANN's GetBlockIdx is built on them (asc-devkit
// impl/basic_api/dav_3510/kernel_operator_sys_var_impl.h): block_idx is the hardware block's index, so in a MIX
// launch an AIV reads its AIC's index (GetBlockIdx() is block_idx * GetTaskRatio() + GetSubBlockIdx() there);
// block_num is the launch's block dim, GetBlockNum().
//
// Emulation: read-only objects converting to int64_t (the built-ins' type, as asc_get_block_idx returns) that
// read the running block, so a variable, parameter or member of the same name in user code simply shadows them.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/block_vars.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_BLOCK_VARS_H
#define KGEMU_DETAIL_BLOCK_VARS_H

#include <cstdint>

#include "kgemu/detail/state.h"

namespace kgemu {
namespace detail {
struct BlockIdxVar {
    operator int64_t() const {
        const BlockState& b = block_state("block_idx");
        if (b.core_aic || b.task_ratio <= 1) return b.core_idx;
        return (b.core_idx - b.sub_idx) / b.task_ratio;
    }
};
struct BlockNumVar {
    operator int64_t() const { return block_state("block_num").core_num; }
};
}  // namespace detail
}  // namespace kgemu

inline constexpr kgemu::detail::BlockIdxVar block_idx{};
inline constexpr kgemu::detail::BlockNumVar block_num{};
// The same two as the device compiler's built-in functions (asc-devkit's debug utilities call get_block_idx() and
// get_block_num(); segment_sum's SIMT kernel indexes its workspace by get_block_idx()).
inline int64_t get_block_idx() { return block_idx; }
inline int64_t get_block_num() { return block_num; }

#endif  // KGEMU_DETAIL_BLOCK_VARS_H
