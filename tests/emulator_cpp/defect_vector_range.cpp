// Defect class: vector operands that run past the end of their LocalTensor's buffer.
#include "emu_test.h"

namespace d_vr {
using namespace AscendC;

__global__ __aicore__ void overrun() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(q, 1, 1024);
    pipe.InitBuffer(b, 2048);
    LocalTensor<float> x = q.AllocTensor<float>();
    LocalTensor<float> y = b.Get<float>();
    Duplicate(x, 0.0f, 256);
    Add(y, x, x, 300);  // x has 256 floats
}

__global__ __aicore__ void subview_overrun() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> y = b.Get<float>();
    Muls(y[64], y[64], 2.0f, 256);  // 64 + 256 > 256
}

__global__ __aicore__ void repeat_overrun() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> y = b.Get<float>();
    Duplicate(y, 0.0f, 256);
    Add(y, y, y, 64, 5, {1, 1, 1, 8, 8, 8});  // 5 repeats of 256 bytes
}
}  // namespace d_vr

KG_TEST(vector_range_overrun) { kgtest::run_one("ascend910b", {}, [] { d_vr::overrun(); }); }
KG_TEST(vector_range_subview) { kgtest::run_one("ascend910b", {}, [] { d_vr::subview_overrun(); }); }
KG_TEST(vector_range_repeat) { kgtest::run_one("ascend910b", {}, [] { d_vr::repeat_overrun(); }); }
