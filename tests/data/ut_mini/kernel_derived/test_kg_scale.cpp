// Miniature op_kernel test in ops-nn's pattern for an operator whose tiling struct is a host BEGIN_TILING_DATA_DEF
// class: the test fills the struct CANN's UT build derives (KgScaleTilingData, force-included) and runs ICPU_RUN_KF.
#include <cstddef>
#include "gtest/gtest.h"
#include "tikicpulib.h"

extern "C" __global__ __aicore__ void kg_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

TEST(KgScaleKernel, derived_tiling_struct)
{
    // the layout the host class writes: 4 + 4 + 2 (+2 padding) + 12 + 8 = 32 bytes
    static_assert(sizeof(KgScaleTilingData) == 32, "tiling struct size");
    static_assert(offsetof(KgScaleTilingData, total) == 24, "tiling struct layout");
    const uint32_t blocks = 2, per = 64;
    float* x = static_cast<float*>(AscendC::GmAlloc(blocks * per * sizeof(float)));
    float* y = static_cast<float*>(AscendC::GmAlloc(blocks * per * sizeof(float)));
    for (uint32_t i = 0; i < blocks * per; ++i) x[i] = static_cast<float>(i);
    // a tiling buffer larger than the struct, as tests that size it generously (1024 bytes) do
    auto* t = static_cast<KgScaleTilingData*>(AscendC::GmAlloc(1024));
    t->perBlock = per;
    t->scale = 1.5f;
    t->total = 1;
    uint8_t* ws = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(kg_scale, blocks, (uint8_t*)x, (uint8_t*)y, ws, (uint8_t*)t);
    EXPECT_EQ(y[100], @EXPECT@f);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(t);
    AscendC::GmFree(ws);
}
