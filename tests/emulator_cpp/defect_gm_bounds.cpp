// Defect class: GM reads or writes outside the registered tensors (the family-A tail over-read/over-write).
#include "emu_test.h"

namespace d_gm {
using namespace AscendC;

// Copies n elements rounded up to 32 bytes, like a tiling that rounds lengths up.
__global__ __aicore__ void rounded_copy(GM_ADDR x, GM_ADDR z, uint32_t n, int64_t z_offset) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 4096);
    GlobalTensor<float> xg, zg;
    xg.SetGlobalBuffer((__gm__ float*)x, n);
    zg.SetGlobalBuffer((__gm__ float*)z + z_offset, n);
    const uint32_t rounded = (n + 7) / 8 * 8;
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, xg, rounded);
    q.EnQue(t);
    t = q.DeQue<float>();
    DataCopy(zg, t, rounded);
    q.FreeTensor(t);
}

__global__ __aicore__ void scalar_write(GM_ADDR z, uint32_t idx) {
    GlobalTensor<float> zg;
    zg.SetGlobalBuffer((__gm__ float*)z);
    zg.SetValue(idx, 1.0f);
}
}  // namespace d_gm

KG_TEST(gm_read_past_end) {
    kgtest::Gm x("x", 20), z("z", 64);
    kgtest::run_one("ascend910b", {&x, &z}, [&] { d_gm::rounded_copy(x.ptr(), z.ptr(), 5, 0); });
}
KG_TEST(gm_write_past_end) {
    kgtest::Gm x("x", 64), z("z", 20);
    kgtest::run_one("ascend910b", {&x, &z}, [&] { d_gm::rounded_copy(x.ptr(), z.ptr(), 5, 0); });
}
KG_TEST(gm_no_buffer) {
    kgtest::Gm x("x", 64), z("z", 64);
    kgtest::run_one("ascend910b", {&x, &z}, [&] { d_gm::rounded_copy(x.ptr(), z.ptr(), 8, 1 << 20); });
}
KG_TEST(gm_scalar_write) {
    kgtest::Gm z("z", 64);
    kgtest::run_one("ascend910b", {&z}, [&] { d_gm::scalar_write(z.ptr(), 16); });
}
