// TanhShrink kernel constants, under the same include guard as op_host/tanh_shrink_tiling.h (loss/ctc_loss_v3's
// op_kernel/ctc_loss_v3.h and op_host/ctc_loss_v3_tiling.h share CTC_LOSS_V3_H_).
#ifndef TANH_SHRINK_H_
#define TANH_SHRINK_H_
#include <cstdint>
namespace NsTanhShrink {
constexpr uint32_t kBlockBytes = 32;
}  // namespace NsTanhShrink
#endif
