// Defect class: DataCopyPad on a SOC without it (910, 310P) and malformed DataCopyPad parameters.
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
}  // namespace d_dcp

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
