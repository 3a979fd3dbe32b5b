// Defect class: InitBuffer totals above the SOC's UB (KgSoc::ub_pool), and the UB-above-documented warning.
#include "emu_test.h"

namespace d_ub {
using namespace AscendC;

// Double-buffered in/out queues sized from a tile that is too large for 910B's 192 KiB UB.
__global__ __aicore__ void kernel(uint32_t tile) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> in;
    TQue<QuePosition::VECOUT, 2> out;
    TBuf<QuePosition::VECCALC> tmp;
    pipe.InitBuffer(in, 2, tile * sizeof(float));
    pipe.InitBuffer(out, 2, tile * sizeof(float));
    pipe.InitBuffer(tmp, tile * sizeof(float));  // 5 * 4 * tile bytes in total
}

// Re-initialising a TBuf carves a fresh region (the gelu_grad 310B fp32 defect).
__global__ __aicore__ void reinit_kernel(uint32_t tile) {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> a, b;
    pipe.InitBuffer(a, tile * 4);
    pipe.InitBuffer(b, tile * 4);
    pipe.InitBuffer(a, tile * 4);
}
}  // namespace d_ub

KG_TEST(ub_overflow) { kgtest::run_one("ascend910b", {}, [] { d_ub::kernel(10000); }); }
KG_TEST(ub_overflow_reinit) { kgtest::run_one("ascend310b", {}, [] { d_ub::reinit_kernel(22000); }); }
KG_TEST(ub_fits_910) { kgtest::run_one("ascend910", {}, [] { d_ub::kernel(13000); }); }
KG_TEST(ub_above_documented) { kgtest::run_one("ascend910b", {}, [] { d_ub::kernel(9600); }); }
