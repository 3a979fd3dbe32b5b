// Defect class: a Cast RoundMode outside the documented set for the conversion and SOC.
#include "emu_test.h"

namespace d_cm {
using namespace AscendC;

template <typename D, typename S>
__global__ __aicore__ void cast(RoundMode m) {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> a, b;
    pipe.InitBuffer(a, 1024);
    pipe.InitBuffer(b, 1024);
    LocalTensor<D> d = a.Get<D>();
    LocalTensor<S> s = b.Get<S>();
    Duplicate(s, S(1.5f), 64);
    Cast(d, s, m, 64);
}
}  // namespace d_cm

KG_TEST(cast_f32_bf16_none) { kgtest::run_one("ascend910b", {}, [] { d_cm::cast<bfloat16_t, float>(AscendC::RoundMode::CAST_NONE); }); }
KG_TEST(cast_f16_f32_rint) { kgtest::run_one("ascend910b", {}, [] { d_cm::cast<float, half>(AscendC::RoundMode::CAST_RINT); }); }
KG_TEST(cast_f32_f16_rint_310p) { kgtest::run_one("ascend310p", {}, [] { d_cm::cast<half, float>(AscendC::RoundMode::CAST_RINT); }); }
KG_TEST(cast_f32_s32_none) { kgtest::run_one("ascend910b", {}, [] { d_cm::cast<int32_t, float>(AscendC::RoundMode::CAST_NONE); }); }
