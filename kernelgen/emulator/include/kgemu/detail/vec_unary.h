// kernelgen CPU emulator (private, kernel side): unary vector APIs and Duplicate.
// Exp Ln Abs Sqrt Rsqrt Reciprocal Relu Not (count and mask/repeat forms), Duplicate.
//
// Accuracy: Exp/Ln/Sqrt use the host libm in fp32 (expf, logf, sqrtf). Reciprocal and Rsqrt are documented
// as NOT meeting 0.1 % relative error for half nor 0.01 % for float (Reciprocal.md, Rsqrt.md: use Div and
// Sqrt for accuracy), and the NPU's approximation is not published; the emulator models that documented
// precision so that verdicts are not optimistic: the IEEE result with its mantissa truncated to 8 bits for
// half (relative error below 2^-8 = 0.39 %) and to 12 bits for float (below 2^-12 = 0.024 %).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_unary.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_UNARY_H
#define KGEMU_DETAIL_VEC_UNARY_H

#include <algorithm>
#include <cmath>

#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

inline float fn_exp(float x) { return std::exp(x); }
inline float fn_ln(float x) { return std::log(x); }
inline float fn_sqrt(float x) { return std::sqrt(x); }
inline float fn_rsqrt(float x) { return 1.0f / std::sqrt(x); }

using OpExp = OpLanes<&fn_exp>;
using OpLn = OpLanes<&fn_ln>;
using OpSqrt = OpLanes<&fn_sqrt>;
using OpRsqrt = OpLanes<&fn_rsqrt>;

// The documented coarse precision of Reciprocal / Rsqrt for element type T (see the header comment).
template <typename T>
struct CoarseBits {
    static constexpr int32_t kKeep = is_half_like<T>::value ? 8 : 12;  // mantissa bits kept
    static constexpr int32_t kMask = static_cast<int32_t>(~((1u << (23 - kKeep)) - 1u));
    template <typename V>
    static V apply(V r) {
        if constexpr (is_vf<V>::value) {
            vi32 bits;
            std::memcpy(&bits, &r, sizeof(r));
            const vi32 nan = r != r;
            bits = (bits & kMask) | (bits & nan);  // NaN keeps its payload
            std::memcpy(&r, &bits, sizeof(r));
            return r;
        } else {
            if (r != r) return r;
            int32_t bits;
            float f = static_cast<float>(r);
            std::memcpy(&bits, &f, 4);
            bits &= kMask;
            std::memcpy(&f, &bits, 4);
            return static_cast<V>(f);
        }
    }
};
template <typename T>
struct OpRsqrtDoc {
    template <typename V>
    V operator()(V a) const {
        return CoarseBits<T>::apply(OpRsqrt{}(a));
    }
};

struct OpAbs {
    template <typename V>
    V operator()(V a) const {
        if constexpr (is_vf<V>::value) {
            vi32 bits;
            std::memcpy(&bits, &a, sizeof(a));
            bits &= 0x7FFFFFFF;
            std::memcpy(&a, &bits, sizeof(a));
            return a;
        } else if constexpr (std::is_floating_point<V>::value) {
            return std::fabs(a);
        } else {
            return a < 0 ? static_cast<V>(OpSub{}(V(0), a)) : a;
        }
    }
};
struct OpReciprocal {
    template <typename V>
    V operator()(V a) const {
        return (V{} + 1.0f) / a;
    }
};
template <typename T>
struct OpReciprocalDoc {
    template <typename V>
    V operator()(V a) const {
        return CoarseBits<T>::apply(OpReciprocal{}(a));
    }
};
struct OpRelu {
    template <typename V>
    V operator()(V a) const {
        if constexpr (std::is_integral<V>::value) {
            return a > 0 ? a : V(0);
        } else {
            V r = a > V{} ? a : V{};
            return a != a ? a : r;  // NaN stays NaN (assumption)
        }
    }
};
struct OpNot {
    template <typename V>
    V operator()(V a) const {
        return static_cast<V>(~a);
    }
};

}  // namespace detail
}  // namespace kgemu

#define KGEMU_UNARY_API(NAME, OP, RULE, FLOAT_ONLY)                                                                 \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {                  \
        static_assert(!(FLOAT_ONLY) || kgemu::detail::is_float_like<T>::value, #NAME " takes half or float");        \
        kgemu::detail::unary_count<T>(#NAME, RULE, dst, src, count, OP{});                                          \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],                         \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                             \
        static_assert(!(FLOAT_ONLY) || kgemu::detail::is_float_like<T>::value, #NAME " takes half or float");        \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::unary_repeat<T>(#NAME, RULE, dst, src, m, repeatParams, OP{});                   \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,                           \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                             \
        static_assert(!(FLOAT_ONLY) || kgemu::detail::is_float_like<T>::value, #NAME " takes half or float");        \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::unary_repeat<T>(#NAME, RULE, dst, src, m, repeatParams, OP{});                   \
    }

namespace AscendC {

KGEMU_UNARY_API(Exp, kgemu::detail::OpExp, kgemu::detail::RULE_FLOATS, true)
KGEMU_UNARY_API(Ln, kgemu::detail::OpLn, kgemu::detail::RULE_FLOATS, true)
KGEMU_UNARY_API(Sqrt, kgemu::detail::OpSqrt, kgemu::detail::RULE_FLOATS, true)
KGEMU_UNARY_API(Rsqrt, kgemu::detail::OpRsqrtDoc<T>, kgemu::detail::RULE_FLOATS, true)
KGEMU_UNARY_API(Reciprocal, kgemu::detail::OpReciprocalDoc<T>, kgemu::detail::RULE_FLOATS, true)
KGEMU_UNARY_API(Relu, kgemu::detail::OpRelu, kgemu::detail::RULE_RELU, false)
KGEMU_UNARY_API(Not, kgemu::detail::OpNot, kgemu::detail::RULE_BITWISE, false)

// Abs: 310B (3002) also documents int16_t.
template <typename T, bool isReuseSource = false>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    const bool v3002 = kgemu::detail::tl_block && kgemu::detail::tl_block->soc &&
                       kgemu::detail::tl_block->soc->npu_arch == 3002;
    const kgemu::detail::DtypeRule rule{kgemu::detail::DT_FLOATS | (v3002 ? kgemu::detail::DT_S16 : 0U),
                                        kgemu::detail::DT_FLOATS,
                                        kgemu::detail::DT_FLOATS | kgemu::detail::DT_S8 | kgemu::detail::DT_S16 |
                                            kgemu::detail::DT_S32 | kgemu::detail::DT_S64};
    kgemu::detail::unary_count<T>("Abs", rule, dst, src, count, kgemu::detail::OpAbs{});
}
template <typename T, bool isSetMask = true>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[], const uint8_t repeatTime,
                const UnaryRepeatParams& repeatParams) {
    const auto m = kgemu::detail::call_mask<isSetMask>("Abs", mask, 256 / sizeof(T), repeatTime);
    kgemu::detail::unary_repeat<T>("Abs", kgemu::detail::RULE_FLOATS, dst, src, m, repeatParams,
                                   kgemu::detail::OpAbs{});
}
template <typename T, bool isSetMask = true>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime,
                const UnaryRepeatParams& repeatParams) {
    const auto m = kgemu::detail::call_mask<isSetMask>("Abs", mask, 256 / sizeof(T), repeatTime);
    kgemu::detail::unary_repeat<T>("Abs", kgemu::detail::RULE_FLOATS, dst, src, m, repeatParams,
                                   kgemu::detail::OpAbs{});
}

// Duplicate: dst[i] = scalar. bf16 is allowed from bf16 level 1 (like DataCopy and Cast).
template <typename T>
inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
    auto& b = kgemu::detail::api_enter("Duplicate");
    kgemu::detail::check_bf16_any<T>(b, "Duplicate");
    kgemu::detail::check_dtype<T>(b, "Duplicate", kgemu::detail::RULE_DUP.a2, kgemu::detail::RULE_DUP.v910,
                                  kgemu::detail::RULE_DUP.v950);
    kgemu::detail::check_count("Duplicate", count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::note_vector(b, "Duplicate", static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    T* d = kgemu::detail::ub_operand(b, "Duplicate", "dst", dst, bytes);
    std::fill(d, d + count, scalarValue);
}

// The Ascend 950 form with a tensor source (Duplicate.md): src[0] fills dst's first count elements (softmax_grad_ext
// broadcasts a tensor's first element over itself).
template <typename T>
inline void Duplicate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    auto& b = kgemu::detail::api_enter("Duplicate");
    kgemu::detail::require_arch_3510(b, "Duplicate", "Duplicate with a LocalTensor source",
                                     ": pass src's first element as the scalar");
    kgemu::detail::check_dtype<T>(b, "Duplicate", kgemu::detail::RULE_DUP.a2, kgemu::detail::RULE_DUP.v910,
                                  kgemu::detail::RULE_DUP.v950);
    kgemu::detail::check_count("Duplicate", count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::note_vector(b, "Duplicate", static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    const T value = *kgemu::detail::ub_operand(b, "Duplicate", "src", src, sizeof(T));
    T* d = kgemu::detail::ub_operand(b, "Duplicate", "dst", dst, bytes);
    std::fill(d, d + count, value);
}

template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
                      const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    auto& b = kgemu::detail::api_enter("Duplicate");
    kgemu::detail::check_bf16_any<T>(b, "Duplicate");
    const auto m = kgemu::detail::call_mask<isSetMask>("Duplicate", mask, 256 / sizeof(T), repeatTime);
    kgemu::detail::note_vector(b, "Duplicate", m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const auto od = kgemu::detail::rep_operand(b, "Duplicate", "dst", dst, dstBlockStride, dstRepeatStride, m);
    kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {
        std::memcpy(kgemu::detail::rep_addr(od, r, k), &scalarValue, sizeof(T));
    });
}

template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime,
                      const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    auto& b = kgemu::detail::api_enter("Duplicate");
    kgemu::detail::check_bf16_any<T>(b, "Duplicate");
    const auto m = kgemu::detail::call_mask<isSetMask>("Duplicate", mask, 256 / sizeof(T), repeatTime);
    kgemu::detail::note_vector(b, "Duplicate", m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const auto od = kgemu::detail::rep_operand(b, "Duplicate", "dst", dst, dstBlockStride, dstRepeatStride, m);
    kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {
        std::memcpy(kgemu::detail::rep_addr(od, r, k), &scalarValue, sizeof(T));
    });
}

}  // namespace AscendC

#undef KGEMU_UNARY_API

#endif  // KGEMU_DETAIL_VEC_UNARY_H
