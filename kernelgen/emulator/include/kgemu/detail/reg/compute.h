// kernelgen CPU emulator (private, kernel side): Reg API register computation: arithmetic, scalar forms,
// transcendental functions, logic, compound (Axpy, MulAddDst, ...), Duplicate/Move/Copy, compare and select.
//
// Precision (asc-devkit 附录/Reg矢量计算接口精度标准汇总): Add/Sub/Mul/Adds/Muls are exact-rounded (0 ulp) for half
// and float, bfloat16 computes in float and rounds to bfloat16 (rint_to_bf16); Div, Exp, Ln/Log are 1 ulp (the
// emulator's float results are correctly rounded, within that); Axpy, MulAddDst, MulDstAdd are fused (one rounding,
// std::fma: "同比Fma(x, y, z)"; that appendix covers the 950 only, and the Memory API's Axpy/MulAddDst/FusedMulAdd
// of the 910B/310B round twice, vec_binary.h). half and bfloat16 compute through float (the vector unit's own
// intermediate). Integers wrap.
// Inactive elements are zeroed (ZEROING) or keep the destination's value (MERGING, where the appendix allows it).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/compute.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_COMPUTE_H
#define KGEMU_DETAIL_REG_COMPUTE_H

#include <cmath>

#include "kgemu/detail/reg/datamove.h"

namespace kgemu {
namespace detail {
namespace reg {
template <typename E>
constexpr bool fl() {
    return is_float_like<E>::value;
}
template <typename E>
inline float f(E v) {
    return to_f32(v);
}
template <typename E>
inline E fe(float x) {
    return from_f32<E>(x);
}
template <typename E>
using uint_of = std::make_unsigned_t<std::conditional_t<std::is_same<E, bool>::value, uint8_t, E>>;

template <typename E>
inline E e_add(E a, E b) {
    if constexpr (fl<E>()) return fe<E>(f(a) + f(b));
    else return static_cast<E>(static_cast<uint_of<E>>(a) + static_cast<uint_of<E>>(b));
}
template <typename E>
inline E e_sub(E a, E b) {
    if constexpr (fl<E>()) return fe<E>(f(a) - f(b));
    else return static_cast<E>(static_cast<uint_of<E>>(a) - static_cast<uint_of<E>>(b));
}
template <typename E>
inline E e_mul(E a, E b) {
    if constexpr (fl<E>()) return fe<E>(f(a) * f(b));
    else return static_cast<E>(static_cast<uint_of<E>>(a) * static_cast<uint_of<E>>(b));
}
template <typename E>
inline E e_div(E a, E b) {
    if constexpr (fl<E>()) {
        if constexpr (std::is_same<E, float>::value) return a / b;
        else return fe<E>(static_cast<float>(static_cast<double>(f(a)) / static_cast<double>(f(b))));
    } else {
        if (b == 0) return static_cast<E>(std::numeric_limits<E>::max());
        return static_cast<E>(a / b);
    }
}
template <typename E>
inline E e_max(E a, E b) {
    if constexpr (fl<E>()) {
        const float x = f(a), y = f(b);
        if (std::isnan(x) || std::isnan(y)) return fe<E>(std::nanf(""));
        return x >= y ? a : b;
    } else {
        return a >= b ? a : b;
    }
}
template <typename E>
inline E e_min(E a, E b) {
    if constexpr (fl<E>()) {
        const float x = f(a), y = f(b);
        if (std::isnan(x) || std::isnan(y)) return fe<E>(std::nanf(""));
        return x <= y ? a : b;
    } else {
        return a <= b ? a : b;
    }
}
template <typename E>
inline E e_fma(E a, E b, E c) {  // a * b + c, one rounding
    if constexpr (fl<E>()) return fe<E>(std::fma(f(a), f(b), f(c)));
    else return e_add(e_mul(a, b), c);
}
template <typename E, typename S>
inline E scalar_as(S s) {
    if constexpr (fl<E>()) return fe<E>(static_cast<float>(to_f32(s)));
    else return static_cast<E>(s);
}

template <MaskMergeMode mode, typename U, typename Fn>
inline void map1(const char* api, U& dst, const U& a, const MaskReg& m, Fn fn) {
    check_mask(api, m, U::kMaskStride);
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (m.bit(i * U::kMaskStride)) dst.v[i] = fn(a.v[i]);
        else if (mode == MaskMergeMode::ZEROING) dst.v[i] = E{};
    }
}
template <MaskMergeMode mode, typename U, typename Fn>
inline void map2(const char* api, U& dst, const U& a, const U& b, const MaskReg& m, Fn fn) {
    check_mask(api, m, U::kMaskStride);
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (m.bit(i * U::kMaskStride)) dst.v[i] = fn(a.v[i], b.v[i]);
        else if (mode == MaskMergeMode::ZEROING) dst.v[i] = E{};
    }
}
// The fused multiply-adds, one rounding: dst = src0 * src1 + dst (MulAddDst, Mula) or, with dst_first,
// dst * src0 + src1 (MulDstAdd); disabled elements zeroed. `api` names the call in a defect.
template <bool dst_first, typename U>
inline void fused3(const char* api, U& dst, const U& s0, const U& s1, const MaskReg& m) {
    (void)enter(api);
    check_mask(api, m, U::kMaskStride);
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (!m.bit(i * U::kMaskStride)) dst.v[i] = E{};
        else if (dst_first) dst.v[i] = e_fma(dst.v[i], s0.v[i], s1.v[i]);
        else dst.v[i] = e_fma(s0.v[i], s1.v[i], dst.v[i]);
    }
}
template <typename U, typename Fn>
inline void map_bits2(U& dst, const U& a, const U& b, const MaskReg& m, Fn fn) {
    using E = typename U::ActualT;
    using B = std::conditional_t<sizeof(E) == 1, uint8_t,
                                 std::conditional_t<sizeof(E) == 2, uint16_t,
                                                    std::conditional_t<sizeof(E) == 4, uint32_t, uint64_t>>>;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        B x, y, r = 0;
        std::memcpy(&x, &a.v[i], sizeof(B));
        std::memcpy(&y, &b.v[i], sizeof(B));
        if (m.bit(i * U::kMaskStride)) r = fn(x, y);
        std::memcpy(&dst.v[i], &r, sizeof(B));
    }
}
}  // namespace reg
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
namespace Reg {
namespace kgr = ::kgemu::detail::reg;

// ---- binary arithmetic: Add, Sub, Mul, Div, Max, Min ----
#define KGEMU_REG_BINARY(NAME, FN, MERGE_OK)                                                                      \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,                    \
              KGEMU_REG_IS_REG(U)>                                                                                  \
    __aicore__ inline void NAME(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {                                 \
        (void)kgr::enter("Reg::" #NAME);                                                                            \
        kgr::check_merge<mode>("Reg::" #NAME, MERGE_OK);                                                            \
        kgr::map2<mode>("Reg::" #NAME, dstReg, srcReg0, srcReg1, mask,                                              \
                        [](typename U::ActualT a, typename U::ActualT b) { return kgr::FN(a, b); });                 \
    }
KGEMU_REG_BINARY(Add, e_add, true)
KGEMU_REG_BINARY(Sub, e_sub, false)
KGEMU_REG_BINARY(Mul, e_mul, false)
KGEMU_REG_BINARY(Div, e_div, false)
KGEMU_REG_BINARY(Max, e_max, true)
KGEMU_REG_BINARY(Min, e_min, true)
#undef KGEMU_REG_BINARY
// Mull (asc-devkit 基础算术/Mull.md): the full product of 32-bit integers, its low 32 bits to dstReg0 and its high 32
// bits to dstReg1 (int32_t and uint32_t only; the high word of the 64-bit two's-complement product for int32_t).
// Disabled elements are zeroed in both.
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Mull(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, MaskReg& mask) {
    constexpr const char* api = "Reg::Mull";
    (void)kgr::enter(api);
    using E = typename U::ActualT;
    static_assert(std::is_same<E, int32_t>::value || std::is_same<E, uint32_t>::value,
                  "Reg::Mull takes int32_t and uint32_t registers only (asc-devkit Mull.md)");
    kgr::check_merge<mode>(api, false);
    kgr::check_mask(api, mask, U::kMaskStride);
    U lo, hi;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (!mask.bit(i * U::kMaskStride)) continue;
        using Wide = std::conditional_t<std::is_signed<E>::value, int64_t, uint64_t>;
        const uint64_t p = static_cast<uint64_t>(static_cast<Wide>(srcReg0.v[i]) * static_cast<Wide>(srcReg1.v[i]));
        lo.v[i] = static_cast<E>(static_cast<uint32_t>(p));
        hi.v[i] = static_cast<E>(static_cast<uint32_t>(p >> 32));
    }
    dstReg0 = lo;
    dstReg1 = hi;
}
// Div with a DivSpecificMode (precisionMode and the 0ULP algorithms: the emulator's float division is exact-rounded
// either way). algo: a subnormal quotient is kept by the FTZ_FALSE algorithms and flushed to a signed zero by the
// others; an algorithm used on a type it does not take is a defect (Div.md's type lists).
template <typename T, const DivSpecificMode* spec, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Div(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    constexpr const char* api = "Reg::Div";
    (void)kgr::enter(api);
    using E = typename U::ActualT;
    if (spec->mrgMode == MaskMergeMode::MERGING) kgr::check_merge<MaskMergeMode::MERGING>(api, false);
    const DivAlgo algo = spec->algo;
    const bool zero_ulp = algo == DivAlgo::DIFF_COMPENSATION || algo == DivAlgo::PRECISION_0ULP_FTZ_TRUE ||
                          algo == DivAlgo::PRECISION_0ULP_FTZ_FALSE;
    if (zero_ulp && !std::is_same<E, float>::value) {
        ::kgemu::detail::fail(api, ::kgemu::detail::strf("DivAlgo %d (a 0-ulp algorithm) takes float only, not %u-byte "
                                                         "elements", static_cast<int>(algo), static_cast<unsigned>(sizeof(E))));
    }
    if (algo == DivAlgo::PRECISION_1ULP_FTZ_FALSE && !std::is_same<E, float>::value && !std::is_same<E, half>::value) {
        ::kgemu::detail::fail(api, "DivAlgo::PRECISION_1ULP_FTZ_FALSE takes half and float only");
    }
    const bool keep_subnormal = algo == DivAlgo::PRECISION_0ULP_FTZ_FALSE || algo == DivAlgo::PRECISION_1ULP_FTZ_FALSE;
    kgr::map2<MaskMergeMode::ZEROING>(api, dstReg, srcReg0, srcReg1, mask, [keep_subnormal](E a, E b) -> E {
        const E q = kgr::e_div(a, b);
        if constexpr (kgr::fl<E>()) {
            const float x = kgr::f(q);
            if (!keep_subnormal && std::fpclassify(x) == FP_SUBNORMAL) return kgr::fe<E>(std::signbit(x) ? -0.0f : 0.0f);
        }
        return q;
    });
}

// ---- unary: Exp, Ln/Log, Log2, Log10, Sqrt, Abs, Neg, Relu ----
#define KGEMU_REG_UNARY(NAME, EXPR)                                                                                \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,                    \
              KGEMU_REG_IS_REG(U)>                                                                                  \
    __aicore__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask) {                                              \
        (void)kgr::enter("Reg::" #NAME);                                                                            \
        kgr::check_merge<mode>("Reg::" #NAME, false);                                                               \
        using E = typename U::ActualT;                                                                              \
        kgr::map1<mode>("Reg::" #NAME, dstReg, srcReg, mask, [](E a) -> E { EXPR; });                               \
    }                                                                                                               \
    template <typename T, const DivSpecificMode* spec, typename U, KGEMU_REG_IS_REG(U)>                             \
    __aicore__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask) {                                              \
        NAME<T, MaskMergeMode::ZEROING>(dstReg, srcReg, mask);                                                      \
    }                                                                                                               \
    template <typename T, const SqrtSpecificMode* spec, typename U, KGEMU_REG_IS_REG(U)>                            \
    __aicore__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask) {                                              \
        NAME<T, MaskMergeMode::ZEROING>(dstReg, srcReg, mask);                                                      \
    }
KGEMU_REG_UNARY(Exp, return kgr::fe<E>(std::exp(kgr::f(a))))
KGEMU_REG_UNARY(Ln, return kgr::fe<E>(std::log(kgr::f(a))))
KGEMU_REG_UNARY(Log, return kgr::fe<E>(std::log(kgr::f(a))))
KGEMU_REG_UNARY(Log2, return kgr::fe<E>(std::log2(kgr::f(a))))
KGEMU_REG_UNARY(Log10, return kgr::fe<E>(std::log10(kgr::f(a))))
KGEMU_REG_UNARY(Sqrt, return kgr::fe<E>(std::sqrt(kgr::f(a))))
KGEMU_REG_UNARY(Abs, if constexpr (kgr::fl<E>()) return kgr::fe<E>(std::fabs(kgr::f(a))); else return a < E{} ? kgr::e_sub(E{}, a) : a)
KGEMU_REG_UNARY(Neg, if constexpr (kgr::fl<E>()) return kgr::fe<E>(-kgr::f(a)); else return kgr::e_sub(E{}, a))
KGEMU_REG_UNARY(Relu, if constexpr (kgr::fl<E>()) return kgr::f(a) > 0.0f ? a : E{}; else return a > E{} ? a : E{})
#undef KGEMU_REG_UNARY

// ---- scalar forms: Adds, Muls, Maxs, Mins, LeakyRelu ----
#define KGEMU_REG_SCALAR(NAME, EXPR)                                                                               \
    template <typename T = DefaultType, typename S = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,       \
              typename U, typename SV, KGEMU_REG_IS_REG(U)>                                                         \
    __aicore__ inline void NAME(U& dstReg, U& srcReg, SV scalarValue, MaskReg& mask) {                              \
        (void)kgr::enter("Reg::" #NAME);                                                                            \
        kgr::check_merge<mode>("Reg::" #NAME, false);                                                               \
        using E = typename U::ActualT;                                                                              \
        const E s = kgr::scalar_as<E>(scalarValue);                                                                 \
        kgr::map1<mode>("Reg::" #NAME, dstReg, srcReg, mask, [s](E a) -> E { EXPR; });                              \
    }
KGEMU_REG_SCALAR(Adds, return kgr::e_add(a, s))
KGEMU_REG_SCALAR(Muls, return kgr::e_mul(a, s))
KGEMU_REG_SCALAR(Maxs, return kgr::e_max(a, s))
KGEMU_REG_SCALAR(Mins, return kgr::e_min(a, s))
KGEMU_REG_SCALAR(LeakyRelu, if constexpr (kgr::fl<E>()) return kgr::f(a) >= 0.0f ? a : kgr::e_mul(a, s); else return a)
#undef KGEMU_REG_SCALAR

// ---- shifts and logic ----
template <typename T = DefaultType, typename S = int16_t, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,
          typename SV, KGEMU_REG_IS_REG(U)>
__aicore__ inline void ShiftLefts(U& dstReg, U& srcReg, SV scalarValue, MaskReg& mask) {
    (void)kgr::enter("Reg::ShiftLefts");
    using E = typename U::ActualT;
    const int sh = static_cast<int>(scalarValue);
    kgr::map1<mode>("Reg::ShiftLefts", dstReg, srcReg, mask, [sh](E a) -> E {
        if constexpr (std::is_integral<E>::value) return static_cast<E>(static_cast<kgr::uint_of<E>>(a) << sh);
        else return a;
    });
}
template <typename T = DefaultType, typename S = int16_t, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,
          typename SV, KGEMU_REG_IS_REG(U)>
__aicore__ inline void ShiftRights(U& dstReg, U& srcReg, SV scalarValue, MaskReg& mask) {
    (void)kgr::enter("Reg::ShiftRights");
    using E = typename U::ActualT;
    const int sh = static_cast<int>(scalarValue);
    kgr::map1<mode>("Reg::ShiftRights", dstReg, srcReg, mask, [sh](E a) -> E {
        if constexpr (std::is_integral<E>::value) return static_cast<E>(a >> sh);  // arithmetic for signed types
        else return a;
    });
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename V,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void ShiftLeft(U& dstReg, U& srcReg, V& shiftReg, MaskReg& mask) {
    (void)kgr::enter("Reg::ShiftLeft");
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if constexpr (std::is_integral<E>::value) {
            dstReg.v[i] = mask.bit(i * U::kMaskStride)
                              ? static_cast<E>(static_cast<kgr::uint_of<E>>(srcReg.v[i]) << static_cast<int>(shiftReg.v[i]))
                              : E{};
        }
    }
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename V,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void ShiftRight(U& dstReg, U& srcReg, V& shiftReg, MaskReg& mask) {
    (void)kgr::enter("Reg::ShiftRight");
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if constexpr (std::is_integral<E>::value) {
            dstReg.v[i] = mask.bit(i * U::kMaskStride) ? static_cast<E>(srcReg.v[i] >> static_cast<int>(shiftReg.v[i]))
                                                       : E{};
        }
    }
}
#define KGEMU_REG_LOGIC(NAME, OP)                                                                                  \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,                    \
              KGEMU_REG_IS_REG(U)>                                                                                  \
    __aicore__ inline void NAME(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {                                 \
        (void)kgr::enter("Reg::" #NAME);                                                                            \
        kgr::check_merge<mode>("Reg::" #NAME, false);                                                               \
        kgr::check_mask("Reg::" #NAME, mask, U::kMaskStride);                                                       \
        kgr::map_bits2(dstReg, srcReg0, srcReg1, mask, [](auto x, auto y) { return static_cast<decltype(x)>(x OP y); }); \
    }
KGEMU_REG_LOGIC(And, &)
KGEMU_REG_LOGIC(Or, |)
KGEMU_REG_LOGIC(Xor, ^)
#undef KGEMU_REG_LOGIC
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Not(U& dstReg, U& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Not");
    kgr::check_mask("Reg::Not", mask, U::kMaskStride);
    kgr::map_bits2(dstReg, srcReg, srcReg, mask, [](auto x, auto) { return static_cast<decltype(x)>(~x); });
}

// ---- compound: Axpy (dst += src * s), MulAddDst (dst += src0 * src1), MulDstAdd (dst = dst * src0 + src1) ----
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename SV,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void Axpy(U& dstReg, U& srcReg, SV scalarValue, MaskReg& mask) {
    (void)kgr::enter("Reg::Axpy");
    kgr::check_merge<mode>("Reg::Axpy", false);
    using E = typename U::ActualT;
    const E s = kgr::scalar_as<E>(scalarValue);
    U out = dstReg;
    kgr::map2<mode>("Reg::Axpy", out, srcReg, dstReg, mask, [s](E x, E d) { return kgr::e_fma(x, s, d); });
    dstReg = out;
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void MulAddDst(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    kgr::fused3<false>("Reg::MulAddDst", dstReg, srcReg0, srcReg1, mask);
}
// Mula: the reg_compute interface's other name for MulAddDst (asc-devkit impl/basic_api/reg_compute/
// kernel_reg_compute_vec_binary_intf_impl.h forwards it to the same implementation); ops-nn's norm family calls it
// (norm_common/reduce_common_regbase.h: the Newton step of 1/sqrt(var), 5 of 6 norm kernels surveyed)
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Mula(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    kgr::fused3<false>("Reg::Mula", dstReg, srcReg0, srcReg1, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void MulDstAdd(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    kgr::fused3<true>("Reg::MulDstAdd", dstReg, srcReg0, srcReg1, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void FusedMulDstAdd(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    MulDstAdd<T, mode>(dstReg, srcReg0, srcReg1, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void AbsSub(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    Sub<T, mode>(dstReg, srcReg0, srcReg1, mask);
    Abs<T, mode>(dstReg, dstReg, mask);
}

// ---- Duplicate, Move, Copy, Arange ----
// Template parameters in the documented order (Reg矢量计算/数据填充/Duplicate.md): T, the scalar's type U, then the
// register type S (fused_bias_leaky_relu_grad names all three: Duplicate<T, T, RegTensor<T>>); the register form
// takes pos before mode, and only HighLowPart::LOWEST ("暂不支持其他取值").
template <typename T = DefaultType, typename U, typename S, KGEMU_REG_IS_REG(S),
          std::enable_if_t<!::kgemu::detail::reg::is_regtensor<U>::value, int> = 0>
__aicore__ inline void Duplicate(S& dstReg, U scalarValue) {
    (void)kgr::enter("Reg::Duplicate");
    using E = typename S::ActualT;
    const E s = kgr::scalar_as<E>(scalarValue);
    for (uint32_t i = 0; i < S::kLanes; ++i) dstReg.v[i] = s;
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename S,
          KGEMU_REG_IS_REG(S), std::enable_if_t<!::kgemu::detail::reg::is_regtensor<U>::value, int> = 0>
__aicore__ inline void Duplicate(S& dstReg, U scalarValue, MaskReg& mask) {
    (void)kgr::enter("Reg::Duplicate");
    using E = typename S::ActualT;
    const E s = kgr::scalar_as<E>(scalarValue);
    kgr::map1<mode>("Reg::Duplicate", dstReg, dstReg, mask, [s](E) { return s; });
}
// Every enabled element gets srcReg's element 0.
template <typename T = DefaultType, HighLowPart pos = HighLowPart::LOWEST, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename S, KGEMU_REG_IS_REG(S)>
__aicore__ inline void Duplicate(S& dstReg, S& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Duplicate");
    if (pos != HighLowPart::LOWEST) {
        ::kgemu::detail::fail("Reg::Duplicate", "pos must be HighLowPart::LOWEST (the only position the register "
                                                "form supports)");
    }
    using E = typename S::ActualT;
    const E s = srcReg.v[0];
    kgr::map1<mode>("Reg::Duplicate", dstReg, dstReg, mask, [s](E) { return s; });
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Move(U& dstReg, U& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Move");
    using E = typename U::ActualT;
    kgr::map1<mode>("Reg::Move", dstReg, srcReg, mask, [](E a) { return a; });
}
template <typename T = DefaultType, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Move(U& dstReg, U& srcReg) {
    (void)kgr::enter("Reg::Move");
    dstReg = srcReg;
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Copy(U& dstReg, U& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Copy");
    using E = typename U::ActualT;
    kgr::map1<mode>("Reg::Copy", dstReg, srcReg, mask, [](E a) { return a; });
}
template <typename T = DefaultType, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Copy(U& dstReg, U& srcReg) {
    (void)kgr::enter("Reg::Copy");
    dstReg = srcReg;
}
// dst[i] = start + i (increasing order).
template <typename T = DefaultType, int order = 0, typename U, typename SV, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Arange(U& dstReg, SV scalarValue) {
    (void)kgr::enter("Reg::Arange");
    using E = typename U::ActualT;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if constexpr (kgr::fl<E>()) dstReg.v[i] = kgr::fe<E>(static_cast<float>(scalarValue) + static_cast<float>(i));
        else dstReg.v[i] = static_cast<E>(static_cast<E>(scalarValue) + static_cast<E>(i));
    }
}

// ---- compare and select ----
template <typename E>
inline bool kg_cmp(CMPMODE m, E a, E b) {
    if constexpr (kgr::fl<E>()) {
        const float x = kgr::f(a), y = kgr::f(b);
        switch (m) {
            case CMPMODE::LT: return x < y;
            case CMPMODE::GT: return x > y;
            case CMPMODE::EQ: return x == y;
            case CMPMODE::LE: return x <= y;
            case CMPMODE::GE: return x >= y;
            default: return x != y;
        }
    } else {
        switch (m) {
            case CMPMODE::LT: return a < b;
            case CMPMODE::GT: return a > b;
            case CMPMODE::EQ: return a == b;
            case CMPMODE::LE: return a <= b;
            case CMPMODE::GE: return a >= b;
            default: return a != b;
        }
    }
}
// dst: the enabled elements where srcReg0 <mode> srcReg1 (a mask of the operands' width).
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Compare(MaskReg& dst, U& srcReg0, U& srcReg1, MaskReg& mask) {
    (void)kgr::enter("Reg::Compare");
    kgr::check_mask("Reg::Compare", mask, U::kMaskStride);
    MaskReg out;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const uint32_t k = i * U::kMaskStride;
        if (mask.bit(k) && kg_cmp(mode, srcReg0.v[i], srcReg1.v[i])) out.set(k, true);
    }
    out.esize = static_cast<uint8_t>(U::kMaskStride);
    dst = out;
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename SV, KGEMU_REG_IS_REG(U),
          std::enable_if_t<!::kgemu::detail::reg::is_regtensor<SV>::value, int> = 0>
__aicore__ inline void Compares(MaskReg& dst, U& srcReg, SV scalarValue, MaskReg& mask) {
    (void)kgr::enter("Reg::Compares");
    kgr::check_mask("Reg::Compares", mask, U::kMaskStride);
    using E = typename U::ActualT;
    const E s = kgr::scalar_as<E>(scalarValue);
    MaskReg out;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const uint32_t k = i * U::kMaskStride;
        if (mask.bit(k) && kg_cmp(mode, srcReg.v[i], s)) out.set(k, true);
    }
    out.esize = static_cast<uint8_t>(U::kMaskStride);
    dst = out;
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename SV, KGEMU_REG_IS_REG(U)>
__aicore__ inline void CompareScalar(MaskReg& dst, U& srcReg, SV scalarValue, MaskReg& mask) {
    Compares<T, mode>(dst, srcReg, scalarValue, mask);
}
// dst[i] = mask[i] ? src0[i] : src1[i].
template <typename T = DefaultType, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Select(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    (void)kgr::enter("Reg::Select");
    kgr::check_mask("Reg::Select", mask, U::kMaskStride);
    U out;
    for (uint32_t i = 0; i < U::kLanes; ++i) out.v[i] = mask.bit(i * U::kMaskStride) ? srcReg0.v[i] : srcReg1.v[i];
    dstReg = out;
}
}  // namespace Reg
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_COMPUTE_H
