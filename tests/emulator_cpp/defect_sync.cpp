// Defect class: WaitFlag without a matching SetFlag (a hang on the NPU); unwaited SetFlag is a warning.
#include "emu_test.h"

namespace d_sync {
using namespace AscendC;

__global__ __aicore__ void wait_without_set() {
    TPipe pipe;
    event_t e = static_cast<event_t>(pipe.FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(e);
    WaitFlag<HardEvent::V_MTE3>(e);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
}

__global__ __aicore__ void set_never_waited() {
    TPipe pipe;
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    PipeBarrier<PIPE_V>();
    PipeBarrier<PIPE_ALL>();
}
}  // namespace d_sync

KG_TEST(sync_wait_without_set) { kgtest::run_one("ascend910b", {}, [] { d_sync::wait_without_set(); }); }
KG_TEST(sync_set_never_waited) { kgtest::run_one("ascend910b", {}, [] { d_sync::set_never_waited(); }); }
