// Defect classes: a second live TPipe, partially overlapping vector operands, dtypes outside the API's SOC
// table, an in-place advanced API, kernel ASSERT, and use of a queue before InitBuffer.
#include "emu_test.h"

namespace d_misc {
using namespace AscendC;

__global__ __aicore__ void two_pipes() {
    TPipe a;
    TPipe b;
}

__global__ __aicore__ void partial_overlap() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4096);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, 1024);
    Add(t[8], t, t, 256);  // dst starts 32 bytes into src0
}

__global__ __aicore__ void abs_int32() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<int32_t> t = buf.Get<int32_t>();
    Duplicate(t, 1, 64);
    Abs(t, t, 64);
}

__global__ __aicore__ void sigmoid_in_place() {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.5f, 64);
    Sigmoid(t, t, 64);  // the library API forbids src/dst overlap
}

__global__ __aicore__ void kernel_assert(uint32_t n) {
    ASSERT(n % 8 == 0);
}

// the kernel assert's message form (asc-devkit assert.md), as ops-nn's index kernels write it
__global__ __aicore__ void kernel_assert_message(uint32_t n, uint32_t limit) {
    assert(n <= limit, "n %u exceeds the limit %u\n", n, limit);
}

__global__ __aicore__ void queue_before_init() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    LocalTensor<float> t = q.AllocTensor<float>();
}
}  // namespace d_misc

KG_TEST(second_tpipe) { kgtest::run_one("ascend910b", {}, [] { d_misc::two_pipes(); }); }
KG_TEST(partial_overlap) { kgtest::run_one("ascend910b", {}, [] { d_misc::partial_overlap(); }); }
KG_TEST(dtype_abs_int32) { kgtest::run_one("ascend910b", {}, [] { d_misc::abs_int32(); }); }
KG_TEST(sigmoid_in_place) { kgtest::run_one("ascend910b", {}, [] { d_misc::sigmoid_in_place(); }); }
KG_TEST(kernel_assert) { kgtest::run_one("ascend910b", {}, [] { d_misc::kernel_assert(5); }); }
KG_TEST(kernel_assert_message) { kgtest::run_one("ascend910b", {}, [] { d_misc::kernel_assert_message(7, 4); }); }
KG_TEST(queue_before_init) { kgtest::run_one("ascend910b", {}, [] { d_misc::queue_before_init(); }); }
