// Miniature op_kernel test in ops-nn's pattern: ICPU_RUN_KF of a kernel whose blocks exchange data through the
// workspace behind a GM flag barrier (y's slice of block b is block b+1's doubled x). It pins AscendC::dec to the
// CPU twin's global `dec`, as lp_loss's and smooth_l1_loss_v2's tests do ("std::dec vs tikicpulib::dec").
#include "gtest/gtest.h"
#include "tikicpulib.h"

namespace AscendC {
static constexpr auto dec = ::dec;
}

extern "C" __global__ __aicore__ void kg_flag(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

TEST(KgFlagKernel, flag_barrier)
{
    const uint32_t blocks = 4, per = 16;
    float* x = static_cast<float*>(AscendC::GmAlloc(blocks * per * sizeof(float)));
    float* y = static_cast<float*>(AscendC::GmAlloc(blocks * per * sizeof(float)));
    for (uint32_t i = 0; i < blocks * per; ++i) x[i] = static_cast<float>(i);
    uint8_t* ws = static_cast<uint8_t*>(AscendC::GmAlloc(blocks * per * sizeof(float) + 32));
    auto* tiling = static_cast<KgFlagTiling*>(AscendC::GmAlloc(sizeof(KgFlagTiling)));
    tiling->perBlock = per;
    ICPU_SET_TILING_KEY(0);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(kg_flag, blocks, (uint8_t*)x, (uint8_t*)y, ws, (uint8_t*)tiling);
    EXPECT_EQ(y[@CHECK@], @EXPECT@.0f);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(ws);
    AscendC::GmFree(tiling);
}
