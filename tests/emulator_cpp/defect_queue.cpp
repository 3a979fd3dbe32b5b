// Defect class: queue misuse (the TQue state machine) and the per-TPosition event limit (QUE_MAX_EVENT).
#include "emu_test.h"

namespace d_q {
using namespace AscendC;

__global__ __aicore__ void alloc_no_free_buffer() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 256);
    LocalTensor<float> a = q.AllocTensor<float>();
    LocalTensor<float> b = q.AllocTensor<float>();
    LocalTensor<float> c = q.AllocTensor<float>();  // both buffers are in use
}

__global__ __aicore__ void enque_past_depth() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 2, 256);
    LocalTensor<float> a = q.AllocTensor<float>();
    LocalTensor<float> b = q.AllocTensor<float>();
    q.EnQue(a);
    q.EnQue(b);  // depth 1
}

__global__ __aicore__ void deque_empty() {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> a = q.AllocTensor<float>();
    LocalTensor<float> b = q.DeQue<float>();  // nothing was enqueued
}

__global__ __aicore__ void free_twice() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> a = q.AllocTensor<float>();
    q.EnQue(a);
    LocalTensor<float> b = q.DeQue<float>();
    q.FreeTensor(b);
    q.FreeTensor(b);
}

__global__ __aicore__ void free_foreign() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q1;
    TQue<QuePosition::VECOUT, 1> q2;
    pipe.InitBuffer(q1, 1, 256);
    pipe.InitBuffer(q2, 1, 256);
    LocalTensor<float> a = q1.AllocTensor<float>();
    q2.FreeTensor(a);
}

__global__ __aicore__ void free_tbuf_tensor() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> a = buf.Get<float>();
    q.FreeTensor(a);
}

// 5 single-buffer VECIN queues with a buffer allocated in each: over 910's limit of 4, within 910B's 8.
__global__ __aicore__ void too_many_events() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q[5];
    LocalTensor<float> t[5];
    for (int i = 0; i < 5; ++i) pipe.InitBuffer(q[i], 1, 256);
    for (int i = 0; i < 5; ++i) t[i] = q[i].AllocTensor<float>();
    for (int i = 0; i < 5; ++i) q[i].FreeTensor(t[i]);
}

// A correct double-buffered pipeline; exercises block_progress and the leak warning.
__global__ __aicore__ void pipeline(int tiles, bool leak) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> in;
    TQue<QuePosition::VECOUT, 2> out;
    pipe.InitBuffer(out, 2, 256);
    pipe.InitBuffer(in, 2, 256);
    for (int i = 0; i < tiles; ++i) {
        LocalTensor<float> x = in.AllocTensor<float>();
        Duplicate(x, 1.0f, 64);
        in.EnQue(x);
        x = in.DeQue<float>();
        LocalTensor<float> y = out.AllocTensor<float>();
        Adds(y, x, 1.0f, 64);
        out.EnQue(y);
        in.FreeTensor(x);
        y = out.DeQue<float>();
        if (!(leak && i == tiles - 1)) out.FreeTensor(y);
    }
    if (tiles == 3) {
        LocalTensor<float> z = in.DeQue<float>();  // defect in tile 3
        (void)z;
    }
}

// A queue planned at compile time by a TQueConfig (mse_loss_grad_v2's pattern: a constexpr function fills it
// positionally, bufferNumber 1): InitBuffer must be given the same num; the second queue's config says 2.
constexpr TPosition kNoConsumer[8] = {TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX,
                                      TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX};
__aicore__ constexpr TQueConfig planned(uint32_t number) {
    return {false, false, false, 0, number, 0,
            {kNoConsumer[1], kNoConsumer[2], kNoConsumer[3], kNoConsumer[4], kNoConsumer[5], kNoConsumer[6],
             kNoConsumer[7]}};
}
constexpr TQueConfig kOne = planned(1);
constexpr TQueConfig kTwo = planned(2);

__global__ __aicore__ void config_mismatch() {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1, &kOne> in;
    TQue<QuePosition::VECOUT, 1, &kTwo> out;
    pipe.InitBuffer(in, 1, 256);
    LocalTensor<float> x = in.AllocTensor<float>();
    Duplicate(x, 1.0f, 64);
    in.FreeTensor(x);
    pipe.InitBuffer(out, 1, 256);  // its config planned two buffers
}
}  // namespace d_q

KG_TEST(queue_config_number) { kgtest::run_one("ascend950", {}, [] { d_q::config_mismatch(); }); }
KG_TEST(queue_alloc_no_free) { kgtest::run_one("ascend910b", {}, [] { d_q::alloc_no_free_buffer(); }); }
KG_TEST(queue_enque_past_depth) { kgtest::run_one("ascend910b", {}, [] { d_q::enque_past_depth(); }); }
KG_TEST(queue_deque_empty) { kgtest::run_one("ascend910b", {}, [] { d_q::deque_empty(); }); }
KG_TEST(queue_free_twice) { kgtest::run_one("ascend910b", {}, [] { d_q::free_twice(); }); }
KG_TEST(queue_free_foreign) { kgtest::run_one("ascend910b", {}, [] { d_q::free_foreign(); }); }
KG_TEST(queue_free_tbuf_tensor) { kgtest::run_one("ascend910b", {}, [] { d_q::free_tbuf_tensor(); }); }
KG_TEST(queue_events_910) { kgtest::run_one("ascend910", {}, [] { d_q::too_many_events(); }); }
KG_TEST(queue_events_910b_ok) { kgtest::run_one("ascend910b", {}, [] { d_q::too_many_events(); }); }
KG_TEST(queue_progress) { kgtest::run_one("ascend910b", {}, [] { d_q::pipeline(3, false); }); }
KG_TEST(queue_leak_warning) { kgtest::run_one("ascend910b", {}, [] { d_q::pipeline(2, true); }); }
