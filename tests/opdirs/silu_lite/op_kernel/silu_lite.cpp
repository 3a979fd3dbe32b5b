// SiluLite kernel entry: schMode (from the template tiling key) picks the element type and the cast path.
#include "kernel_operator.h"
#include "silu_lite.h"

template <uint32_t schMode>
__global__ __aicore__ void silu_lite(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    // the struct registered after its use (activation/hardtanh_grad): a marker of the whole function on CANN
    GET_TILING_DATA(tilingData, tiling);
    REGISTER_TILING_DEFAULT(SiluLiteTilingData);
    AscendC::TPipe pipe;
    if constexpr (schMode == SILU_LITE_TPL_FP32) {
        NsSiluLite::SiluLite<float, false> op;
        op.Init(x, y, &tilingData);
        op.Process();
    } else if constexpr (schMode == SILU_LITE_TPL_FP16) {
        NsSiluLite::SiluLite<half, true> op;
        op.Init(x, y, &tilingData);
        op.Process();
    }
}
