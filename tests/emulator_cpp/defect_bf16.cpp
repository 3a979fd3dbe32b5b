// Defect class: bfloat16_t use beyond the SOC's bf16 level (910B: DataCopy/Duplicate/Cast only; 310P: none).
#include "emu_test.h"

namespace d_bf {
using namespace AscendC;

__global__ __aicore__ void bf16_add(GM_ADDR x) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<QuePosition::VECCALC> f;
    pipe.InitBuffer(q, 1, 512);
    pipe.InitBuffer(f, 1024);
    GlobalTensor<bfloat16_t> xg;
    xg.SetGlobalBuffer((__gm__ bfloat16_t*)x, 256);
    LocalTensor<bfloat16_t> t = q.AllocTensor<bfloat16_t>();
    DataCopy(t, xg, 256);                       // fine at level 1
    PipeBarrier<PIPE_ALL>();
    LocalTensor<float> tf = f.Get<float>();
    Cast(tf, t, RoundMode::CAST_NONE, 256);     // fine at level 1
    PipeBarrier<PIPE_ALL>();
    Duplicate(t, bfloat16_t(1.0f), 256);        // fine at level 1
    Add(t, t, t, 256);                          // arithmetic: level 2 only
    q.FreeTensor(t);
}
}  // namespace d_bf

KG_TEST(bf16_add_910b) {
    kgtest::Gm x("x", 512);
    kgtest::run_one("ascend910b", {&x}, [&] { d_bf::bf16_add(x.ptr()); });
}
KG_TEST(bf16_add_950_ok) {
    kgtest::Gm x("x", 512);
    kgtest::run_one("ascend950", {&x}, [&] { d_bf::bf16_add(x.ptr()); });
}
KG_TEST(bf16_copy_310p) {
    kgtest::Gm x("x", 512);
    kgtest::run_one("ascend310p", {&x}, [&] { d_bf::bf16_add(x.ptr()); });
}
