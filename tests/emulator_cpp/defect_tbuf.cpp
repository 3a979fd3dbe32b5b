// Defect class: TBuf::Get<T>(n) beyond the TBuf's length, use before InitBuffer, and a LocalTensor::SetSize
// that runs past the end of UB (the block's local memory continues with L1 after it: cube_mem.h).
#include "emu_test.h"

namespace d_tb {
using namespace AscendC;

__global__ __aicore__ void get_too_many() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 1000);  // rounded up to 1024
    LocalTensor<float> ok = b.Get<float>(256);
    LocalTensor<float> bad = b.Get<float>(257);
}

__global__ __aicore__ void get_uninit() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    LocalTensor<float> t = b.Get<float>();
}

__global__ __aicore__ void set_size_past_ub() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> low, top;
    pipe.InitBuffer(low, 196608 - 1024);  // the 910B's UB pool, less the last KiB
    pipe.InitBuffer(top, 1024);
    LocalTensor<float> t = top.Get<float>();
    t.SetSize(512);  // 2048 bytes from the last KiB of UB
}
}  // namespace d_tb

KG_TEST(tbuf_get_beyond) { kgtest::run_one("ascend910b", {}, [] { d_tb::get_too_many(); }); }
KG_TEST(tbuf_get_uninit) { kgtest::run_one("ascend910b", {}, [] { d_tb::get_uninit(); }); }
KG_TEST(tbuf_set_size_past_ub) { kgtest::run_one("ascend910b", {}, [] { d_tb::set_size_past_ub(); }); }
