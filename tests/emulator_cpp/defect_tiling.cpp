// Defect class: tiling data whose size disagrees with the kernel's declared struct.
#include "emu_test.h"

namespace d_til {
using namespace AscendC;

struct SmallTiling {
    uint32_t totalNum;
    uint32_t blockFactor;
};

__global__ __aicore__ void entry(GM_ADDR x, GM_ADDR tiling) {
    (void)x;
    REGISTER_TILING_DEFAULT(SmallTiling);
    GET_TILING_DATA_WITH_STRUCT(SmallTiling, tilingData, tiling);
    (void)tilingData;
}

__global__ __aicore__ void entry_default(GM_ADDR tiling, uint32_t* out) {
    REGISTER_TILING_DEFAULT(SmallTiling);
    GET_TILING_DATA(t, tiling);
    GET_TILING_DATA_PTR_WITH_STRUCT(SmallTiling, p, tiling);
    GET_TILING_DATA_MEMBER(SmallTiling, blockFactor, bf, tiling);
    COPY_TILING_WITH_STRUCT(SmallTiling, p, copy);
    out[0] = t.totalNum;
    out[1] = p->blockFactor;
    out[2] = bf;
    out[3] = copy->totalNum;
    out[4] = TILING_KEY_IS(7) ? 1 : 0;
}
}  // namespace d_til

KG_TEST(tiling_larger_than_struct) {
    kgtest::Gm x("x", 64);
    std::vector<uint8_t> t(12, 0);  // the host wrote 12 bytes; SmallTiling has 8
    kgtest::run_one("ascend910b", {&x}, [&] { d_til::entry(x.ptr(), t.data()); }, t);
}
KG_TEST(tiling_smaller_than_struct) {
    kgtest::Gm x("x", 64);
    std::vector<uint8_t> t(4, 0);
    kgtest::run_one("ascend910b", {&x}, [&] { d_til::entry(x.ptr(), t.data()); }, t);
}
KG_TEST(tiling_macros_ok) {
    d_til::SmallTiling st{1234, 77};
    auto bytes = kgtest::tiling_bytes(st);
    uint32_t out[5] = {};
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.tiling = bytes;
    r.tiling_key = 7;
    const bool ok = kgtest::run_blocks(r, 1, [&] { d_til::entry_default(bytes.data(), out); });
    kgtest::report(r, ok);
    kgtest::check("GET_TILING_DATA", out[0] == 1234);
    kgtest::check("GET_TILING_DATA_PTR_WITH_STRUCT", out[1] == 77);
    kgtest::check("GET_TILING_DATA_MEMBER", out[2] == 77);
    kgtest::check("COPY_TILING_WITH_STRUCT", out[3] == 1234);
    kgtest::check("TILING_KEY_IS", out[4] == 1);
}
