// Defect class: LocalTensor operands (sub-views included) that are not 32-byte aligned.
#include "emu_test.h"

namespace d_la {
using namespace AscendC;

__global__ __aicore__ void subview_copy(GM_ADDR x) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<float> xg;
    xg.SetGlobalBuffer((__gm__ float*)x, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t[3], xg, 8);  // UB offset 12
}

__global__ __aicore__ void subview_vector() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    LocalTensor<half> t = b.Get<half>();
    Duplicate(t, half(1.0f), 256);
    Adds(t[8], t[8], half(2.0f), 64);  // t[8] starts 16 bytes in: not 32-byte aligned
}

__global__ __aicore__ void tbuf_offset() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    LocalTensor<float> t = b.GetWithOffset<float>(16, 48);
    (void)t;
}
}  // namespace d_la

KG_TEST(local_unaligned_datacopy) {
    kgtest::Gm x("x", 256);
    kgtest::run_one("ascend910b", {&x}, [&] { d_la::subview_copy(x.ptr()); });
}
KG_TEST(local_unaligned_vector) { kgtest::run_one("ascend910b", {}, [] { d_la::subview_vector(); }); }
KG_TEST(local_unaligned_getwithoffset) { kgtest::run_one("ascend910b", {}, [] { d_la::tbuf_offset(); }); }
