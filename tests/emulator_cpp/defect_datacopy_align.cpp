// Defect class: count-form DataCopy whose byte length is not a multiple of 32 (the NPU rounds it down).
#include "emu_test.h"

namespace d_dca {
using namespace AscendC;

template <typename T>
__global__ __aicore__ void copy_kernel(GM_ADDR x, GM_ADDR y, uint32_t n, bool to_gm) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<T> xg, yg;
    xg.SetGlobalBuffer((__gm__ T*)x, n);
    yg.SetGlobalBuffer((__gm__ T*)y, n);
    LocalTensor<T> t = q.AllocTensor<T>();
    if (to_gm) {
        DataCopy(t, xg, 64 / sizeof(T));
        PipeBarrier<PIPE_ALL>();  // MTE2 before MTE3 reads t
        DataCopy(yg, t, n);
    } else {
        DataCopy(t, xg, n);
    }
    q.FreeTensor(t);
}
}  // namespace d_dca

KG_TEST(datacopy_unaligned_in) {
    kgtest::Gm x("x", 256), y("y", 256);
    kgtest::run_one("ascend910b", {&x, &y}, [&] { d_dca::copy_kernel<float>(x.ptr(), y.ptr(), 5, false); });
}
KG_TEST(datacopy_unaligned_out_half) {
    kgtest::Gm x("x", 256), y("y", 256);
    kgtest::run_one("ascend910b", {&x, &y}, [&] { d_dca::copy_kernel<half>(x.ptr(), y.ptr(), 17, true); });
}
KG_TEST(datacopy_aligned_ok) {
    kgtest::Gm x("x", 256), y("y", 256);
    kgtest::run_one("ascend910b", {&x, &y}, [&] { d_dca::copy_kernel<half>(x.ptr(), y.ptr(), 32, true); });
}
