// Ascend 950's register-level vector API (AscendC::Reg / MicroAPI) on the emulator, each test a miniature of a
// pattern ops-nn's arch35 kernels and opbase's ATVOSS use (written fresh for the tests): the GeluGrad custom vector
// function (activation/gelu_grad), half through DIST_UNPACK_B16 + Cast + DIST_PACK_B32, a row reduction with
// Reduce + DIST_FIRST_ELEMENT_B32 (softmax / norm), Compares + Select, MERGING Max, asc_vf_call of a __simd_vf__
// function. Each prints `VAL <name> v0 v1 ...` (read by tests/test_emulator_reg_api.py); misuse ends in a DEFECT.
#include <initializer_list>

#include "emu_test.h"

namespace rg {
using namespace AscendC;

using kgtest::val;
// Shared with the Python side: x[i] = (i % 29 - 14) * 0.23 + i / 256, dy[i] = 1 - (i % 7) * 0.25.
inline float input_x(uint32_t i) { return static_cast<float>(static_cast<int>(i % 29) - 14) * 0.23f + i / 256.0f; }
inline float input_dy(uint32_t i) { return 1.0f - static_cast<float>(i % 7) * 0.25f; }

constexpr uint32_t kN = 200;  // three full float registers and a tail of 8

// GeluGrad's register function (tanh-GELU derivative through exp, as ops-nn's gelu_grad_dag.h computes it).
template <typename T>
inline void gelu_grad_vf(const LocalTensor<T>& dst, const LocalTensor<T>& dy, const LocalTensor<T>& x, uint32_t count) {
    constexpr float kBetaN = -1.5957691216057308f, kAn = -0.071354816272600253f, kA3 = 0.2140644488178007f,
                    kBeta = 1.5957691216057308f;
    const uint32_t vl = VECTOR_REG_WIDTH / sizeof(T);
    const uint16_t loops = static_cast<uint16_t>((count + vl - 1) / vl);
    __ubuf__ T* dyAddr = (__ubuf__ T*)dy.GetPhyAddr();
    __ubuf__ T* xAddr = (__ubuf__ T*)x.GetPhyAddr();
    __ubuf__ T* dstAddr = (__ubuf__ T*)dst.GetPhyAddr();
    MicroAPI::RegTensor<T, MicroAPI::RegTraitNumOne> vdy, vx, vx2, vpx, vres0, vt, vdiv, vone, vzero, vresp, vsel, vout;
    MicroAPI::MaskReg mask, cmpMask;
    __VEC_SCOPE__ {
        MicroAPI::Duplicate(vone, 1.0f);
        MicroAPI::Duplicate(vzero, 0.0f);
        for (uint16_t i = 0; i < loops; ++i) {
            mask = MicroAPI::UpdateMask<T, MicroAPI::RegTraitNumOne>(count);
            MicroAPI::Duplicate(vpx, kBetaN);
            MicroAPI::LoadAlign(vdy, dyAddr + i * vl);
            MicroAPI::LoadAlign(vx, xAddr + i * vl);
            MicroAPI::Mul(vx2, vx, vx, mask);
            MicroAPI::Axpy(vpx, vx2, kAn, mask);
            MicroAPI::Mul(vpx, vpx, vx, mask);
            MicroAPI::Exp(vpx, vpx, mask);
            MicroAPI::Duplicate(vres0, kBeta);
            MicroAPI::Axpy(vres0, vx2, kA3, mask);
            MicroAPI::Mul(vres0, vres0, vx, mask);
            MicroAPI::Adds(vt, vpx, 1.0f, mask);
            MicroAPI::Div(vdiv, vone, vt, mask);
            MicroAPI::Mul(vresp, vpx, vdiv, mask);
            MicroAPI::Mul(vresp, vresp, vres0, mask);
            MicroAPI::Mul(vresp, vresp, vdiv, mask);
            MicroAPI::Compare<T, CMPMODE::EQ>(cmpMask, vresp, vresp, mask);
            MicroAPI::Select<T>(vsel, vresp, vzero, cmpMask);
            MicroAPI::Add(vresp, vsel, vdiv, mask);
            MicroAPI::Mul(vout, vdy, vresp, mask);
            MicroAPI::StoreAlign(dstAddr + i * vl, vout, mask);
        }
    }
}

inline void copy_in(const LocalTensor<float>& t, uint8_t* g, uint32_t n) {
    GlobalTensor<float> gt;
    gt.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(g), n);
    DataCopy(t, gt, n);
}

// GM -> UB (VECIN queue) -> fn(out, in) -> UB (VECOUT queue) -> GM: each of `ins` (n floats) lands in its own
// 256-float slot of `in` (in[0], in[256], ...), the output is n floats of `out`.
template <typename Fn>
inline void through_queues(std::initializer_list<uint8_t*> ins, uint8_t* z, uint32_t n, Fn fn) {
    constexpr uint32_t slot = 256;
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQ;
    TQue<TPosition::VECOUT, 1> outQ;
    pipe.InitBuffer(inQ, 1, static_cast<uint32_t>(ins.size()) * slot * sizeof(float));
    pipe.InitBuffer(outQ, 1, slot * sizeof(float));
    LocalTensor<float> in = inQ.AllocTensor<float>();
    uint32_t k = 0;
    for (uint8_t* g : ins) copy_in(in[k++ * slot], g, n);
    inQ.EnQue(in);
    in = inQ.DeQue<float>();
    LocalTensor<float> out = outQ.AllocTensor<float>();
    fn(out, in);
    outQ.EnQue(out);
    inQ.FreeTensor(in);
    out = outQ.DeQue<float>();
    GlobalTensor<float> gz;
    gz.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), n);
    DataCopy(gz, out, n);
    outQ.FreeTensor(out);
}

__simd_vf__ inline void scale_clamp_vf(__ubuf__ float* dst, __ubuf__ float* src, uint32_t count, float scale) {
    Reg::RegTensor<float> v, lo;
    Reg::MaskReg mask, pos;
    constexpr uint32_t vl = GetVecLen() / sizeof(float);
    const uint16_t loops = static_cast<uint16_t>((count + vl - 1) / vl);
    for (uint16_t i = 0; i < loops; ++i) {
        mask = Reg::UpdateMask<float>(count);
        Reg::LoadAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(v, src, static_cast<int32_t>(vl));
        Reg::Muls(v, v, scale, mask);
        Reg::Compares<float, CMPMODE::GT>(pos, v, 0.0f, mask);
        Reg::Duplicate(lo, -0.5f);
        Reg::Max<float, Reg::MaskMergeMode::MERGING>(v, v, lo, mask);  // merging: disabled lanes keep v
        Reg::Select(v, v, lo, pos);                                     // v > 0 ? v : -0.5
        Reg::StoreAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(dst, v, static_cast<int32_t>(vl), mask);
    }
}
}  // namespace rg

// Mula (dst += src0 * src1, fused), as the norm family's Newton step calls it: out = x * x + 1 on 200 floats
KG_TEST(mula_fused) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kN;
    kgtest::Gm x("x", n * 4), z("z", n * 4);
    for (uint32_t i = 0; i < n; ++i) x.as<float>()[i] = rg::input_x(i);
    z.as_output();
    kgtest::run_one("ascend950", {&x, &z}, [&] {
        rg::through_queues({x.ptr()}, z.ptr(), n, [&](const LocalTensor<float>& out, const LocalTensor<float>& in) {
            __ubuf__ float* src = (__ubuf__ float*)in.GetPhyAddr();
            __ubuf__ float* dst = (__ubuf__ float*)out.GetPhyAddr();
            constexpr uint32_t vl = VECTOR_REG_WIDTH / sizeof(float);
            uint32_t count = n;
            MicroAPI::RegTensor<float> vx, acc;
            MicroAPI::MaskReg mask;
            __VEC_SCOPE__ {
                for (uint16_t i = 0; i < (n + vl - 1) / vl; ++i) {
                    mask = MicroAPI::UpdateMask<float>(count);
                    MicroAPI::LoadAlign(vx, src + i * vl);
                    MicroAPI::Duplicate(acc, 1.0f);
                    MicroAPI::Mula(acc, vx, vx, mask);
                    MicroAPI::StoreAlign(dst + i * vl, acc, mask);
                }
            }
        });
    });
    rg::val("z", z.as<float>(), n);
}

KG_TEST(gelu_grad_custom) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kN;
    kgtest::Gm dy("dy", n * 4), x("x", n * 4), z("z", n * 4);
    for (uint32_t i = 0; i < n; ++i) {
        dy.as<float>()[i] = rg::input_dy(i);
        x.as<float>()[i] = rg::input_x(i);
    }
    z.as_output();
    kgtest::run_one("ascend950", {&dy, &x, &z}, [&] {
        rg::through_queues({dy.ptr(), x.ptr()}, z.ptr(), n,
                           [&](const LocalTensor<float>& out, const LocalTensor<float>& in) {
                               rg::gelu_grad_vf(out, in, in[256], n);
                           });
    });
    rg::val("z", z.as<float>(), n);
}

// half in, float compute, half out: LoadAlign DIST_UNPACK_B16 + Cast (ZERO layout) + StoreAlign DIST_PACK_B32.
KG_TEST(half_unpack_cast_pack) {
    using namespace AscendC;
    constexpr uint32_t n = 100;
    kgtest::Gm out("out", n * 2);
    std::vector<uint16_t> in(n);
    for (uint32_t i = 0; i < n; ++i) in[i] = half(rg::input_x(i)).bits_;
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<half> src = buf.Get<half>(256);
        LocalTensor<half> dst = buf.Get<half>()[256];
        for (uint32_t i = 0; i < n; ++i) src.SetValue(i, half::from_bits(in[i]));
        __ubuf__ half* s = (__ubuf__ half*)src.GetPhyAddr();
        __ubuf__ half* d = (__ubuf__ half*)dst.GetPhyAddr();
        static constexpr MicroAPI::CastTrait up = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::UNKNOWN,
                                                   MicroAPI::MaskMergeMode::ZEROING, RoundMode::UNKNOWN};
        static constexpr MicroAPI::CastTrait down = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::NO_SAT,
                                                     MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<half> h, h2;
            MicroAPI::RegTensor<float> f;
            uint32_t count = n;
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::MaskReg m = MicroAPI::UpdateMask<float>(count);
                MicroAPI::LoadAlign<half, MicroAPI::LoadDist::DIST_UNPACK_B16>(h, s + i * 64);
                MicroAPI::Cast<float, half, up>(f, h, m);
                MicroAPI::Muls(f, f, 3.0f, m);
                MicroAPI::Cast<half, float, down>(h2, f, m);
                MicroAPI::StoreAlign<half, MicroAPI::StoreDist::DIST_PACK_B32>(d + i * 64, h2, m);
            }
        }
        for (uint32_t i = 0; i < n; ++i) out.as<uint16_t>()[i] = dst.GetValue(i).bits_;
    });
    kgtest::val("out", out.as<uint16_t>(), n);
}

// float -> half -> int8 with the one b32 mask of the float loop (rms_norm_quant's quantised store): the first cast
// puts each half at an even b16 lane (RegLayout::ZERO), which the b32 mask's predicate bits select for the second,
// whose int8 lands at every 4th byte for StoreAlign DIST_PACK4_B32.
KG_TEST(cast_chain_one_wide_mask) {
    using namespace AscendC;
    constexpr uint32_t n = 100;
    kgtest::Gm out("q", n);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> src = buf.Get<float>(128);
        LocalTensor<int8_t> dst = buf.Get<int8_t>()[1024];
        for (uint32_t i = 0; i < n; ++i) src.SetValue(i, rg::input_x(i) * 40.0f);
        __ubuf__ float* s = (__ubuf__ float*)src.GetPhyAddr();
        __ubuf__ int8_t* d = (__ubuf__ int8_t*)dst.GetPhyAddr();
        static constexpr MicroAPI::CastTrait toHalf = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::NO_SAT,
                                                       MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
        static constexpr MicroAPI::CastTrait toInt8 = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::SAT,
                                                       MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> f;
            MicroAPI::RegTensor<half> h;
            MicroAPI::RegTensor<int8_t> q;
            uint32_t count = n;
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::MaskReg m = MicroAPI::UpdateMask<float>(count);
                MicroAPI::LoadAlign(f, s + i * 64);
                MicroAPI::Cast<half, float, toHalf>(h, f, m);
                MicroAPI::Cast<int8_t, half, toInt8>(q, h, m);
                MicroAPI::StoreAlign<int8_t, MicroAPI::StoreDist::DIST_PACK4_B32>(d + i * 64, q, m);
            }
        }
        for (uint32_t i = 0; i < n; ++i) out.as<int8_t>()[i] = dst.GetValue(i);
    });
    kgtest::val("q", out.as<int8_t>(), n);
}

// Byte histograms (index's hash-sort helpers): 256 uint8 values, the first 200 lanes enabled, counted into uint16
// registers that start at 5: BIN0 FREQUENCY and BIN1 ACCUMULATE; then a b32 count mask over the same bytes counts
// only each 32-bit lane's low byte (lanes 0, 4, 8, ...).
KG_TEST(histograms_bins) {
    using namespace AscendC;
    kgtest::Gm out("h", 3 * 128 * 2);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<uint8_t> src = buf.Get<uint8_t>(256);
        LocalTensor<uint16_t> dst = buf.Get<uint16_t>()[256];
        for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, static_cast<uint8_t>((i * 7 + 3) & 0xFF));
        __ubuf__ uint8_t* s = (__ubuf__ uint8_t*)src.GetPhyAddr();
        __ubuf__ uint16_t* d = (__ubuf__ uint16_t*)dst.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<uint8_t> v;
            MicroAPI::RegTensor<uint16_t> f0, a1, w;
            MicroAPI::MaskReg all16 = MicroAPI::CreateMask<uint16_t>();
            uint32_t count = 200, words = 20;
            MicroAPI::MaskReg m = MicroAPI::UpdateMask<uint8_t>(count);
            MicroAPI::MaskReg m32 = MicroAPI::UpdateMask<uint32_t>(words);
            MicroAPI::Duplicate(f0, static_cast<uint16_t>(5));
            MicroAPI::Duplicate(a1, static_cast<uint16_t>(5));
            MicroAPI::Duplicate(w, static_cast<uint16_t>(0));
            MicroAPI::LoadAlign(v, s);
            MicroAPI::Histograms<uint8_t, uint16_t, MicroAPI::HistogramsBinType::BIN0,
                                 MicroAPI::HistogramsType::FREQUENCY>(f0, v, m);
            MicroAPI::Histograms<uint8_t, uint16_t, MicroAPI::HistogramsBinType::BIN1,
                                 MicroAPI::HistogramsType::ACCUMULATE>(a1, v, m);
            MicroAPI::Histograms<uint8_t, uint16_t, MicroAPI::HistogramsBinType::BIN0,
                                 MicroAPI::HistogramsType::FREQUENCY>(w, v, m32);
            MicroAPI::StoreAlign(d, f0, all16);
            MicroAPI::StoreAlign(d + 128, a1, all16);
            MicroAPI::StoreAlign(d + 256, w, all16);
        }
        for (uint32_t i = 0; i < 3 * 128; ++i) out.as<uint16_t>()[i] = dst.GetValue(i);
    });
    kgtest::val("h", out.as<uint16_t>(), 3 * 128);
}

// Div with a DivSpecificMode: the FTZ_FALSE algorithm keeps a subnormal quotient, INTRINSIC flushes it to zero
// (fake_quant_with_min_max_vars_per_channel_gradient's PRECISION_0ULP_FTZ_FALSE zero-point division).
KG_TEST(div_algo_subnormal) {
    using namespace AscendC;
    kgtest::Gm out("q", 2 * 64 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> a = buf.Get<float>(64), b = buf.Get<float>()[64], q = buf.Get<float>()[128];
        for (uint32_t i = 0; i < 64; ++i) {
            a.SetValue(i, i % 2 ? 3.0f : 1e-30f);
            b.SetValue(i, i % 2 ? 7.0f : 1e10f);
        }
        __ubuf__ float* pa = (__ubuf__ float*)a.GetPhyAddr();
        __ubuf__ float* pb = (__ubuf__ float*)b.GetPhyAddr();
        __ubuf__ float* pq = (__ubuf__ float*)q.GetPhyAddr();
        static constexpr MicroAPI::DivSpecificMode keep = {MicroAPI::MaskMergeMode::ZEROING, false,
                                                           DivAlgo::PRECISION_0ULP_FTZ_FALSE};
        static constexpr MicroAPI::DivSpecificMode intrinsic = {MicroAPI::MaskMergeMode::ZEROING, false};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> va, vb, vq;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::LoadAlign(va, pa);
            MicroAPI::LoadAlign(vb, pb);
            MicroAPI::Div<float, &keep>(vq, va, vb, all);
            MicroAPI::StoreAlign(pq, vq, all);
            MicroAPI::Div<float, &intrinsic>(vq, va, vb, all);
            MicroAPI::StoreAlign(pq + 64, vq, all);
        }
        for (uint32_t i = 0; i < 128; ++i) out.as<float>()[i] = q.GetValue(i);
    });
    kgtest::val("q", out.as<float>(), 128);
}

// Row sum and max of kN floats: Reduce per register, accumulated in a register, DIST_FIRST_ELEMENT_B32 store.
KG_TEST(reduce_rows) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kN;
    kgtest::Gm out("out", 5 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> x = buf.Get<float>(256);
        LocalTensor<float> r = buf.Get<float>()[256];
        for (uint32_t i = 0; i < n; ++i) x.SetValue(i, rg::input_x(i));
        __ubuf__ float* xa = (__ubuf__ float*)x.GetPhyAddr();
        __ubuf__ float* ra = (__ubuf__ float*)r.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v, s, acc, mx, accMax;
            MicroAPI::MaskReg one = MicroAPI::CreateMask<float, MicroAPI::MaskPattern::VL1>();
            MicroAPI::Duplicate(acc, 0.0f);
            MicroAPI::Duplicate(accMax, -1e30f);
            uint32_t count = n;
            for (uint16_t i = 0; i < 4; ++i) {
                MicroAPI::MaskReg m = MicroAPI::UpdateMask<float>(count);
                MicroAPI::LoadAlign(v, xa + i * 64);
                MicroAPI::Reduce<MicroAPI::ReduceType::SUM>(s, v, m);
                MicroAPI::Add(acc, acc, s, one);
                MicroAPI::Reduce<MicroAPI::ReduceType::MAX, float>(mx, v, m);
                MicroAPI::Max(accMax, accMax, mx, one);
            }
            MicroAPI::StoreAlign<float, MicroAPI::StoreDist::DIST_FIRST_ELEMENT_B32>(ra, acc, one);
            MicroAPI::StoreAlign<float, MicroAPI::StoreDist::DIST_FIRST_ELEMENT_B32>(ra + 1, accMax, one);
            MicroAPI::RegTensor<float> blk;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::LoadAlign(v, xa);
            MicroAPI::ReduceDataBlock<MicroAPI::ReduceType::SUM>(blk, v, all);
            MicroAPI::StoreAlign<float, MicroAPI::StoreDist::DIST_FIRST_ELEMENT_B32>(ra + 2, blk, one);
            // the interface's other names: ReduceMin (Reduce<MIN>), ReduceMaxWithDataBlock (ReduceDataBlock<MAX>)
            MicroAPI::RegTensor<float> mn, blkMax;
            MicroAPI::ReduceMin(mn, v, all);
            MicroAPI::ReduceMaxWithDataBlock(blkMax, v, all);
            MicroAPI::StoreAlign<float, MicroAPI::StoreDist::DIST_FIRST_ELEMENT_B32>(ra + 3, mn, one);
            MicroAPI::StoreAlign<float, MicroAPI::StoreDist::DIST_FIRST_ELEMENT_B32>(ra + 4, blkMax, one);
        }
        for (uint32_t i = 0; i < 5; ++i) out.as<float>()[i] = r.GetValue(i);
    });
    rg::val("r", out.as<float>(), 5);
}

// asc_vf_call of a __simd_vf__ function with PostUpdate loads/stores, Compares + Select, MERGING Max.
KG_TEST(vf_call_select) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kN;
    kgtest::Gm out("out", n * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4096);
        LocalTensor<float> x = buf.Get<float>(256);
        LocalTensor<float> y = buf.Get<float>()[256];
        for (uint32_t i = 0; i < n; ++i) x.SetValue(i, rg::input_x(i));
        asc_vf_call<rg::scale_clamp_vf>((__ubuf__ float*)y.GetPhyAddr(), (__ubuf__ float*)x.GetPhyAddr(), n, 1.5f);
        for (uint32_t i = 0; i < n; ++i) out.as<float>()[i] = y.GetValue(i);
    });
    rg::val("y", out.as<float>(), n);
}


// ATVOSS's reduce schedule, its register core (a miniature of reduce_operator.h's pattern): R rows of A floats summed
// over R in a register with the older DataCopy spelling and __local_mem__ pointers, then a DataCopyGather by an
// index register (every other element of row 0) and Squeeze + StoreUnAlign by the AR register (the positives).
KG_TEST(reduce_schedule_pattern) {
    using namespace AscendC;
    constexpr uint32_t A = 100, R = 5, S = 128;  // row stride S floats (32-byte aligned rows)
    kgtest::Gm out("out", (A + 32 + A + 1) * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 8192);
        LocalTensor<float> src = buf.Get<float>(R * S);
        LocalTensor<float> dst = buf.Get<float>()[R * S];
        LocalTensor<float> gat = buf.Get<float>()[R * S + S];
        LocalTensor<float> pos = buf.Get<float>()[R * S + 2 * S];
        for (uint32_t r = 0; r < R; ++r) {
            for (uint32_t a = 0; a < A; ++a) src.SetValue(r * S + a, rg::input_x(r * A + a));
        }
        __VEC_SCOPE__ {
            __local_mem__ float* s = (__local_mem__ float*)src.GetPhyAddr();
            __local_mem__ float* d = (__local_mem__ float*)dst.GetPhyAddr();
            MicroAPI::RegTensor<float> acc, row;
            MicroAPI::MaskReg m;
            uint32_t sreg = A;
            for (uint16_t i = 0; i < 2; ++i) {
                m = MicroAPI::UpdateMask<float>(sreg);
                MicroAPI::DataCopy(acc, s + i * 64);
                for (uint16_t r = 1; r < R; ++r) {
                    MicroAPI::DataCopy(row, s + r * S + i * 64);
                    MicroAPI::Add<float, MicroAPI::MaskMergeMode::ZEROING>(acc, acc, row, m);
                }
                MicroAPI::DataCopy(d + i * 64, acc, m);
            }
        }
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<int32_t> idx;
            MicroAPI::RegTensor<uint32_t> uidx;
            MicroAPI::RegTensor<float> g, v, sq;
            MicroAPI::MaskReg m32 = MicroAPI::CreateMask<float, MicroAPI::MaskPattern::VL32>();
            MicroAPI::Arange<int32_t>(idx, 0);
            MicroAPI::Add(idx, idx, idx, m32);  // 0, 2, 4, ...
            MicroAPI::Copy<uint32_t, MicroAPI::MaskMergeMode::MERGING>(uidx, (MicroAPI::RegTensor<uint32_t>&)idx, m32);
            MicroAPI::DataCopyGather(g, (__ubuf__ float*)src.GetPhyAddr(), uidx, m32);
            MicroAPI::StoreAlign((__ubuf__ float*)gat.GetPhyAddr(), g, m32);
            __ubuf__ float* p = (__ubuf__ float*)pos.GetPhyAddr();
            MicroAPI::UnalignRegForStore ureg;
            MicroAPI::MaskReg gt;
            MicroAPI::ClearSpr<SpecialPurposeReg::AR>();
            uint32_t n = A;
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::MaskReg m = MicroAPI::UpdateMask<float>(n);
                MicroAPI::LoadAlign(v, (__ubuf__ float*)src.GetPhyAddr() + i * 64);
                MicroAPI::Compares<float, CMPMODE::GT>(gt, v, 0.0f, m);
                MicroAPI::Squeeze<float, MicroAPI::GatherMaskMode::STORE_REG>(sq, v, gt);
                MicroAPI::StoreUnAlign<float, MicroAPI::PostLiteral::POST_MODE_UPDATE>(p, sq, ureg);
            }
            MicroAPI::StoreUnAlignPost(p, ureg);
        }
        const int64_t kept = MicroAPI::GetSpr<SpecialPurposeReg::AR>() / 4;
        float* o = out.as<float>();
        for (uint32_t a = 0; a < A; ++a) o[a] = dst.GetValue(a);
        for (uint32_t k = 0; k < 32; ++k) o[A + k] = gat.GetValue(k);
        o[A + 32] = static_cast<float>(kept);
        for (int64_t k = 0; k < kept; ++k) o[A + 33 + k] = pos.GetValue(static_cast<uint32_t>(k));
    });
    const float* o = out.as<float>();
    rg::val("sum", o, A);
    rg::val("gather", o + A, 32);
    rg::val("kept", o + A + 32, 1);
    rg::val("pos", o + A + 33, static_cast<size_t>(o[A + 32]));
}

// The norm family's unqualified style (group_norm_grad, add_layer_norm: `using namespace AscendC;` plus a few
// `using AscendC::MicroAPI::X;`, then LoadAlign<...>, Move<..., MERGING>, Reduce<...>, StoreAlign<...> called
// unqualified with template arguments): the two-row fold of a binary reduction, r[0] = sum(x[0:64] + x[64:128])
// over the first `tail` lanes of the second row, r[1] = sum(x[0:64]) where the second row is masked off.
namespace rg_unqualified {
using namespace AscendC;
using AscendC::MicroAPI::CreateMask;
using AscendC::MicroAPI::LoadDist;
using AscendC::MicroAPI::MaskReg;
using AscendC::MicroAPI::RegTensor;
using AscendC::MicroAPI::StoreDist;
using AscendC::MicroAPI::UpdateMask;
inline void fold_sum(__ubuf__ float* x, __ubuf__ float* r, uint32_t tail) {
    RegTensor<float> a, b, s;
    MaskReg all = CreateMask<float>();
    MaskReg one = CreateMask<float, AscendC::MicroAPI::MaskPattern::VL1>();
    MaskReg part = UpdateMask<float>(tail);
    LoadAlign<float, LoadDist::DIST_NORM>(a, x);
    LoadAlign<float, LoadDist::DIST_NORM>(b, x + 64);
    Add(b, a, b, part);                                               // lanes < tail: a + b, others zero
    Move<float, AscendC::MicroAPI::MaskMergeMode::MERGING>(a, b, part);  // lanes < tail take the sum, others keep a
    Reduce<AscendC::Reg::ReduceType::SUM>(s, a, all);
    StoreAlign<float, StoreDist::DIST_FIRST_ELEMENT_B32>(r, s, one);
    LoadAlign<float, LoadDist::DIST_NORM>(a, x);
    Reduce<AscendC::Reg::ReduceType::SUM>(s, a, all);
    StoreAlign<float, StoreDist::DIST_FIRST_ELEMENT_B32>(r + 1, s, one);
}
}  // namespace rg_unqualified

KG_TEST(unqualified_fold) {
    using namespace AscendC;
    kgtest::Gm out("out", 2 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> x = buf.Get<float>(128);
        LocalTensor<float> r = buf.Get<float>()[128];
        for (uint32_t i = 0; i < 128; ++i) x.SetValue(i, rg::input_x(i));
        __ubuf__ float* xa = (__ubuf__ float*)x.GetPhyAddr();
        __ubuf__ float* ra = (__ubuf__ float*)r.GetPhyAddr();
        __VEC_SCOPE__ { rg_unqualified::fold_sum(xa, ra, 40); }
        for (uint32_t i = 0; i < 2; ++i) out.as<float>()[i] = r.GetValue(i);
    });
    rg::val("r", out.as<float>(), 2);
}

// float -> fp8_e4m3fn_t / fp8_e5m2_t through Reg::Cast (RegLayout::ZERO) and StoreAlign DIST_PACK4_B32, as
// rms_norm's 950 quant path writes its fp8 output: per-instruction saturation (CTRL[60] = 0, the kernels'
// SetCtrlSpr<60, 60>(0)) with SatMode::SAT and with NO_SAT. Inputs: 64 floats (the Python side lists them).
namespace rg {
inline float fp8_input(uint32_t i) {
    static const float special[] = {0.0f, -0.0f, 448.0f, 464.0f, 465.0f, 500.0f, -1e5f, 57344.0f, 61440.0f, 1e6f,
                                    0.001953125f, 0.0009765625f, 0.0029296875f, 240.0f, 248.0f, 250.0f};
    if (i < 16) return special[i];
    if (i == 16) return std::numeric_limits<float>::infinity();
    if (i == 17) return -std::numeric_limits<float>::infinity();
    if (i == 18) return std::numeric_limits<float>::quiet_NaN();
    return input_x(i * 7) * 3.1f;
}
template <typename F8, bool sat>
inline void fp8_store(__ubuf__ float* x, __ubuf__ F8* o) {
    static constexpr MicroAPI::CastTrait t = {MicroAPI::RegLayout::ZERO,
                                              sat ? MicroAPI::SatMode::SAT : MicroAPI::SatMode::NO_SAT,
                                              MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
    MicroAPI::RegTensor<float> v;
    MicroAPI::RegTensor<F8> q;
    MicroAPI::MaskReg m = MicroAPI::CreateMask<float>();
    MicroAPI::LoadAlign(v, x);
    MicroAPI::Cast<F8, float, t>(q, v, m);
    MicroAPI::StoreAlign<F8, MicroAPI::StoreDist::DIST_PACK4_B32>(o, q, m);
}
}  // namespace rg

KG_TEST(fp8_cast_pack) {
    using namespace AscendC;
    kgtest::Gm out("out", 4 * 64);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> x = buf.Get<float>(64);
        LocalTensor<uint8_t> o = buf.Get<uint8_t>()[256];
        for (uint32_t i = 0; i < 64; ++i) x.SetValue(i, rg::fp8_input(i));
        __ubuf__ float* xa = (__ubuf__ float*)x.GetPhyAddr();
        __ubuf__ uint8_t* oa = (__ubuf__ uint8_t*)o.GetPhyAddr();
        const int64_t saved = GetCtrlSpr<60, 60>();
        SetCtrlSpr<60, 60>(0);
        __VEC_SCOPE__ {
            rg::fp8_store<fp8_e4m3fn_t, true>(xa, (__ubuf__ fp8_e4m3fn_t*)oa);
            rg::fp8_store<fp8_e4m3fn_t, false>(xa, (__ubuf__ fp8_e4m3fn_t*)(oa + 64));
            rg::fp8_store<fp8_e5m2_t, true>(xa, (__ubuf__ fp8_e5m2_t*)(oa + 128));
            rg::fp8_store<fp8_e5m2_t, false>(xa, (__ubuf__ fp8_e5m2_t*)(oa + 192));
        }
        SetCtrlSpr<60, 60>(saved);
        for (uint32_t i = 0; i < 256; ++i) out.as<uint8_t>()[i] = o.GetValue(i);
    });
    float xs[64];
    for (uint32_t i = 0; i < 64; ++i) xs[i] = rg::fp8_input(i);
    kgtest::val("q", out.as<uint8_t>(), 256);
    kgtest::val("x", xs, 64);
}

// group_norm's unaligned copy (the older DataCopyUnAlign spelling, with and without the PostLiteral): 100 floats from element 3 to element 133 of a
// buffer, VL at a time and the tail, through an UnalignReg each way, then DataCopyUnAlignPost.
KG_TEST(unaligned_copy) {
    using namespace AscendC;
    kgtest::Gm out("out", 100 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> t = buf.Get<float>(512);
        for (uint32_t i = 0; i < 512; ++i) t.SetValue(i, i < 3 || i >= 103 ? -1.0f : rg::input_x(i - 3));
        __ubuf__ float* src = (__ubuf__ float*)t.GetPhyAddr() + 3;
        __ubuf__ float* dst = (__ubuf__ float*)t.GetPhyAddr() + 133;
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::UnalignReg uSrc, uDst;
            MicroAPI::DataCopyUnAlignPre<float>(uSrc, src);
            for (uint32_t done = 0; done < 100; done += 64) {
                const uint32_t n = 100 - done < 64 ? 100 - done : 64;
                // the load spelled as norm_common's reduce_common_regbase.h does (T, then the PostLiteral)
                MicroAPI::DataCopyUnAlign<float, MicroAPI::PostLiteral::POST_MODE_UPDATE>(v, uSrc, src, n);
                MicroAPI::DataCopyUnAlign(dst, v, uDst, n);
            }
            MicroAPI::DataCopyUnAlignPost(dst, uDst, 0);
        }
        for (uint32_t i = 0; i < 100; ++i) out.as<float>()[i] = t.GetValue(133 + i);
    });
    rg::val("y", out.as<float>(), 100);
}

// swiglu_group_quant_grad's sigmoid derivative on LocalTensors (950 Memory API): a = Copy(s), t = Subs(1, a),
// t = t * a, i.e. s (1 - s); and u = Subs(s, 0.5) with the scalar after the tensor.
KG_TEST(subs_copy) {
    using namespace AscendC;
    constexpr uint32_t n = 64;
    kgtest::Gm out("out", 2 * n * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4 * n * 4);
        LocalTensor<float> s = buf.Get<float>(n), a = buf.Get<float>()[n], t = buf.Get<float>()[2 * n];
        LocalTensor<float> u = buf.Get<float>()[3 * n];
        for (uint32_t i = 0; i < n; ++i) s.SetValue(i, rg::input_x(i));
        Copy(a, s, n);
        Subs(t, 1.0f, a, n);
        Mul(t, t, a, n);
        Subs(u, s, 0.5f, n);
        for (uint32_t i = 0; i < n; ++i) {
            out.as<float>()[i] = t.GetValue(i);
            out.as<float>()[n + i] = u.GetValue(i);
        }
    });
    rg::val("y", out.as<float>(), 2 * n);
}

// Duplicate with its template arguments spelled as asc-devkit orders them: T, the scalar's type, the register type
// (fused_bias_leaky_relu_grad); the register form with pos before mode; the masked scalar form with a scalar type.
KG_TEST(duplicate_documented_arguments) {
    using namespace AscendC;
    kgtest::Gm out("out", 3 * 64 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 3 * 64 * 4);
        __ubuf__ float* a = (__ubuf__ float*)buf.Get<float>().GetPhyAddr();
        __VEC_SCOPE__ {
            Reg::RegTensor<float> one, src, bcast, half;
            Reg::MaskReg all = Reg::CreateMask<float>();
            uint32_t count = 40;
            Reg::MaskReg first40 = Reg::UpdateMask<float>(count);
            Reg::Duplicate<float, float, Reg::RegTensor<float>>(one, 1.0f);
            Reg::Arange(src, 7.0f);
            Reg::Duplicate<float, Reg::HighLowPart::LOWEST, Reg::MaskMergeMode::ZEROING>(bcast, src, first40);
            Reg::Duplicate<float, Reg::MaskMergeMode::ZEROING, float>(half, 0.5f, first40);
            Reg::StoreAlign(a, one, all);
            Reg::StoreAlign(a + 64, bcast, all);
            Reg::StoreAlign(a + 128, half, all);
        }
        for (uint32_t i = 0; i < 3 * 64; ++i) out.as<float>()[i] = buf.Get<float>().GetValue(i);
    });
    rg::val("d", out.as<float>(), 3 * 64);
}

// The scalar bit builtins kernels call directly (softmax_grad_ext: the highest power of two below a count, and the
// number of trailing ones of a loop index): clz, bcnt1, bcnt0, and the asc-devkit names they stand under.
KG_TEST(scalar_bit_builtins) {
    kgtest::Gm out("out", 8 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        const int64_t v[8] = {clz(0x0fffffffffffffffULL), clz(0), bcnt1(0xF0F0), bcnt0(0xF0F0),
                              63 - clz(37), bcnt1(7 ^ 8) - 1, AscendC::ScalarCountLeadingZero(1), bcnt1(~0ULL)};
        for (int i = 0; i < 8; ++i) out.as<float>()[i] = static_cast<float>(v[i]);
    });
    rg::val("b", out.as<float>(), 8);
}

// The older MicroAPI names unsorted_segment_sum's arch35 kernel uses: a register loaded from one element before an
// aligned address (DataCopyUnAlignPre + the three-argument DataCopyUnAlign), compared with the aligned one, and the
// positions where they differ kept by a STORE_REG Squeeze and stored by the AR form, closed by the two-argument post.
// The register Gather (Reg 离散操作/Gather.md): dst[i] = src[index[i] % 128] over uint16 lanes, index 300 - i
// (wrapping past 128), src = 3 * lane; signed_index gives an int16 index register, which the page does not allow.
inline void reg_gather(bool signed_index) {
    using namespace AscendC;
    kgtest::Gm out("out", 128 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<uint16_t> src = buf.Get<uint16_t>(128), idx = buf.Get<uint16_t>()[128], dst = buf.Get<uint16_t>()[256];
        for (uint32_t i = 0; i < 128; ++i) {
            src.SetValue(i, static_cast<uint16_t>(3 * i));
            idx.SetValue(i, static_cast<uint16_t>(300 - i));
        }
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<uint16_t> s, d, ix;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<uint16_t, MicroAPI::MaskPattern::ALL>();
            MicroAPI::LoadAlign(s, (__ubuf__ uint16_t*)src.GetPhyAddr());
            MicroAPI::LoadAlign(ix, (__ubuf__ uint16_t*)idx.GetPhyAddr());
            if (signed_index) {
                MicroAPI::Gather(d, s, (MicroAPI::RegTensor<int16_t>&)ix);
            } else {
                MicroAPI::Gather(d, s, ix);
            }
            MicroAPI::StoreAlign((__ubuf__ uint16_t*)dst.GetPhyAddr(), d, all);
        }
        for (uint32_t i = 0; i < 128; ++i) out.as<float>()[i] = static_cast<float>(dst.GetValue(i));
    });
    rg::val("gathered", out.as<float>(), 128);
}
KG_TEST(reg_gather_by_index_register) { reg_gather(false); }
KG_TEST(reg_gather_signed_index) { reg_gather(true); }

// The older DataCopy spelling's dual forms (grouped_dynamic_mx_quant_with_dual_axis): a deinterleaving load with a
// post-update (the cursor moves by its stride), one at an AddrReg offset, and interleaving stores at AddrReg offsets
// that swap each pair: dst = 1, 0, 3, 2, ... over 512 halves' bit patterns, and how far the cursor moved.
KG_TEST(older_dual_datacopy) {
    using namespace AscendC;
    constexpr uint32_t n = 512;
    kgtest::Gm out("out", (n + 1) * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4 * n);
        LocalTensor<uint16_t> src = buf.Get<uint16_t>(n);
        LocalTensor<uint16_t> dst = buf.Get<uint16_t>()[n];
        for (uint32_t i = 0; i < n; ++i) src.SetValue(i, static_cast<uint16_t>(i));
        int64_t moved = 0;
        __VEC_SCOPE__ {
            __ubuf__ uint16_t* base = (__ubuf__ uint16_t*)src.GetPhyAddr();
            __ubuf__ uint16_t* cursor = base;
            __ubuf__ uint16_t* d = (__ubuf__ uint16_t*)dst.GetPhyAddr();
            MicroAPI::RegTensor<uint16_t> even, odd, even2, odd2;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<uint16_t, MicroAPI::MaskPattern::ALL>();
            MicroAPI::DataCopy<uint16_t, MicroAPI::PostLiteral::POST_MODE_UPDATE, MicroAPI::LoadDist::DIST_DINTLV_B16>(
                even, odd, cursor, 256);
            MicroAPI::DataCopy<uint16_t, MicroAPI::LoadDist::DIST_DINTLV_B16>(even2, odd2, base,
                                                                              MicroAPI::CreateAddrReg<uint16_t>(1, 256));
            MicroAPI::DataCopy<uint16_t, MicroAPI::StoreDist::DIST_INTLV_B16>(d, odd, even,
                                                                              MicroAPI::CreateAddrReg<uint16_t>(0, 256), all);
            MicroAPI::DataCopy<uint16_t, MicroAPI::StoreDist::DIST_INTLV_B16>(d, odd2, even2,
                                                                              MicroAPI::CreateAddrReg<uint16_t>(1, 256), all);
            moved = cursor - base;
        }
        float* o = out.as<float>();
        for (uint32_t i = 0; i < n; ++i) o[i] = static_cast<float>(dst.GetValue(i));
        o[n] = static_cast<float>(moved);
    });
    rg::val("dual", out.as<float>(), n + 1);
}

KG_TEST(older_unaligned_names) {
    using namespace AscendC;
    kgtest::Gm out("out", 130 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<int32_t> ids = buf.Get<int32_t>(128);
        LocalTensor<int32_t> keep = buf.Get<int32_t>()[128];
        for (uint32_t i = 0; i < 72; ++i) ids.SetValue(i, static_cast<int32_t>(i / 5));   // sorted segment ids
        for (uint32_t i = 0; i < 64; ++i) keep.SetValue(i, -1);
        __ubuf__ int32_t* start = (__ubuf__ int32_t*)ids.GetPhyAddr() + 8;
        __ubuf__ int32_t* dst = (__ubuf__ int32_t*)keep.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<int32_t> cur, prev, order, sel;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<int32_t>(), ne;
            MicroAPI::UnalignRegForLoad u0;
            MicroAPI::UnalignRegForStore uOut;
            MicroAPI::ClearSpr<SpecialPurposeReg::AR>();
            MicroAPI::Arange(order, 8);
            MicroAPI::DataCopy(cur, start);
            MicroAPI::DataCopyUnAlignPre(u0, start - 1);
            MicroAPI::DataCopyUnAlign<int32_t>(prev, u0, start - 1);
            MicroAPI::Compare<int32_t, CMPMODE::NE>(ne, cur, prev, all);
            MicroAPI::Squeeze<int32_t, MicroAPI::GatherMaskMode::STORE_REG>(sel, order, ne);
            MicroAPI::DataCopyUnAlign<int32_t, MicroAPI::PostLiteral::POST_MODE_UPDATE>(dst, sel, uOut);
            MicroAPI::DataCopyUnAlignPost(dst, uOut);
        }
        const int64_t kept = GetSpr<SpecialPurposeReg::AR>() / 4;   // AscendC's (unique_consecutive's spelling)
        out.as<float>()[0] = static_cast<float>(kept);
        for (uint32_t i = 0; i < 16; ++i) out.as<float>()[1 + i] = static_cast<float>(keep.GetValue(i));
    });
    rg::val("older", out.as<float>(), 17);
}

// Block-strided moves (DataCopyMode::DATA_BLOCK_COPY, gather_v2's and gather_nd's rows): a register's eight 32-byte
// blocks loaded from every 2nd block of src with 48 of 64 lanes enabled (blocks 6 and 7: none, so zeros and no read),
// stored to every 3rd block of dst by the PostUpdate form (which moves dst on by 24 blocks), then once more from there
// to consecutive blocks under the 48-lane mask (blocks 30 and 31 keep their -1).
KG_TEST(block_copy_mode) {
    using namespace AscendC;
    kgtest::Gm out("out", 256 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1536);
        LocalTensor<int32_t> src = buf.Get<int32_t>(128);
        LocalTensor<int32_t> dst = buf.Get<int32_t>()[128];
        for (uint32_t i = 0; i < 128; ++i) src.SetValue(i, static_cast<int32_t>(i));
        for (uint32_t i = 0; i < 256; ++i) dst.SetValue(i, -1);
        __ubuf__ int32_t* s = (__ubuf__ int32_t*)src.GetPhyAddr();
        __ubuf__ int32_t* d = (__ubuf__ int32_t*)dst.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<int32_t> r;
            uint32_t lanes = 48;
            MicroAPI::MaskReg part = MicroAPI::UpdateMask<int32_t>(lanes);
            MicroAPI::MaskReg all = MicroAPI::CreateMask<int32_t>();
            MicroAPI::LoadAlign<int32_t, MicroAPI::DataCopyMode::DATA_BLOCK_COPY>(r, s, 2, part);
            MicroAPI::StoreAlign<int32_t, MicroAPI::DataCopyMode::DATA_BLOCK_COPY, MicroAPI::PostLiteral::POST_MODE_UPDATE>(
                d, r, 3, 24, all);
            MicroAPI::StoreAlign<int32_t, MicroAPI::DataCopyMode::DATA_BLOCK_COPY>(d, r, 1, part);
        }
        for (uint32_t i = 0; i < 256; ++i) out.as<float>()[i] = static_cast<float>(dst.GetValue(i));
    });
    rg::val("blocks", out.as<float>(), 256);
}

// The AR form stores at its base plus AR's offset (the page's prototype takes the address by value): a helper that
// receives the base as a copy, as unique_consecutive's CollectAndCopy2Ub does, appends each Squeeze's kept elements.
namespace rg {
inline void keep_and_store(__ubuf__ float* base, AscendC::MicroAPI::RegTensor<float>& v, AscendC::MicroAPI::MaskReg& m,
                           AscendC::MicroAPI::UnalignRegForStore& ureg) {
    AscendC::MicroAPI::RegTensor<float> sq;
    AscendC::MicroAPI::Squeeze<float, AscendC::MicroAPI::GatherMaskMode::STORE_REG>(sq, v, m);
    AscendC::MicroAPI::StoreUnAlign<float, AscendC::MicroAPI::PostLiteral::POST_MODE_UPDATE>(base, sq, ureg);
}
}  // namespace rg
KG_TEST(ar_store_from_a_copied_base) {
    using namespace AscendC;
    kgtest::Gm out("out", 40 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> src = buf.Get<float>(128);
        LocalTensor<float> flag = buf.Get<float>()[128];
        LocalTensor<float> dst = buf.Get<float>()[256];
        for (uint32_t i = 0; i < 128; ++i) {
            src.SetValue(i, static_cast<float>(i));
            flag.SetValue(i, i % 7 == 0 ? 1.0f : -1.0f);   // the multiples of 7
        }
        for (uint32_t i = 0; i < 40; ++i) dst.SetValue(i, -1.0f);
        __ubuf__ float* s = (__ubuf__ float*)src.GetPhyAddr();
        __ubuf__ float* f = (__ubuf__ float*)flag.GetPhyAddr();
        __ubuf__ float* d = (__ubuf__ float*)dst.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v, fl;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>(), every7;
            MicroAPI::UnalignRegForStore ureg;
            MicroAPI::ClearSpr<SpecialPurposeReg::AR>();
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::LoadAlign(v, s + i * 64);
                MicroAPI::LoadAlign(fl, f + i * 64);
                MicroAPI::Compares<float, CMPMODE::GT>(every7, fl, 0.0f, all);
                rg::keep_and_store(d, v, every7, ureg);
            }
            MicroAPI::StoreUnAlignPost(d, ureg);
        }
        for (uint32_t i = 0; i < 40; ++i) out.as<float>()[i] = dst.GetValue(i);
    });
    rg::val("kept7", out.as<float>(), 40);
}

// The device compiler's block built-in functions (segment_sum's SIMT kernel: get_block_idx()), over three blocks.
KG_TEST(block_builtin_functions) {
    kgtest::Gm out("out", 3 * 2 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        const int64_t i = get_block_idx();
        out.as<float>()[2 * i] = static_cast<float>(i);
        out.as<float>()[2 * i + 1] = static_cast<float>(get_block_num());
    }, std::vector<uint8_t>(8, 0), 3);
    rg::val("blocks", out.as<float>(), 6);
}

// NumericLimits' scalar bit patterns and vector form, and CTRL read back (reset value, then a set field).
KG_TEST(limits_and_ctrl) {
    using namespace AscendC;
    kgtest::Gm out("out", 16 * 4);
    kgtest::run_one("ascend950", {&out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> t = buf.Get<float>(64);
        NumericLimits<float>::NegativeInfinity(t, 8);
        float* o = out.as<float>();
        o[0] = t.GetValue(7);
        o[1] = NumericLimits<half>::Max();
        o[2] = NumericLimits<bfloat16_t>::Lowest();
        o[3] = NumericLimits<half>::Min();
        o[4] = NumericLimits<half>::DeNormMin();
        o[5] = static_cast<float>(NumericLimits<int16_t>::Lowest());
        o[6] = static_cast<float>(NumericLimits<half>::QuietNaN().to_bits());
        o[7] = static_cast<float>(NumericLimits<bfloat16_t>::SignalingNaN().to_bits());
        o[8] = static_cast<float>(GetCtrlSpr<60, 60>());
        SetCtrlSpr<6, 8>(2);
        o[9] = static_cast<float>(GetCtrlSpr<6, 10>());
    });
    rg::val("o", out.as<float>(), 10);
}

// ---- misuse ----
namespace rg {
inline void misuse(const std::function<void(TPipe&, TBuf<TPosition::VECCALC>&)>& body) {
    kgtest::Gm g("g", 64);
    kgtest::run_one("ascend950", {&g}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4096);
        body(pipe, buf);
    });
}
}  // namespace rg
using namespace AscendC;

KG_TEST(duplicate_highest_part) {  // the register form broadcasts the lowest element only ("暂不支持其他取值")
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> d, s;
            MicroAPI::MaskReg m = MicroAPI::CreateMask<float>();
            MicroAPI::Duplicate<float, MicroAPI::HighLowPart::HIGHEST, MicroAPI::MaskMergeMode::ZEROING>(d, s, m);
        }
    });
}
KG_TEST(mask_of_wrong_width) {  // a half-count mask on float operands: enables elements 0..n/2-1 only
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        LocalTensor<float> x = buf.Get<float>(64);
        Duplicate(x, 1.0f, 64);
        __ubuf__ float* a = (__ubuf__ float*)x.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            uint32_t count = 40;
            MicroAPI::MaskReg m = MicroAPI::UpdateMask<half>(count);
            MicroAPI::LoadAlign(v, a);
            MicroAPI::Add(v, v, v, m);
            MicroAPI::StoreAlign(a, v, m);
        }
    });
}
KG_TEST(store_past_view) {  // a 100-float view, a full-register store at element 64 writes 28 floats past it
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        LocalTensor<float> x = buf.Get<float>(100);
        __ubuf__ float* a = (__ubuf__ float*)x.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float, MicroAPI::MaskPattern::ALL>();
            MicroAPI::Duplicate(v, 2.0f);
            MicroAPI::StoreAlign(a, v, all);
            MicroAPI::StoreAlign(a + 64, v, all);
        }
    });
}
KG_TEST(unaligned_load) {  // LoadAlign DIST_NORM at a 4-byte offset
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        LocalTensor<float> x = buf.Get<float>(128);
        Duplicate(x, 1.0f, 128);
        __ubuf__ float* a = (__ubuf__ float*)x.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::LoadAlign(v, a + 1);
        }
    });
}
KG_TEST(merging_mul) {  // MERGING exists for Add/Max/Min/Move/Copy only
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::Mul<float, MicroAPI::MaskMergeMode::MERGING>(v, v, v, all);
        }
    });
}
KG_TEST(cast_bad_layout) {  // b16 -> b32 has layouts ZERO and ONE only
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        static constexpr MicroAPI::CastTrait two = {MicroAPI::RegLayout::TWO, MicroAPI::SatMode::UNKNOWN,
                                                    MicroAPI::MaskMergeMode::ZEROING, RoundMode::UNKNOWN};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<half> h;
            MicroAPI::RegTensor<float> f;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<half>();
            MicroAPI::Cast<float, half, two>(f, h, all);
        }
    });
}
KG_TEST(cast_mask_narrower_than_both) {  // a b8 count mask on float -> half: each float reads every 4th bit
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        static constexpr MicroAPI::CastTrait zero = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::NO_SAT,
                                                     MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<half> h;
            MicroAPI::RegTensor<float> f;
            uint32_t count = 64;
            MicroAPI::MaskReg m = MicroAPI::UpdateMask<int8_t>(count);
            MicroAPI::Duplicate(f, 1.0f);
            MicroAPI::Cast<half, float, zero>(h, f, m);
        }
    });
}
KG_TEST(div_0ulp_on_half) {  // PRECISION_0ULP_FTZ_FALSE takes float only (Reg Div.md)
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        static constexpr MicroAPI::DivSpecificMode keep = {MicroAPI::MaskMergeMode::ZEROING, false,
                                                           DivAlgo::PRECISION_0ULP_FTZ_FALSE};
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<half> h;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<half>();
            MicroAPI::Duplicate(h, static_cast<half>(1.0f));
            MicroAPI::Div<half, &keep>(h, h, h, all);
        }
    });
}
KG_TEST(vf_reads_before_mte2) {  // the vector function reads what MTE2 writes, with no queue or flag between
    kgtest::Gm g("g", 256 * 4);
    kgtest::run_one("ascend950", {&g}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4096);
        LocalTensor<float> x = buf.Get<float>(256);
        rg::copy_in(x, g.ptr(), 256);
        __ubuf__ float* a = (__ubuf__ float*)x.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::LoadAlign(v, a);
            MicroAPI::Adds(v, v, 1.0f, all);
            MicroAPI::StoreAlign(a + 64, v, all);
        }
    });
}
KG_TEST(reg_on_910b) {  // the register model is Ascend 950's
    kgtest::Gm g("g", 64);
    kgtest::run_one("ascend910b", {&g}, [&] {
        __VEC_SCOPE__ {
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            (void)all;
        }
    });
}

KG_TEST(ctrl_field_undocumented) {  // CTRL[20] is no field a 950 kernel may set
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) { SetCtrlSpr<20, 20>(1); });
}
KG_TEST(ctrl_value_too_wide) {  // CTRL[10:9] holds 0..3
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) { SetCtrlSpr<9, 10>(4); });
}

KG_TEST(subs_on_910b) {  // Subs with a flexible scalar position is Ascend 950's
    kgtest::Gm g("g", 64);
    kgtest::run_one("ascend910b", {&g}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> x = buf.Get<float>(64);
        Subs(x, 1.0f, x, 64);
    });
}

// One rounding or two: a = 1 + 2^-23, c = -(1 + 2^-22). a * a = 1 + 2^-22 + 2^-46 exactly, which rounds to -c, so
// a * a + c is 2^-46 with one rounding (a fused multiply-add) and 0 with two (the product rounded first). Element
// k of each 64-float block of the input: [0, 64) a, [64, 128) c. tests/test_compound_rounding.py reads both.
namespace rg {
constexpr uint32_t kRoundN = 256;
inline void fill_rounding_input(kgtest::Gm& g) {
    for (uint32_t i = 0; i < kRoundN; ++i) g.as<float>()[i] = i < 64 ? 1.0f + 0x1p-23f : -(1.0f + 0x1p-22f);
}
}  // namespace rg

// The Memory API on the 910B (Axpy count and mask forms, MulAddDst, FusedMulAdd): out blocks of 64 floats.
KG_TEST(memory_compound_rounding) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kRoundN;
    kgtest::Gm x("x", n * 4), z("z", n * 4);
    rg::fill_rounding_input(x);
    z.as_output();
    kgtest::run_one("ascend910b", {&x, &z}, [&] {
        rg::through_queues({x.ptr()}, z.ptr(), n, [&](const LocalTensor<float>& out, const LocalTensor<float>& in) {
            const float a = 1.0f + 0x1p-23f;
            Adds(out, in[64], 0.0f, 64);                        // c
            Axpy(out, in, a, 64);                               // c + a * a
            Adds(out[64], in[64], 0.0f, 64);
            Axpy(out[64], in, a, 64, 1, {1, 1, 8, 8});          // the mask/repeat form
            Adds(out[128], in[64], 0.0f, 64);
            MulAddDst(out[128], in, in, 64);                    // c + a * a
            Adds(out[192], in, 0.0f, 64);
            FusedMulAdd(out[192], in, in[64], 64);              // a * a + c
        });
    });
    rg::val("z", z.as<float>(), n);
}

// The Reg API on the 950 (Axpy, MulAddDst, MulDstAdd), documented as fused: out blocks of 64 floats, the last
// block the rounded product a * a (Mul).
KG_TEST(reg_compound_rounding) {
    using namespace AscendC;
    constexpr uint32_t n = rg::kRoundN;
    kgtest::Gm x("x", n * 4), z("z", n * 4);
    rg::fill_rounding_input(x);
    z.as_output();
    kgtest::run_one("ascend950", {&x, &z}, [&] {
        rg::through_queues({x.ptr()}, z.ptr(), n, [&](const LocalTensor<float>& out, const LocalTensor<float>& in) {
            __ubuf__ float* src = (__ubuf__ float*)in.GetPhyAddr();
            __ubuf__ float* dst = (__ubuf__ float*)out.GetPhyAddr();
            const float a = 1.0f + 0x1p-23f;
            MicroAPI::RegTensor<float> va, vc, r;
            MicroAPI::MaskReg mask;
            __VEC_SCOPE__ {
                mask = MicroAPI::CreateMask<float>();
                MicroAPI::LoadAlign(va, src);
                MicroAPI::LoadAlign(vc, src + 64);
                MicroAPI::Move(r, vc, mask);
                MicroAPI::Axpy(r, va, a, mask);                 // c + a * a
                MicroAPI::StoreAlign(dst, r, mask);
                MicroAPI::Move(r, vc, mask);
                MicroAPI::MulAddDst(r, va, va, mask);           // c + a * a
                MicroAPI::StoreAlign(dst + 64, r, mask);
                MicroAPI::Move(r, va, mask);
                MicroAPI::MulDstAdd(r, va, vc, mask);           // a * a + c
                MicroAPI::StoreAlign(dst + 128, r, mask);
                MicroAPI::Mul(r, va, va, mask);
                MicroAPI::StoreAlign(dst + 192, r, mask);
            }
        });
    });
    rg::val("z", z.as<float>(), n);
}

// ---- pooling's register forms (ops-nn pooling/pool_3d_common, max_pool_with_argmax_v3 on Ascend 950) ----
// A free helper reads -inf through AscendC's float bit-pattern constant, as the pooling SIMT functions do.
inline float pool_init_max() { return *reinterpret_cast<const float*>(&F32_NEG_INF); }
static_assert(std::is_same<Conditional<sizeof(half) == 4, half, float>::type, float>::value &&
                  std::is_same<ConditionalMulti<false, true, int8_t, int16_t, int32_t, int64_t>::type, int32_t>::value,
              "AscendC::Conditional picks T1 when the condition holds, else T2");
// the device compiler's type names and AscendC's reduction kind, as dynamic_mx_quant's arch35 kernel spells them
static_assert(std::is_same<float8_e4m3_t, fp8_e4m3fn_t>::value && std::is_same<float8_e8m0_t, fp8_e8m0_t>::value &&
                  std::is_same<MicroAPI::ReduceType, ReduceType>::value && static_cast<int>(ReduceType::MAX) == 1,
              "float8_* are the fp8 types; Reg takes AscendC::ReduceType");

// Window indices divided by a magic number (FastDivImpl: Mull's high word + the dividend, shifted), the maximum of
// a pair with NaN kept (Compare GT | Compare NE on masks), and the result scattered to permuted positions of a
// 64-float row whose last 4 lanes are masked off; an int32 Mull for the signed high word; a GlobalTensor read back
// as int16 through ReinterpretCast.
KG_TEST(pool_fastdiv_scatter) {
    kgtest::Gm g("g", 16 * 4);
    for (int32_t i = 0; i < 16; ++i) g.as<int32_t>()[i] = i * 65536 + (i + 1);
    uint32_t q[64], lo[64], slo[64];
    int32_t shi[64];
    float sc[64], mx[64], ninf = 0.0f;
    int16_t half_words[32];
    uint64_t sizes[2] = {0, 0};
    kgtest::run_one("ascend950", {&g}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 4096);
        LocalTensor<uint32_t> n = buf.Get<uint32_t>(64);
        LocalTensor<uint32_t> qo = buf.Get<uint32_t>()[64];
        LocalTensor<uint32_t> loo = buf.Get<uint32_t>()[128];
        LocalTensor<int32_t> sa = buf.Get<int32_t>()[192];
        LocalTensor<int32_t> so = buf.Get<int32_t>()[256];   // 64 low words, then 64 high words
        LocalTensor<float> a = buf.Get<float>()[384];
        LocalTensor<float> bb = buf.Get<float>()[448];
        LocalTensor<float> dst = buf.Get<float>()[512];
        LocalTensor<uint32_t> idx = buf.Get<uint32_t>()[576];
        LocalTensor<float> m = buf.Get<float>()[640];
        for (uint32_t i = 0; i < 64; ++i) {
            n.SetValue(i, i * 33554393u);
            sa.SetValue(i, -static_cast<int32_t>(i * 1000003u));
            a.SetValue(i, i == 3 ? std::nanf("") : static_cast<float>(i % 7));
            bb.SetValue(i, 3.0f);
            idx.SetValue(i, (i * 5) % 64);
            dst.SetValue(i, -1.0f);
        }
        __ubuf__ uint32_t* pn = (__ubuf__ uint32_t*)n.GetPhyAddr();
        __ubuf__ uint32_t* pq = (__ubuf__ uint32_t*)qo.GetPhyAddr();
        __ubuf__ uint32_t* plo = (__ubuf__ uint32_t*)loo.GetPhyAddr();
        __ubuf__ int32_t* psa = (__ubuf__ int32_t*)sa.GetPhyAddr();
        __ubuf__ int32_t* pso = (__ubuf__ int32_t*)so.GetPhyAddr();
        __ubuf__ float* pa = (__ubuf__ float*)a.GetPhyAddr();
        __ubuf__ float* pb = (__ubuf__ float*)bb.GetPhyAddr();
        __ubuf__ float* pd = (__ubuf__ float*)dst.GetPhyAddr();
        __ubuf__ uint32_t* pi = (__ubuf__ uint32_t*)idx.GetPhyAddr();
        __ubuf__ float* pm = (__ubuf__ float*)m.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<uint32_t> vn, magic, hi, low, tmp, vidx;
            MicroAPI::RegTensor<int32_t> vs, seven, slow, shigh;
            MicroAPI::RegTensor<float> va, vb, vmax;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<uint32_t>();
            MicroAPI::MaskReg allf = MicroAPI::CreateMask<float>();
            MicroAPI::MaskReg gt, ne, pick;
            MicroAPI::LoadAlign(vn, pn);
            MicroAPI::Duplicate(magic, 1431655766u);  // divide by 6: shift 3
            MicroAPI::Mull(low, hi, vn, magic, all);
            MicroAPI::Add(tmp, vn, hi, all);
            MicroAPI::ShiftRights(tmp, tmp, static_cast<int16_t>(3), all);
            MicroAPI::StoreAlign(pq, tmp, all);
            MicroAPI::StoreAlign(plo, low, all);
            MicroAPI::LoadAlign(vs, psa);
            MicroAPI::Duplicate(seven, 70001);
            MicroAPI::Mull(slow, shigh, vs, seven, all);
            MicroAPI::StoreAlign(pso, slow, all);
            MicroAPI::StoreAlign(pso + 64, shigh, all);
            MicroAPI::LoadAlign(va, pa);
            MicroAPI::LoadAlign(vb, pb);
            MicroAPI::Compare<float, CMPMODE::GT>(gt, va, vb, allf);
            MicroAPI::Compare<float, CMPMODE::NE>(ne, va, va, allf);
            MicroAPI::Or(gt, gt, ne, allf);
            MicroAPI::Not(pick, gt, allf);
            MicroAPI::Select(vmax, vb, va, pick);  // b where neither a > b nor a is NaN
            MicroAPI::StoreAlign(pm, vmax, allf);
            uint32_t count = 60;
            MicroAPI::MaskReg first60 = MicroAPI::UpdateMask<float>(count);
            MicroAPI::LoadAlign(vidx, pi);
            MicroAPI::DataCopyScatter(pd, vmax, vidx, first60);   // the older name pool_grad_common uses
        }
        for (uint32_t i = 0; i < 64; ++i) {
            q[i] = qo.GetValue(i);
            lo[i] = loo.GetValue(i);
            slo[i] = static_cast<uint32_t>(so.GetValue(i));
            shi[i] = so.GetValue(64 + i);
            sc[i] = dst.GetValue(i);
            mx[i] = m.GetValue(i);
        }
        GlobalTensor<int32_t> words;
        words.SetGlobalBuffer((__gm__ int32_t*)g.ptr(), 16);
        GlobalTensor<int16_t> halves = words.ReinterpretCast<int16_t>();
        for (uint32_t i = 0; i < 32; ++i) half_words[i] = halves.GetValue(i);
        sizes[0] = words.GetSize();
        sizes[1] = halves.GetSize();
        ninf = pool_init_max();
    });
    kgtest::val("q", q, 64);
    kgtest::val("lo", lo, 64);
    kgtest::val("slo", slo, 64);
    kgtest::val("shi", shi, 64);
    kgtest::val("halves", half_words, 32);
    kgtest::val("sizes", sizes, 2);
    kgtest::val("ninf", &ninf, 1);
    rg::val("scattered", sc, 64);
    rg::val("max", mx, 64);
}

// index/non_zero's arch35 pattern: compare masks stored to UB and loaded back through an AddrReg (the older
// DataCopy spelling), a `mem_bar(VST_VLD)` between, the loaded mask choosing lanes.
KG_TEST(mask_through_ub_addrreg) {
    float picked[128];
    uint8_t words[64];
    kgtest::Gm g("g", 64);
    kgtest::run_one("ascend950", {&g}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> x = buf.Get<float>(128);
        LocalTensor<float> y = buf.Get<float>()[128];
        LocalTensor<uint32_t> m = buf.Get<uint32_t>()[256];   // two 32-byte mask images
        for (uint32_t i = 0; i < 128; ++i) x.SetValue(i, rg::input_x(i));
        __ubuf__ float* px = (__ubuf__ float*)x.GetPhyAddr();
        __ubuf__ float* py = (__ubuf__ float*)y.GetPhyAddr();
        __ubuf__ uint32_t* pm = (__ubuf__ uint32_t*)m.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v, zero, out;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>(), gt, back;
            MicroAPI::Duplicate(zero, 0.0f);
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::AddrReg at = MicroAPI::CreateAddrReg<uint32_t>(i, 8);   // 8 uint32: one mask image
                MicroAPI::LoadAlign(v, px + i * 64);
                MicroAPI::Compare<float, CMPMODE::GT>(gt, v, zero, all);
                MicroAPI::DataCopy(pm, gt, at);
            }
            mem_bar(VST_VLD);
            for (uint16_t i = 0; i < 2; ++i) {
                MicroAPI::AddrReg at = MicroAPI::CreateAddrReg<uint32_t>(i, 8);
                MicroAPI::DataCopy(back, pm, at);
                MicroAPI::LoadAlign(v, px + i * 64);
                MicroAPI::Select(out, v, zero, back);
                MicroAPI::StoreAlign(py + i * 64, out, all);
            }
        }
        for (uint32_t i = 0; i < 128; ++i) picked[i] = y.GetValue(i);
        for (uint32_t i = 0; i < 16; ++i) {
            const uint32_t w = m.GetValue(i);
            for (uint32_t k = 0; k < 4; ++k) words[i * 4 + k] = static_cast<uint8_t>(w >> (8 * k));
        }
    });
    kgtest::val("picked", picked, 128);
    kgtest::val("mask_bytes", words, 64);
}
KG_TEST(mask_store_unaligned_addrreg) {  // a MaskReg store at 4 bytes past a 32-byte boundary
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        __ubuf__ uint32_t* pm = (__ubuf__ uint32_t*)buf.Get<uint32_t>().GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::DataCopy(pm, all, MicroAPI::CreateAddrReg<uint32_t>(1, 1));
        }
    });
}
KG_TEST(scatter_repeated_index) {  // two enabled lanes scattered to the same element: which lands is undefined
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        LocalTensor<float> d = buf.Get<float>(64);
        LocalTensor<uint32_t> ix = buf.Get<uint32_t>()[64];
        for (uint32_t i = 0; i < 64; ++i) ix.SetValue(i, i == 9 ? 2u : i);
        __ubuf__ float* pd = (__ubuf__ float*)d.GetPhyAddr();
        __ubuf__ uint32_t* pi = (__ubuf__ uint32_t*)ix.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::RegTensor<uint32_t> vi;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<float>();
            MicroAPI::Duplicate(v, 1.0f);
            MicroAPI::LoadAlign(vi, pi);
            MicroAPI::Scatter(pd, v, vi, all);
        }
    });
}
KG_TEST(scatter_past_view) {  // an index of 40 into a 32-float view
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>& buf) {
        LocalTensor<float> d = buf.Get<float>(32);
        LocalTensor<uint32_t> ix = buf.Get<uint32_t>()[64];
        for (uint32_t i = 0; i < 64; ++i) ix.SetValue(i, i == 1 ? 40u : i % 32);
        __ubuf__ float* pd = (__ubuf__ float*)d.GetPhyAddr();
        __ubuf__ uint32_t* pi = (__ubuf__ uint32_t*)ix.GetPhyAddr();
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<float> v;
            MicroAPI::RegTensor<uint32_t> vi;
            uint32_t count = 2;
            MicroAPI::MaskReg two = MicroAPI::UpdateMask<float>(count);
            MicroAPI::Duplicate(v, 1.0f);
            MicroAPI::LoadAlign(vi, pi);
            MicroAPI::Scatter(pd, v, vi, two);
        }
    });
}
KG_TEST(gm_reinterpret_on_910b) {  // GlobalTensor::ReinterpretCast is Ascend 950's
    kgtest::Gm g("g", 64);
    kgtest::run_one("ascend910b", {&g}, [&] {
        GlobalTensor<int32_t> w;
        w.SetGlobalBuffer((__gm__ int32_t*)g.ptr(), 16);
        (void)w.ReinterpretCast<int16_t>();
    });
}

// RegTraitNumTwo's reg[0] / reg[1] (RegTensor.md): pooling's arch35 kernels take the low halves of an int64 index
// register as int32 (`(RegTensor<int32_t>&)two.reg[0]`, avg_pool_v2_grad) and use a float pair as two registers
// (`Move((RegTensor<float>&)res.reg[1], ...)`, pool_3d_common).
KG_TEST(reg_trait_two_halves) {
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<int64_t, MicroAPI::RegTraitNumTwo> idx;
            MicroAPI::MaskReg all = MicroAPI::CreateMask<int64_t, MicroAPI::MaskPattern::ALL, MicroAPI::RegTraitNumTwo>();
            for (uint32_t i = 0; i < 64; ++i) idx.v[i] = (static_cast<int64_t>(i) - 20) * 3;   // negatives: high -1
            MicroAPI::Adds(idx, idx, static_cast<int64_t>(5), all);
            MicroAPI::RegTensor<int32_t> lo = (MicroAPI::RegTensor<int32_t>&)idx.reg[0];
            MicroAPI::RegTensor<int32_t> hi = (MicroAPI::RegTensor<int32_t>&)idx.reg[1];
            kgtest::val("lo", lo.v, 64);
            kgtest::val("hi", hi.v, 64);
            MicroAPI::Duplicate((MicroAPI::RegTensor<int32_t>&)idx.reg[1], 2);   // high halves := 2
            int32_t high[64], low[64];   // the elements' halves, read from v (%.9g would print an int64 inexactly)
            for (uint32_t i = 0; i < 64; ++i) {
                high[i] = static_cast<int32_t>(idx.v[i] >> 32);
                low[i] = static_cast<int32_t>(idx.v[i]);
            }
            kgtest::val("rehigh", high, 64);
            kgtest::val("relow", low, 64);
            MicroAPI::RegTensor<float, MicroAPI::RegTraitNumTwo> pair;
            MicroAPI::RegTensor<float> a, b;
            MicroAPI::Duplicate(a, 1.5f);
            MicroAPI::Duplicate(b, -2.5f);
            MicroAPI::MaskReg fm = MicroAPI::CreateMask<float>();
            MicroAPI::Move((MicroAPI::RegTensor<float>&)pair.reg[0], a, fm);
            MicroAPI::Move((MicroAPI::RegTensor<float>&)pair.reg[1], b, fm);
            kgtest::val("pair", pair.v, 128);
            MicroAPI::RegTensor<int64_t> one;   // RegTraitNumOne: reg[0] is the register (32 int64 lanes)
            for (uint32_t i = 0; i < 32; ++i) one.v[i] = static_cast<int64_t>(i) - 3;
            MicroAPI::RegTensor<int32_t> words = (MicroAPI::RegTensor<int32_t>&)one.reg[0];
            kgtest::val("one", words.v, 8);
        }
    });
}
KG_TEST(reg_trait_two_third_register) {  // a RegTraitNumTwo register has two
    rg::misuse([](TPipe&, TBuf<TPosition::VECCALC>&) {
        __VEC_SCOPE__ {
            MicroAPI::RegTensor<int64_t, MicroAPI::RegTraitNumTwo> idx;
            MicroAPI::RegTensor<int32_t> r = (MicroAPI::RegTensor<int32_t>&)idx.reg[2];
            (void)r;
        }
    });
}
KG_TEST_MAIN()
