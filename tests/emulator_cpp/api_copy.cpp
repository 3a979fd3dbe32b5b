// Data movement: DataCopy (count and DataCopyParams forms), DataCopyPad both ways with padding and dummy
// fills, SetPadValue, UB poison, GM statistics and the MTE trace.
#include "emu_test.h"

namespace cp {
using namespace AscendC;

inline uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// GM -> UB with DataCopyPad, then the whole padded UB rows back out with an aligned DataCopy.
__global__ __aicore__ void pad_in(GM_ADDR x, GM_ADDR out, uint16_t count, uint32_t len_bytes, uint32_t src_gap,
                                  uint32_t dst_gap, bool is_pad, uint8_t left, uint8_t right, float value,
                                  bool set_pad) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<float> xg, og;
    xg.SetGlobalBuffer((__gm__ float*)x);
    og.SetGlobalBuffer((__gm__ float*)out);
    if (set_pad) SetPadValue<float>(-7.0f);
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopyPad(t, xg, DataCopyExtParams{count, len_bytes, src_gap, dst_gap, 0},
                DataCopyPadExtParams<float>{is_pad, left, right, value});
    q.EnQue(t);
    t = q.DeQue<float>();
    DataCopy(og, t, 256);
    q.FreeTensor(t);
}

// UB -> GM with DataCopyPad: exactly blockLen bytes per block, GM stride in bytes, UB stride in blocks.
__global__ __aicore__ void pad_out(GM_ADDR out, uint16_t count, uint32_t len_bytes, uint32_t ub_gap,
                                   uint32_t gm_gap) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<float> og;
    og.SetGlobalBuffer((__gm__ float*)out);
    LocalTensor<float> t = q.AllocTensor<float>();
    for (uint32_t i = 0; i < 256; ++i) t.SetValue(i, static_cast<float>(i));
    q.EnQue(t);
    t = q.DeQue<float>();
    DataCopyPad(og, t, DataCopyParams{count, static_cast<uint16_t>(len_bytes), static_cast<uint16_t>(ub_gap),
                                      static_cast<uint16_t>(gm_gap)});
    q.FreeTensor(t);
}

// DataCopyParams form: strided blocks of 32 bytes on both sides.
__global__ __aicore__ void strided(GM_ADDR x, GM_ADDR out) {
    TPipe pipe;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    GlobalTensor<float> xg, og;
    xg.SetGlobalBuffer((__gm__ float*)x, 128);
    og.SetGlobalBuffer((__gm__ float*)out, 128);
    LocalTensor<float> t = b.Get<float>();
    Duplicate(t, -1.0f, 256);
    PipeBarrier<PIPE_ALL>();                         // V before MTE2 overwrites part of t
    DataCopy(t, xg, DataCopyParams{4, 1, 1, 2});    // GM blocks 0,2,4,6 -> UB blocks 0,3,6,9
    PipeBarrier<PIPE_ALL>();                         // V and MTE2 before MTE3 reads t
    DataCopy(og, t, DataCopyParams{1, 12, 0, 0});   // UB blocks 0..11 -> GM
}

__global__ __aicore__ void poison_read(float* seen) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<QuePosition::VECCALC> b;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    seen[0] = t.GetValue(0);
    LocalTensor<half> h = b.Get<half>();
    seen[1] = static_cast<float>(h.GetValue(3));
    Duplicate(t, 2.0f, 64);
    q.FreeTensor(t);
    t = q.AllocTensor<float>();  // re-allocated: the buffer keeps what it last held, as on the NPU
    seen[2] = t.GetValue(5);
    q.FreeTensor(t);
}
}  // namespace cp

static std::vector<float> iota_f(size_t n, float base = 0) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = base + static_cast<float>(i);
    return v;
}

static bool is_poison(float f) { return cp::bits_of(f) == 0xFFFFFFFFu; }

KG_TEST(pad_dummy_first_element) {
    kgtest::NoSanitizer raw;  // copies the whole UB buffer out, unwritten gaps included, to see them
    // 5 floats per block: the row is padded to 8 floats with copies of the block's first element.
    kgtest::Gm x("x", 64 * 4), out("out", 256 * 4);
    auto src = iota_f(64, 100);
    std::memcpy(x.ptr(), src.data(), src.size() * 4);
    kgtest::run_one("ascend910b", {&x, &out}, [&] { cp::pad_in(x.ptr(), out.ptr(), 2, 20, 8, 1, false, 0, 0, 0, false); });
    const float* o = out.as<float>();
    bool ok = true;
    for (int i = 0; i < 5; ++i) ok &= o[i] == 100 + i;
    for (int i = 5; i < 8; ++i) ok &= o[i] == 100;
    for (int i = 8; i < 16; ++i) ok &= is_poison(o[i]);  // dstStride 1 block: untouched (poison)
    for (int i = 0; i < 5; ++i) ok &= o[16 + i] == 107 + i;  // second block starts 20 + 8 bytes later in GM
    for (int i = 5; i < 8; ++i) ok &= o[16 + i] == 107;
    kgtest::check("dummy_is_first_element", ok);
}

KG_TEST(pad_value_fill) {
    kgtest::NoSanitizer raw;  // copies the whole UB buffer out, unwritten gaps included, to see them
    kgtest::Gm x("x", 64 * 4), out("out", 256 * 4);
    auto src = iota_f(64, 1);
    std::memcpy(x.ptr(), src.data(), src.size() * 4);
    kgtest::run_one("ascend910b", {&x, &out}, [&] { cp::pad_in(x.ptr(), out.ptr(), 1, 12, 0, 0, true, 2, 1, 9.5f, false); });
    const float* o = out.as<float>();
    // [pad pad][1 2 3][pad] then dummy = padding value up to 8 floats
    const float want[8] = {9.5f, 9.5f, 1, 2, 3, 9.5f, 9.5f, 9.5f};
    bool ok = true;
    for (int i = 0; i < 8; ++i) ok &= o[i] == want[i];
    kgtest::check("padding_value_and_dummy", ok);
}

KG_TEST(pad_setpadvalue) {
    kgtest::NoSanitizer raw;  // copies the whole UB buffer out, unwritten gaps included, to see them
    kgtest::Gm x("x", 64 * 4), out("out", 256 * 4);
    auto src = iota_f(64, 1);
    std::memcpy(x.ptr(), src.data(), src.size() * 4);
    kgtest::run_one("ascend910b", {&x, &out}, [&] { cp::pad_in(x.ptr(), out.ptr(), 1, 24, 0, 0, false, 1, 1, 0, true); });
    const float* o = out.as<float>();
    const float want[8] = {-7, 1, 2, 3, 4, 5, 6, -7};  // aligned row: pads take the SetPadValue value
    bool ok = true;
    for (int i = 0; i < 8; ++i) ok &= o[i] == want[i];
    kgtest::check("setpadvalue_pads", ok);
}

KG_TEST(pad_out_exact) {
    kgtest::Gm out("out", 64 * 4, 0xAB);
    kgtest::run_one("ascend910b", {&out}, [&] { cp::pad_out(out.ptr(), 2, 12, 1, 4); });
    // block 0: UB floats 0..2 -> GM bytes [0,12); block 1: UB floats 16..18 (8 + 1 gap block) -> GM bytes [16,28)
    const float* o = out.as<float>();
    bool ok = o[0] == 0 && o[1] == 1 && o[2] == 2 && o[4] == 16 && o[5] == 17 && o[6] == 18;
    ok &= out.bytes[12] == 0xAB && out.bytes[15] == 0xAB && out.bytes[28] == 0xAB;  // gaps untouched
    kgtest::check("pad_out_writes_exactly_blocklen", ok);
}

KG_TEST(datacopy_params_strided) {
    kgtest::Gm x("x", 128 * 4), out("out", 128 * 4);
    auto src = iota_f(128);
    std::memcpy(x.ptr(), src.data(), src.size() * 4);
    kgtest::run_one("ascend910b", {&x, &out}, [&] { cp::strided(x.ptr(), out.ptr()); });
    const float* o = out.as<float>();
    bool ok = true;
    for (int blk = 0; blk < 12; ++blk) {
        for (int e = 0; e < 8; ++e) {
            const float want = (blk % 3 == 0) ? static_cast<float>((blk / 3) * 16 + e) : -1.0f;
            ok &= o[blk * 8 + e] == want;
        }
    }
    kgtest::check("strided_blocks", ok);
}

KG_TEST(ub_poison) {
    float seen[3] = {0, 0, 0};
    kgtest::run_one("ascend910b", {}, [&] { cp::poison_read(seen); });
    kgtest::check("fresh_ub_is_nan", std::isnan(seen[0]) && is_poison(seen[0]));
    kgtest::check("fresh_tbuf_half_is_nan", std::isnan(seen[1]));
    kgtest::check("realloc_keeps_contents", seen[2] == 2.0f);
}
