// kernelgen CPU emulator (private, kernel side): more advanced (math library) APIs for elementwise operators:
// Erf Erfc Log Log2 Log10 Floor Ceil Round Trunc Frac Sin Cos Tan Asin Acos Atan Sinh Cosh Asinh Acosh Atanh
// (each with and without sharedTmpBuffer, with and without calCount), ClampMax / ClampMin (tensor and scalar),
// Power (tensor^tensor, tensor^scalar, scalar^tensor), Exp with a Taylor level, and the TQueSync helper.
//
// Like advanced.h they compute in fp32 with the host libm and round once to the element type; the NPU's
// library composes them from vector instructions with unpublished error, so results are close to, not
// bit-identical with, hardware. Round rounds half away from zero (std::round). src and dst may be the same
// tensor; a partial overlap and a temporary buffer that overlaps either operand are defects.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/advanced_math.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ADVANCED_MATH_H
#define KGEMU_DETAIL_ADVANCED_MATH_H

#include <cmath>

#include "kgemu/detail/advanced.h"
#include "kgemu/detail/sync.h"

namespace kgemu {
namespace detail {

// dst[i] = f(src0[i], src1 ? src1[i] : 0) in fp32, rounded once to T.
template <typename T, typename F>
inline void advanced_map(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                         const AscendC::LocalTensor<T>* src1, const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
                         F f) {
    static_assert(is_float_like<T>::value, "this advanced API takes half or float");
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, RULE_FLOATS);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, count, sizeof(T), bytes);
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const T* s0 = ub_operand(b, api, src1 ? "src0" : "src", src0, bytes);
    check_overlap(b, api, "dst", d, bytes, src1 ? "src0" : "src", s0, bytes);
    const T* s1 = nullptr;
    if (src1 != nullptr) {
        s1 = ub_operand(b, api, "src1", *src1, bytes);
        check_overlap(b, api, "dst", d, bytes, "src1", s1, bytes);
    }
    if (tmp != nullptr) {
        const uint64_t tbytes = tmp->GetSize();
        const uint8_t* t = ub_operand(b, api, "sharedTmpBuffer", *tmp, tbytes);
        for (const void* p : {static_cast<const void*>(d), static_cast<const void*>(s0), static_cast<const void*>(s1)}) {
            const auto* q = static_cast<const uint8_t*>(p);
            if (q != nullptr && t < q + bytes && q < t + tbytes) fail(api, "sharedTmpBuffer overlaps an operand");
        }
    }
    for (uint32_t i = 0; i < count; ++i) {
        d[i] = from_f32<T>(f(to_f32(s0[i]), s1 ? to_f32(s1[i]) : 0.0f));
    }
    if (tmp != nullptr) std::memset(reinterpret_cast<void*>(tmp->GetPhyAddr()), 0xFF, tmp->GetSize());
}

inline float fn_frac(float x) { return x - std::trunc(x); }
inline float fn_erf(float x) { return std::erf(x); }
inline float fn_erfc(float x) { return std::erfc(x); }
inline float fn_log(float x) { return std::log(x); }
inline float fn_log2(float x) { return std::log2(x); }
inline float fn_log10(float x) { return std::log10(x); }
inline float fn_floor(float x) { return std::floor(x); }
inline float fn_ceil(float x) { return std::ceil(x); }
inline float fn_round(float x) { return std::round(x); }
inline float fn_trunc(float x) { return std::trunc(x); }
inline float fn_sin(float x) { return std::sin(x); }
inline float fn_cos(float x) { return std::cos(x); }
inline float fn_tan(float x) { return std::tan(x); }
inline float fn_asin(float x) { return std::asin(x); }
inline float fn_acos(float x) { return std::acos(x); }
inline float fn_atan(float x) { return std::atan(x); }
inline float fn_sinh(float x) { return std::sinh(x); }
inline float fn_cosh(float x) { return std::cosh(x); }
inline float fn_asinh(float x) { return std::asinh(x); }
inline float fn_acosh(float x) { return std::acosh(x); }
inline float fn_atanh(float x) { return std::atanh(x); }
inline float round_integral(float x, AscendC::RoundMode mode) {
    switch (mode) {
        case AscendC::RoundMode::CAST_FLOOR: return std::floor(x);
        case AscendC::RoundMode::CAST_CEIL: return std::ceil(x);
        case AscendC::RoundMode::CAST_ROUND: return std::round(x);
        case AscendC::RoundMode::CAST_TRUNC: return std::trunc(x);
        case AscendC::RoundMode::CAST_RINT: return std::nearbyint(x);  // the default FE_TONEAREST: ties to even
        default:
            fail("Truncate", "roundMode must be CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL or CAST_TRUNC");
    }
}

}  // namespace detail
}  // namespace kgemu

#define KGEMU_MATH_API(NAME, FN)                                                                                      \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                              \
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {                        \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, &sharedTmpBuffer, calCount,            \
                                       [](float x, float) { return FN(x); });                                       \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                              \
                     const LocalTensor<uint8_t>& sharedTmpBuffer) {                                                 \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, &sharedTmpBuffer, srcTensor.GetSize(), \
                                       [](float x, float) { return FN(x); });                                       \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {   \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, nullptr, calCount,                     \
                                       [](float x, float) { return FN(x); });                                       \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                            \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, nullptr, srcTensor.GetSize(),          \
                                       [](float x, float) { return FN(x); });                                       \
    }

namespace AscendC {

KGEMU_MATH_API(Erf, kgemu::detail::fn_erf)
KGEMU_MATH_API(Erfc, kgemu::detail::fn_erfc)
KGEMU_MATH_API(Log, kgemu::detail::fn_log)
KGEMU_MATH_API(Log2, kgemu::detail::fn_log2)
KGEMU_MATH_API(Log10, kgemu::detail::fn_log10)
KGEMU_MATH_API(Floor, kgemu::detail::fn_floor)
KGEMU_MATH_API(Ceil, kgemu::detail::fn_ceil)
KGEMU_MATH_API(Round, kgemu::detail::fn_round)
KGEMU_MATH_API(Trunc, kgemu::detail::fn_trunc)
KGEMU_MATH_API(Frac, kgemu::detail::fn_frac)
KGEMU_MATH_API(Sin, kgemu::detail::fn_sin)
KGEMU_MATH_API(Cos, kgemu::detail::fn_cos)
KGEMU_MATH_API(Tan, kgemu::detail::fn_tan)
KGEMU_MATH_API(Asin, kgemu::detail::fn_asin)
KGEMU_MATH_API(Acos, kgemu::detail::fn_acos)
KGEMU_MATH_API(Atan, kgemu::detail::fn_atan)
KGEMU_MATH_API(Sinh, kgemu::detail::fn_sinh)
KGEMU_MATH_API(Cosh, kgemu::detail::fn_cosh)
KGEMU_MATH_API(Asinh, kgemu::detail::fn_asinh)
KGEMU_MATH_API(Acosh, kgemu::detail::fn_acosh)
KGEMU_MATH_API(Atanh, kgemu::detail::fn_atanh)

// Exp of the math library with a temporary buffer (Taylor expansion level taylorExpandLevel on the NPU; libm
// here). The form without a buffer is the basic Exp(dst, src, count).
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
inline void Exp(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Exp", dstTensor, srcTensor, nullptr, &sharedTmpBuffer, calCount,
                                   [](float x, float) { return std::exp(x); });
}

// Truncate<T, roundMode>: each element rounded to an integral value of its own type (CAST_RINT: to nearest, ties
// to even; CAST_ROUND: ties away from zero; CAST_FLOOR, CAST_CEIL, CAST_TRUNC).
template <typename T, RoundMode roundMode, bool isReuseSource = false>
inline void Truncate(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Truncate", dstTensor, srcTensor, nullptr, &sharedTmpBuffer, calCount,
                                   [](float x, float) { return kgemu::detail::round_integral(x, roundMode); });
}
template <typename T, RoundMode roundMode, bool isReuseSource = false>
inline void Truncate(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Truncate", dstTensor, srcTensor, nullptr, nullptr, calCount,
                                   [](float x, float) { return kgemu::detail::round_integral(x, roundMode); });
}

// ClampMax: min(src, scalar); ClampMin: max(src, scalar).
#define KGEMU_CLAMP_API(NAME, EXPR)                                                                                   \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                              \
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount) {        \
        const float s = kgemu::detail::to_f32(scalar);                                                              \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, &sharedTmpBuffer, calCount,            \
                                       [s](float x, float) { return EXPR; });                                       \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,              \
                     const uint32_t calCount) {                                                                     \
        const float s = kgemu::detail::to_f32(scalar);                                                              \
        kgemu::detail::advanced_map<T>(#NAME, dstTensor, srcTensor, nullptr, nullptr, calCount,                     \
                                       [s](float x, float) { return EXPR; });                                       \
    }
KGEMU_CLAMP_API(ClampMax, (x != x ? x : (x > s ? s : x)))
KGEMU_CLAMP_API(ClampMin, (x != x ? x : (x < s ? s : x)))
#undef KGEMU_CLAMP_API

// Power: dst = base ^ exponent with tensor/tensor, tensor/scalar and scalar/tensor operands.
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Power", dstTensor, src0Tensor, &src1Tensor, &sharedTmpBuffer, calCount,
                                   [](float a, float e) { return std::pow(a, e); });
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                  const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Power", dstTensor, src0Tensor, &src1Tensor, nullptr, calCount,
                                   [](float a, float e) { return std::pow(a, e); });
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    const float e = kgemu::detail::to_f32(src1Scalar);
    kgemu::detail::advanced_map<T>("Power", dstTensor, src0Tensor, nullptr, &sharedTmpBuffer, calCount,
                                   [e](float a, float) { return std::pow(a, e); });
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                  const uint32_t calCount) {
    const float e = kgemu::detail::to_f32(src1Scalar);
    kgemu::detail::advanced_map<T>("Power", dstTensor, src0Tensor, nullptr, nullptr, calCount,
                                   [e](float a, float) { return std::pow(a, e); });
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    const float a = kgemu::detail::to_f32(src0Scalar);
    kgemu::detail::advanced_map<T>("Power", dstTensor, src1Tensor, nullptr, &sharedTmpBuffer, calCount,
                                   [a](float e, float) { return std::pow(a, e); });
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                  const uint32_t calCount) {
    const float a = kgemu::detail::to_f32(src0Scalar);
    kgemu::detail::advanced_map<T>("Power", dstTensor, src1Tensor, nullptr, nullptr, calCount,
                                   [a](float e, float) { return std::pow(a, e); });
}
// The forms without calCount compute the whole tensor operand (asc-devkit's power.h passes src0Tensor.GetSize(), or
// src1Tensor's for a scalar base: Power.md's "源操作数Tensor全部参与计算"); apply_adam_w_quant's arch35 kernel calls
// Power<float>(dst, scalar, src).
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor) {
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, sharedTmpBuffer, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar) {
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, sharedTmpBuffer, src1Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor) {
    Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, src1Tensor.GetSize());
}

// TQueSync<src, dst>: SetFlag / WaitFlag on the HardEvent between two pipes.
namespace kgemu_sync {
constexpr HardEvent event_of(pipe_t src, pipe_t dst) {
    return (src == PIPE_MTE2 && dst == PIPE_V)     ? HardEvent::MTE2_V
           : (src == PIPE_V && dst == PIPE_MTE2)   ? HardEvent::V_MTE2
           : (src == PIPE_MTE3 && dst == PIPE_V)   ? HardEvent::MTE3_V
           : (src == PIPE_V && dst == PIPE_MTE3)   ? HardEvent::V_MTE3
           : (src == PIPE_V && dst == PIPE_V)      ? HardEvent::V_V
           : (src == PIPE_S && dst == PIPE_V)      ? HardEvent::S_V
           : (src == PIPE_V && dst == PIPE_S)      ? HardEvent::V_S
           : (src == PIPE_S && dst == PIPE_MTE2)   ? HardEvent::S_MTE2
           : (src == PIPE_MTE2 && dst == PIPE_S)   ? HardEvent::MTE2_S
           : (src == PIPE_S && dst == PIPE_MTE3)   ? HardEvent::S_MTE3
           : (src == PIPE_MTE3 && dst == PIPE_S)   ? HardEvent::MTE3_S
           : (src == PIPE_MTE3 && dst == PIPE_MTE2) ? HardEvent::MTE3_MTE2
           : (src == PIPE_MTE2 && dst == PIPE_MTE3) ? HardEvent::MTE2_MTE3
           : (src == PIPE_M && dst == PIPE_V)      ? HardEvent::M_V
           : (src == PIPE_V && dst == PIPE_M)      ? HardEvent::V_M
                                                   : HardEvent::MAX;
}
}  // namespace kgemu_sync

template <pipe_t src, pipe_t dst>
class TQueSync {
public:
    static_assert(kgemu_sync::event_of(src, dst) != HardEvent::MAX,
                  "kgemu: this TQueSync pipe pair is not emulated yet by kernelgen's CPU emulator");
    void SetFlag(TEventID id) { AscendC::SetFlag<kgemu_sync::event_of(src, dst)>(id); }
    void WaitFlag(TEventID id) { AscendC::WaitFlag<kgemu_sync::event_of(src, dst)>(id); }
};

}  // namespace AscendC

#undef KGEMU_MATH_API

#endif  // KGEMU_DETAIL_ADVANCED_MATH_H
