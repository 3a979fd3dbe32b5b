// kernelgen CPU emulator (private, kernel side): shared machinery of the vector APIs.
//
// Count form: checks once per call (operands set, 32-byte aligned, within their buffers, full-or-no overlap,
// dtype and bf16 support on the SOC), then one plain loop over raw pointers. float loops use GCC vector
// extensions so that -O2 emits SIMD code; half/bf16 compute in fp32 and round back (RNE); integers wrap.
// Mask/repeat form: the same element functors driven by the 256-byte repeat / 32-byte block addressing.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_common.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_COMMON_H
#define KGEMU_DETAIL_VEC_COMMON_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kgemu/detail/tensor.h"

namespace AscendC {

struct UnaryRepeatParams {
    UnaryRepeatParams() {}
    UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
                      const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn),
          srcBlkStride(srcBlkStrideIn),
          dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}

    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

struct BinaryRepeatParams {
    BinaryRepeatParams() {}
    BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn, const uint8_t src1BlkStrideIn,
                       const uint8_t dstRepStrideIn, const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn),
          src0BlkStride(src0BlkStrideIn),
          src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn),
          src0RepStride(src0RepStrideIn),
          src1RepStride(src1RepStrideIn) {}

    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

// ---- SIMD helpers for float ----
#if defined(__AVX__)
constexpr int kVecBytes = 32;
#else
constexpr int kVecBytes = 16;
#endif
typedef float vf32 __attribute__((vector_size(kVecBytes)));
typedef int32_t vi32 __attribute__((vector_size(kVecBytes)));
constexpr int kVF = kVecBytes / 4;

template <typename V>
struct is_vf : std::is_same<V, vf32> {};

inline vf32 vload(const float* p) {
    vf32 v;
    std::memcpy(&v, p, sizeof(v));
    return v;
}
inline void vstore(float* p, vf32 v) { std::memcpy(p, &v, sizeof(v)); }
inline vf32 vsplat(float s) {  // lane by lane: {} + s would turn a -0.0 scalar into +0.0
    vf32 v = {};
    for (int k = 0; k < kVF; ++k) v[k] = s;
    return v;
}

// d[i] = f(a[i]); exact-alias (in place) safe.
template <typename F>
inline void map1_f32(float* d, const float* a, size_t n, F f) {
    size_t i = 0;
    for (; i + 2 * kVF <= n; i += 2 * kVF) {
        vf32 x0 = vload(a + i), x1 = vload(a + i + kVF);
        vstore(d + i, f(x0));
        vstore(d + i + kVF, f(x1));
    }
    for (; i < n; ++i) d[i] = f(a[i]);
}

template <typename F>
inline void map2_f32(float* d, const float* a, const float* b, size_t n, F f) {
    size_t i = 0;
    for (; i + 2 * kVF <= n; i += 2 * kVF) {
        vf32 x0 = vload(a + i), x1 = vload(a + i + kVF);
        vf32 y0 = vload(b + i), y1 = vload(b + i + kVF);
        vstore(d + i, f(x0, y0));
        vstore(d + i + kVF, f(x1, y1));
    }
    for (; i < n; ++i) d[i] = f(a[i], b[i]);
}

template <typename F>
inline void map2s_f32(float* d, const float* a, float s, size_t n, F f) {
    const vf32 sv = vsplat(s);
    size_t i = 0;
    for (; i + 2 * kVF <= n; i += 2 * kVF) {
        vf32 x0 = vload(a + i), x1 = vload(a + i + kVF);
        vstore(d + i, f(x0, sv));
        vstore(d + i + kVF, f(x1, sv));
    }
    for (; i < n; ++i) d[i] = f(a[i], s);
}

// d[i] = f(a[i], b[i], d[i]) (MulAddDst, Axpy-like accumulations)
template <typename F>
inline void map3_f32(float* d, const float* a, const float* b, size_t n, F f) {
    size_t i = 0;
    for (; i + kVF <= n; i += kVF) vstore(d + i, f(vload(a + i), vload(b + i), vload(d + i)));
    for (; i < n; ++i) d[i] = f(a[i], b[i], d[i]);
}

template <float (*Fn)(float)>
struct OpLanes;
template <typename F>
struct is_lane_op : std::false_type {};
template <float (*Fn)(float)>
struct is_lane_op<OpLanes<Fn>> : std::true_type {};

// Element loops for any supported element type.
template <typename T, typename F>
inline void loop1(T* d, const T* a, size_t n, F f) {
    if constexpr (std::is_same<T, float>::value && is_lane_op<F>::value) {
        for (size_t i = 0; i < n; ++i) d[i] = f(a[i]);  // libm per element: no lane shuffling
    } else if constexpr (std::is_same<T, float>::value) {
        map1_f32(d, a, n, f);
    } else if constexpr (is_half_like<T>::value) {
        for (size_t i = 0; i < n; ++i) d[i] = from_f32<T>(f(to_f32(a[i])));
    } else {
        for (size_t i = 0; i < n; ++i) d[i] = f(a[i]);
    }
}

template <typename T, typename F>
inline void loop2(T* d, const T* a, const T* b, size_t n, F f) {
    if constexpr (std::is_same<T, float>::value) {
        map2_f32(d, a, b, n, f);
    } else if constexpr (is_half_like<T>::value) {
        for (size_t i = 0; i < n; ++i) d[i] = from_f32<T>(f(to_f32(a[i]), to_f32(b[i])));
    } else {
        for (size_t i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
    }
}

template <typename T, typename F>
inline void loop2s(T* d, const T* a, T s, size_t n, F f) {
    if constexpr (std::is_same<T, float>::value) {
        map2s_f32(d, a, s, n, f);
    } else if constexpr (is_half_like<T>::value) {
        const float sf = to_f32(s);
        for (size_t i = 0; i < n; ++i) d[i] = from_f32<T>(f(to_f32(a[i]), sf));
    } else {
        for (size_t i = 0; i < n; ++i) d[i] = f(a[i], s);
    }
}

// Applies a functor to one element of type T (the repeat form's scalar path).
template <typename T, typename F>
inline T apply1(F f, T a) {
    if constexpr (is_half_like<T>::value) {
        return from_f32<T>(f(to_f32(a)));
    } else {
        return f(a);
    }
}
template <typename T, typename F>
inline T apply2(F f, T a, T b) {
    if constexpr (is_half_like<T>::value) {
        return from_f32<T>(f(to_f32(a), to_f32(b)));
    } else {
        return f(a, b);
    }
}

// ---- dtype rules: masks for A2-class SOCs (2002/2201/3002), 910 (1001) and 950 (3510) ----
struct DtypeRule {
    uint32_t a2;
    uint32_t v910;
    uint32_t v950;
};
constexpr uint32_t DT_FLOATS = DT_F16 | DT_F32;
constexpr uint32_t DT_ARITH = DT_S16 | DT_F16 | DT_S32 | DT_F32;
constexpr DtypeRule RULE_ADD{DT_ARITH, DT_F16 | DT_S32 | DT_F32, DT_ARITH | DT_U16 | DT_U32 | DT_S8 | DT_U8 | DT_S64};
constexpr DtypeRule RULE_MUL{DT_ARITH, DT_F16 | DT_S32 | DT_F32, DT_ARITH | DT_U16 | DT_U32 | DT_S8 | DT_U8 | DT_S64};
constexpr DtypeRule RULE_SCALAR{DT_ARITH, DT_F16 | DT_S32 | DT_F32, DT_ARITH | DT_U16 | DT_U32 | DT_S8 | DT_U8 | DT_S64};
constexpr DtypeRule RULE_DIV{DT_FLOATS, DT_FLOATS, DT_FLOATS | DT_S16 | DT_U16 | DT_S32 | DT_U32};
constexpr DtypeRule RULE_FLOATS{DT_FLOATS, DT_FLOATS, DT_FLOATS};
constexpr DtypeRule RULE_RELU{DT_F16 | DT_S32 | DT_F32, DT_F16, DT_F16 | DT_S32 | DT_F32 | DT_S64};
constexpr DtypeRule RULE_DUP{DT_S16 | DT_U16 | DT_F16 | DT_BF16 | DT_S32 | DT_U32 | DT_F32,
                             DT_S16 | DT_U16 | DT_F16 | DT_S32 | DT_U32 | DT_F32, DT_ALL};
constexpr DtypeRule RULE_BITWISE{DT_S16 | DT_U16, DT_S16 | DT_U16,
                                 DT_S8 | DT_U8 | DT_S16 | DT_U16 | DT_S32 | DT_U32 | DT_S64 | DT_U64};
constexpr DtypeRule RULE_SHIFT{DT_S16 | DT_U16 | DT_S32 | DT_U32, DT_S16 | DT_U16 | DT_S32 | DT_U32,
                               DT_S8 | DT_U8 | DT_S16 | DT_U16 | DT_S32 | DT_U32 | DT_S64 | DT_U64};
constexpr DtypeRule RULE_ANY{DT_ALL, DT_ALL, DT_ALL};

template <typename T>
inline void check_vec_dtype(BlockState& b, const char* api, const DtypeRule& r) {
    check_bf16_arith<T>(b, api);
    check_dtype<T>(b, api, r.a2, r.v910, r.v950);
}

// ---- mask / repeat form ----
struct RepOperand {
    uint8_t* base;
    uint32_t esize;
    uint32_t blk;  // block stride, 32-byte units
    uint32_t rep;  // repeat stride, 32-byte units
};

inline uint8_t* rep_addr(const RepOperand& o, uint32_t r, uint32_t k) {
    const uint32_t epb = 32 / o.esize;
    return o.base + (static_cast<uint64_t>(r) * o.rep + static_cast<uint64_t>(k / epb) * o.blk) * 32 +
           static_cast<uint64_t>(k % epb) * o.esize;
}

// Bytes an operand spans from its start, given the highest active element index kmax.
inline uint64_t rep_extent(uint32_t esize, uint32_t blk, uint32_t rep, uint32_t repeat, uint32_t kmax) {
    const uint32_t epb = 32 / esize;
    return ((static_cast<uint64_t>(repeat) - 1) * rep + static_cast<uint64_t>(kmax / epb) * blk) * 32 +
           static_cast<uint64_t>(kmax % epb + 1) * esize;
}

struct MaskBits {
    uint64_t w[4] = {0, 0, 0, 0};
    uint32_t per_rep = 0;
    uint32_t active = 0;   // active elements per repeat (normal mode)
    uint32_t kmax = 0;     // highest active element index of a repeat
    uint32_t repeat = 0;   // repeats the call performs
    bool counter = false;  // counter mode: `count` elements in total, per_rep per repeat, the last one partial
    uint64_t count = 0;
    bool test(uint32_t k) const { return (w[k >> 6] >> (k & 63)) & 1ULL; }
    uint64_t total() const { return counter ? count : static_cast<uint64_t>(active) * repeat; }
};

inline MaskBits mask_continuous(const char* api, uint64_t mask, uint32_t per_rep, uint32_t repeat = 1) {
    if (mask < 1 || mask > per_rep) {
        fail(api, strf("mask %llu is outside [1, %u] (elements per 256-byte repeat for this dtype)",
                       static_cast<unsigned long long>(mask), per_rep));
    }
    MaskBits m;
    m.per_rep = per_rep;
    for (uint32_t k = 0; k < mask; ++k) m.w[k >> 6] |= 1ULL << (k & 63);
    m.active = static_cast<uint32_t>(mask);
    m.kmax = static_cast<uint32_t>(mask - 1);
    m.repeat = repeat;
    return m;
}

inline MaskBits mask_bitwise(const char* api, const uint64_t* mask, uint32_t per_rep, uint32_t repeat = 1) {
    MaskBits m;
    m.per_rep = per_rep;
    m.repeat = repeat;
    const uint32_t words = per_rep > 128 ? 2 : (per_rep + 63) / 64;  // the API carries at most 128 mask bits
    for (uint32_t i = 0; i < words; ++i) m.w[i] = mask[i];
    if (per_rep < 64) m.w[0] &= (1ULL << per_rep) - 1;
    bool any = false;
    for (uint32_t k = 0; k < per_rep && k < 128; ++k) {
        if (m.test(k)) {
            ++m.active;
            m.kmax = k;
            any = true;
        }
    }
    if (!any) fail(api, "the bit mask selects no element");
    return m;
}

// The mask register (isSetMask = false calls): SetMaskNorm + SetVectorMask bits per repeat, or SetMaskCount +
// SetVectorMask element count (the call's repeatTime is then ignored: ceil(count / per_rep) repeats).
inline MaskBits mask_register(const char* api, uint32_t per_rep, uint32_t repeat) {
    const BlockState& b = block_state(api);
    if (b.mask_counter) {
        MaskBits m;
        m.per_rep = per_rep;
        m.counter = true;
        m.count = b.mask_count;
        m.repeat = static_cast<uint32_t>((b.mask_count + per_rep - 1) / per_rep);
        const uint64_t first = b.mask_count < per_rep ? b.mask_count : per_rep;
        for (uint32_t k = 0; k < first; ++k) m.w[k >> 6] |= 1ULL << (k & 63);
        m.active = static_cast<uint32_t>(first);
        m.kmax = first == 0 ? 0 : static_cast<uint32_t>(first - 1);
        return m;
    }
    const uint64_t words[2] = {b.mask_w[0], b.mask_w[1]};
    return mask_bitwise(api, words, per_rep, repeat);
}

// The mask of a mask/repeat-form call: its own (isSetMask = true) or the mask register's (false).
template <bool isSetMask>
inline MaskBits call_mask(const char* api, uint64_t mask, uint32_t per_rep, uint32_t repeat) {
    if constexpr (isSetMask) {
        return mask_continuous(api, mask, per_rep, repeat);
    } else {
        (void)mask;
        return mask_register(api, per_rep, repeat);
    }
}
template <bool isSetMask>
inline MaskBits call_mask(const char* api, const uint64_t* mask, uint32_t per_rep, uint32_t repeat) {
    if constexpr (isSetMask) {
        return mask_bitwise(api, mask, per_rep, repeat);
    } else {
        (void)mask;
        return mask_register(api, per_rep, repeat);
    }
}

// The count of a count-form call: its own (isSetMask = true) or the counter-mode mask register's (false).
template <bool isSetMask>
inline int32_t call_count(const char* api, int32_t count) {
    if constexpr (isSetMask) {
        return count;
    } else {
        const BlockState& b = block_state(api);
        if (!b.mask_counter) {
            fail(api, "isSetMask = false on the count form needs SetMaskCount() and SetVectorMask(count) first");
        }
        return static_cast<int32_t>(b.mask_count);
    }
}

template <typename F>
inline void for_active(const MaskBits& m, F f) {
    if (m.counter) {
        for (uint32_t r = 0; r < m.repeat; ++r) {
            const uint64_t left = m.count - static_cast<uint64_t>(r) * m.per_rep;
            const uint32_t n = left < m.per_rep ? static_cast<uint32_t>(left) : m.per_rep;
            for (uint32_t k = 0; k < n; ++k) f(r, k);
        }
        return;
    }
    for (uint32_t r = 0; r < m.repeat; ++r) {
        for (uint32_t k = 0; k <= m.kmax; ++k) {
            if (m.test(k)) f(r, k);
        }
    }
}

// Bytes an operand spans under mask m (0 when the call does nothing).
inline uint64_t mask_extent(uint32_t esize, uint32_t blk, uint32_t rep, const MaskBits& m) {
    if (m.repeat == 0) return 0;
    if (!m.counter) return rep_extent(esize, blk, rep, m.repeat, m.kmax);
    const uint64_t last = m.count - static_cast<uint64_t>(m.repeat - 1) * m.per_rep;
    uint64_t ext = rep_extent(esize, blk, rep, m.repeat, static_cast<uint32_t>(last - 1));
    if (m.repeat > 1) {
        const uint64_t full = rep_extent(esize, blk, rep, m.repeat - 1, m.per_rep - 1);
        if (full > ext) ext = full;
    }
    return ext;
}

// The sanitizer's view of a mask/repeat operand: the runs of bytes its active elements occupy, in element order
// (repeat by repeat, block by block), so that the bytes between strided blocks and masked-off lanes keep their
// state (sanitize.h san_spans_begin / san_spans_end).
inline void san_rep_spans(BlockState& b, uint32_t esize, uint32_t blk, uint32_t rep, const MaskBits& m) {
    std::vector<SanSpan>* v = san_spans_begin(b);
    if (v == nullptr) return;
    const uint64_t base = b.san.p_ops[b.san.p_n - 1].begin;
    const uint32_t epb = 32 / esize;
    auto emit = [&](uint32_t r, uint32_t k0, uint32_t k1) {  // active elements [k0, k1) of one 32-byte block
        const uint64_t a = base + (static_cast<uint64_t>(r) * rep + static_cast<uint64_t>(k0 / epb) * blk) * 32 +
                           static_cast<uint64_t>(k0 % epb) * esize;
        san_span_push(*v, a, a + static_cast<uint64_t>(k1 - k0) * esize);
    };
    if (m.counter) {
        for (uint32_t r = 0; r < m.repeat && v->size() <= kSanMaxSpans; ++r) {
            const uint64_t left = m.count - static_cast<uint64_t>(r) * m.per_rep;
            const uint32_t n = left < m.per_rep ? static_cast<uint32_t>(left) : m.per_rep;
            for (uint32_t k = 0; k < n; k += epb) emit(r, k, std::min(n, k + epb));
        }
    } else {
        std::vector<std::pair<uint32_t, uint32_t>> runs;  // one repeat's runs, split at block boundaries
        for (uint32_t k = 0; k <= m.kmax; ++k) {
            if (!m.test(k)) continue;
            if (!runs.empty() && runs.back().second == k && k % epb != 0) {
                runs.back().second = k + 1;
            } else {
                runs.emplace_back(k, k + 1);
            }
        }
        for (uint32_t r = 0; r < m.repeat && v->size() <= kSanMaxSpans; ++r) {
            for (const auto& run : runs) emit(r, run.first, run.second);
        }
    }
    san_spans_end(b);
}

template <typename T>
inline RepOperand rep_operand(BlockState& b, const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                              uint32_t blk, uint32_t rep, const MaskBits& m) {
    const uint64_t ext = mask_extent(sizeof(T), blk, rep, m);
    T* p = ub_operand(b, api, role, t, ext, 32, false);
    // a reduction's source stays a conservative extent: its results are not element-wise, so undefined lanes
    // would taint every result (sanitize.h), also those of repeats whose lanes were all written
    if (b.san.on && m.repeat != 0 && !(role[0] == 's' && san_is_reduction(api))) {
        san_rep_spans(b, static_cast<uint32_t>(sizeof(T)), blk, rep, m);
    }
    return RepOperand{reinterpret_cast<uint8_t*>(p), static_cast<uint32_t>(sizeof(T)), blk, rep};
}

inline void check_dst_blk(const char* api, uint32_t blk, const MaskBits& m, uint32_t esize) {
    if (blk == 0 && m.kmax >= 32 / esize) {
        fail(api, "dstBlkStride 0 with more than one active block per repeat is undefined on the NPU");
    }
}

// Driver of the binary mask/repeat form: dst = f(src0, src1) per active element.
template <typename T, typename F>
inline void binary_repeat(const char* api, const DtypeRule& rule, const AscendC::LocalTensor<T>& dst,
                          const AscendC::LocalTensor<T>& s0, const AscendC::LocalTensor<T>& s1, const MaskBits& m,
                          const AscendC::BinaryRepeatParams& p, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, rule);
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    check_dst_blk(api, p.dstBlkStride, m, sizeof(T));
    const RepOperand od = rep_operand(b, api, "dst", dst, p.dstBlkStride, p.dstRepStride, m);
    const RepOperand o0 = rep_operand(b, api, "src0", s0, p.src0BlkStride, p.src0RepStride, m);
    const RepOperand o1 = rep_operand(b, api, "src1", s1, p.src1BlkStride, p.src1RepStride, m);
    for_active(m, [&](uint32_t r, uint32_t k) {
        T a, c;
        std::memcpy(&a, rep_addr(o0, r, k), sizeof(T));
        std::memcpy(&c, rep_addr(o1, r, k), sizeof(T));
        const T out = apply2<T>(f, a, c);
        std::memcpy(rep_addr(od, r, k), &out, sizeof(T));
    });
}

// Driver of the unary mask/repeat form (also tensor-scalar ops, with the scalar bound into f).
template <typename T, typename F>
inline void unary_repeat(const char* api, const DtypeRule& rule, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, const MaskBits& m,
                         const AscendC::UnaryRepeatParams& p, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, rule);
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    check_dst_blk(api, p.dstBlkStride, m, sizeof(T));
    const RepOperand od = rep_operand(b, api, "dst", dst, p.dstBlkStride, p.dstRepStride, m);
    const RepOperand os = rep_operand(b, api, "src", src, p.srcBlkStride, p.srcRepStride, m);
    for_active(m, [&](uint32_t r, uint32_t k) {
        T a;
        std::memcpy(&a, rep_addr(os, r, k), sizeof(T));
        const T out = apply1<T>(f, a);
        std::memcpy(rep_addr(od, r, k), &out, sizeof(T));
    });
}

// Count-form drivers.
template <typename T, typename F>
inline void binary_count(const char* api, const DtypeRule& rule, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& s0, const AscendC::LocalTensor<T>& s1, int32_t count, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, rule);
    check_count(api, count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const T* x = ub_operand(b, api, "src0", s0, bytes);
    const T* y = ub_operand(b, api, "src1", s1, bytes);
    check_overlap(b, api, "dst", d, bytes, "src0", x, bytes);
    check_overlap(b, api, "dst", d, bytes, "src1", y, bytes);
    loop2<T>(d, x, y, static_cast<size_t>(count), f);
}

template <typename T, typename F>
inline void unary_count(const char* api, const DtypeRule& rule, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<T>& src, int32_t count, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, rule);
    check_count(api, count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const T* x = ub_operand(b, api, "src", src, bytes);
    check_overlap(b, api, "dst", d, bytes, "src", x, bytes);
    loop1<T>(d, x, static_cast<size_t>(count), f);
}

template <typename T, typename F>
inline void scalar_count(const char* api, const DtypeRule& rule, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, T scalar, int32_t count, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, rule);
    check_count(api, count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const T* x = ub_operand(b, api, "src", src, bytes);
    check_overlap(b, api, "dst", d, bytes, "src", x, bytes);
    loop2s<T>(d, x, scalar, static_cast<size_t>(count), f);
}

// ---- element functors: each works on vf32, float and integer element types ----
template <typename V>
using wide_unsigned_t =
    typename std::conditional<(sizeof(V) < 4), uint32_t, typename std::make_unsigned<V>::type>::type;

struct OpAdd {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            return static_cast<V>(static_cast<wide_unsigned_t<V>>(a) + static_cast<wide_unsigned_t<V>>(b));
        } else {
            return a + b;
        }
    }
};
struct OpSub {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            return static_cast<V>(static_cast<wide_unsigned_t<V>>(a) - static_cast<wide_unsigned_t<V>>(b));
        } else {
            return a - b;
        }
    }
};
struct OpMul {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            return static_cast<V>(static_cast<wide_unsigned_t<V>>(a) * static_cast<wide_unsigned_t<V>>(b));
        } else {
            return a * b;
        }
    }
};
struct OpDiv {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            if (b == 0) return 0;  // assumption: the NPU's integer division by zero is undocumented
            if (std::is_signed<V>::value && b == static_cast<V>(-1)) return static_cast<V>(OpSub{}(V(0), a));
            return static_cast<V>(a / b);
        } else {
            return a / b;
        }
    }
};
// Max/Min propagate NaN from either operand (assumption: NaN behaviour of vmax/vmin is undocumented).
// Max of equal operands takes the AND of their bits, so Max(+0, -0) = Max(-0, +0) = +0 (documented).
struct OpMax {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            return a > b ? a : b;
        } else if constexpr (is_vf<V>::value) {
            V r = a > b ? a : b;
            const vi32 eq = a == b;
            r = reinterpret_cast<vf32>((reinterpret_cast<vi32>(r) & ~eq) |
                                       (reinterpret_cast<vi32>(a) & reinterpret_cast<vi32>(b) & eq));
            return a != a ? a : r;
        } else {
            V r = a > b ? a : b;
            if constexpr (std::is_same<V, float>::value) {
                if (a == b) {
                    uint32_t ia, ib;
                    std::memcpy(&ia, &a, 4);
                    std::memcpy(&ib, &b, 4);
                    ia &= ib;
                    std::memcpy(&r, &ia, 4);
                }
            }
            return a != a ? a : r;
        }
    }
};
struct OpMin {
    template <typename V>
    V operator()(V a, V b) const {
        if constexpr (std::is_integral<V>::value) {
            return a < b ? a : b;
        } else {
            V r = a < b ? a : b;
            return a != a ? a : r;
        }
    }
};

// Unary elementwise through a float function, lane by lane for vectors.
template <float (*Fn)(float)>
struct OpLanes {
    template <typename V>
    V operator()(V a) const {
        if constexpr (is_vf<V>::value) {
            for (int k = 0; k < kVF; ++k) a[k] = Fn(a[k]);
            return a;
        } else {
            return static_cast<V>(Fn(static_cast<float>(a)));
        }
    }
};

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_VEC_COMMON_H
