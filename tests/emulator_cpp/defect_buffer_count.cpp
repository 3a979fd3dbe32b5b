// Defect class: more than 64 buffers in one TPipe, InitBuffer num outside [1, 64].
#include "emu_test.h"

namespace d_nbuf {
using namespace AscendC;

__global__ __aicore__ void too_many() {
    TPipe pipe;
    TQue<QuePosition::VECCALC, 1> q[3];
    pipe.InitBuffer(q[0], 30, 64);
    pipe.InitBuffer(q[1], 30, 64);
    pipe.InitBuffer(q[2], 5, 64);  // 65 buffers
}

__global__ __aicore__ void bad_num(uint32_t num) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, num, 256);
}
}  // namespace d_nbuf

KG_TEST(buffer_count_65) { kgtest::run_one("ascend910b", {}, [] { d_nbuf::too_many(); }); }
KG_TEST(buffer_num_0) { kgtest::run_one("ascend910b", {}, [] { d_nbuf::bad_num(0); }); }
KG_TEST(buffer_num_65) { kgtest::run_one("ascend910b", {}, [] { d_nbuf::bad_num(65); }); }
