// Defect class: DataCopyPad on a SOC without it (910, 310P) and malformed DataCopyPad parameters; SetL2CacheHint
// on a SOC without it.
#include "emu_test.h"

namespace d_dcp {
using namespace AscendC;

__global__ __aicore__ void pad_copy(GM_ADDR x, uint32_t block_len, uint8_t right) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<float> xg;
    xg.SetGlobalBuffer((__gm__ float*)x, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopyExtParams p{1, block_len, 0, 0, 0};
    DataCopyPadExtParams<float> pad{true, 0, right, 0.0f};
    DataCopyPad(t, xg, p, pad);
    q.FreeTensor(t);
}

__global__ __aicore__ void l2_hint(GM_ADDR x) {
    GlobalTensor<float> xg;
    xg.SetGlobalBuffer((__gm__ float*)x, 64);
    xg.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
}
}  // namespace d_dcp

KG_TEST(l2_cache_hint_310p) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend310p", {&x}, [&] { d_dcp::l2_hint(x.ptr()); });
}

KG_TEST(datacopypad_910) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend910", {&x}, [&] { d_dcp::pad_copy(x.ptr(), 20, 0); });
}
KG_TEST(datacopypad_310p) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend310p", {&x}, [&] { d_dcp::pad_copy(x.ptr(), 20, 0); });
}
KG_TEST(datacopypad_blocklen_not_elem) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend910b", {&x}, [&] { d_dcp::pad_copy(x.ptr(), 22, 0); });
}
KG_TEST(datacopypad_pad_too_wide) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend910b", {&x}, [&] { d_dcp::pad_copy(x.ptr(), 20, 9); });
}
