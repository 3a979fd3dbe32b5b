// Defect class: TBuf::Get<T>(n) beyond the TBuf's length, and use before InitBuffer.
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
}  // namespace d_tb

KG_TEST(tbuf_get_beyond) { kgtest::run_one("ascend910b", {}, [] { d_tb::get_too_many(); }); }
KG_TEST(tbuf_get_uninit) { kgtest::run_one("ascend910b", {}, [] { d_tb::get_uninit(); }); }
