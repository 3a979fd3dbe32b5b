// Miniature op_kernel test in ops-nn's pattern: GmAlloc'd tensors, ICPU_SET_TILING_KEY, ICPU_RUN_KF of a kernel
// whose blocks exchange data through the workspace across SyncAll (y's block 1 holds block 0's doubled x); the
// workspace's first bytes are the kernel's (the CPU twin's GetUserWorkspace); `half` spelt through the twin's
// kernel_fp16.h, as sync_batch_norm_gather_stats' tiling header does (and kernel_log.h, as relu_v3's).
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "kernel_fp16.h"
#include "kernel_log.h"

extern "C" __global__ __aicore__ void kg_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

TEST(KgCopyKernel, two_blocks)
{
    const uint32_t blocks = 2, per = 64;
    const size_t bytes = @ALLOC_ELEMS@ * sizeof(float);
    float* x = static_cast<float*>(AscendC::GmAlloc(bytes));
    float* y = static_cast<float*>(AscendC::GmAlloc(bytes));
    for (uint32_t i = 0; i < blocks * per && i < @ALLOC_ELEMS@; ++i) x[i] = static_cast<float>(i);
    uint32_t* tiling = static_cast<uint32_t*>(AscendC::GmAlloc(sizeof(uint32_t)));
    *tiling = per;
    uint8_t* ws = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
    ICPU_SET_TILING_KEY(0);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(kg_copy, blocks, (uint8_t*)x, (uint8_t*)y, ws, (uint8_t*)tiling);
    EXPECT_EQ(y[@CHECK@], @EXPECT@.0f);
    EXPECT_EQ(reinterpret_cast<float*>(ws)[10], @WS_EXPECT@.0f);  // block 0 doubled x[10] into the workspace's start
    EXPECT_EQ(static_cast<float>(half(20.0f)), 20.0f);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
    AscendC::GmFree(ws);
}
