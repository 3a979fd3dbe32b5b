// kernelgen CPU emulator (private, kernel side): Ascend 950's 8-bit and packed 4-bit element types (asc-devkit
// 数据结构/内置数据类型; SIMT-API fp8类型/fp8数据类型简介.md) and their conversions.
//
//   fp8_e4m3fn_t  1 sign, 4 exponent (bias 7), 3 mantissa; no infinity, S.1111.111 is NaN; max 448, subnormals
//                 down to 2^-9.
//   fp8_e5m2_t    1 sign, 5 exponent (bias 15), 2 mantissa, IEEE-like (infinities, NaNs); max 57344.
//   fp8_e8m0_t    8 exponent bits, no sign or mantissa: 2^(e - 127), 0xFF NaN (the MX scale type); read exactly,
//                 conversion into it not emulated yet.
//   hifloat8_t    HiFloat8: its exponent/mantissa split is set by a variable-length "dot" field documented only
//                 as a figure; the type exists (kernels name it in dtype branches) but converting it is a compile
//                 error "not emulated yet", never a guess.
//   int4x2_t, fp4x2_e2m1_t, fp4x2_e1m2_t: two 4-bit values in a byte; opaque (no element conversion yet).
//
// Conversion into e4m3fn / e5m2 rounds per RoundMode (CAST_RINT: to nearest even). Overflow, infinities and NaN
// follow the saturation the docs give for the float-to-fp8 conversions (SetCtrlSpr(ISASI).md, Reg Cast): in
// saturation mode a finite overflow or an infinity becomes +-max and a NaN becomes 0 (or stays NaN when CTRL[50] is
// set); otherwise an overflow becomes infinity (e5m2) or NaN (e4m3fn, which has no infinity) and NaN stays NaN.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/fp8.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_FP8_H
#define KGEMU_DETAIL_FP8_H

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kgemu/detail/numerics.h"

namespace kgemu {
namespace detail {
// Conversion policy for overflow / infinity / NaN into an 8-bit float.
struct Fp8Sat {
    bool sat;       // saturation mode
    bool nan_keep;  // CTRL[50]: a NaN stays NaN in saturation mode
};

// float -> fp8_e5m2 bits.
inline uint8_t f32_to_e5m2(float x, AscendC::RoundMode m, Fp8Sat s) {
    if (std::isnan(x)) return s.sat && !s.nan_keep ? 0x00 : 0x7E;
    const uint32_t b = round_to_format(static_cast<double>(x), 2, 5, m);
    const uint8_t sign = static_cast<uint8_t>((b >> 7) & 1U), mag = static_cast<uint8_t>(b & 0x7FU);
    if (mag >= 0x7C && s.sat) return static_cast<uint8_t>((sign << 7) | 0x7B);  // +-57344
    return static_cast<uint8_t>(b);
}
// float -> fp8_e4m3fn bits: values below 256 round as an IEEE-like (4, 3) format (same subnormals), larger ones
// as half their value with the exponent raised by one (e4m3fn's exponent 15 holds normal numbers).
inline uint8_t f32_to_e4m3fn(float x, AscendC::RoundMode m, Fp8Sat s) {
    if (std::isnan(x)) return s.sat && !s.nan_keep ? 0x00 : 0x7F;
    const bool neg = std::signbit(x);
    const double a = std::fabs(static_cast<double>(x));
    uint32_t mag = 0;
    if (a < 256.0) {
        // 0x78, the (4, 3) format's infinity, is 256 here: e4m3fn's exponent 15, mantissa 0
        mag = round_to_format(neg ? -a : a, 3, 4, m) & 0x7FU;
    } else {
        const uint32_t h = round_to_format(neg ? -a / 2 : a / 2, 3, 4, m) & 0x7FU;
        mag = h + 0x08;  // exponent + 1
    }
    if (std::isinf(x) || mag >= 0x7F) return static_cast<uint8_t>((neg ? 0x80 : 0) | (s.sat ? 0x7E : 0x7F));
    return static_cast<uint8_t>((neg ? 0x80 : 0) | mag);
}
inline float e5m2_to_f32(uint8_t b) {
    return half_bits_to_float(static_cast<uint16_t>(static_cast<uint16_t>(b) << 8));  // e5m2 is half's top byte
}
inline float e4m3fn_to_f32(uint8_t b) {
    const float sign = (b & 0x80) ? -1.0f : 1.0f;
    const uint32_t e = (b >> 3) & 0xFU, mt = b & 0x7U;
    if (e == 0xF && mt == 0x7) return std::nanf("");
    if (e == 0) return sign * std::ldexp(static_cast<float>(mt), -9);
    return sign * std::ldexp(1.0f + static_cast<float>(mt) / 8.0f, static_cast<int>(e) - 7);
}
inline float e8m0_to_f32(uint8_t b) {
    return b == 0xFF ? std::nanf("") : std::ldexp(1.0f, static_cast<int>(b) - 127);
}
template <typename T>
struct kg_dependent_false : std::false_type {};
}  // namespace detail
}  // namespace kgemu

// The default scalar conversion (a kernel writing `fp8_e4m3fn_t(x)`, or a host-side value): round to nearest even,
// non-saturating (an overflow is NaN for e4m3fn, infinity for e5m2), as the device types convert.
struct fp8_e4m3fn_t {
    uint8_t bits_;
    fp8_e4m3fn_t() = default;
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>
    fp8_e4m3fn_t(A v)  // NOLINT(google-explicit-constructor): mirrors the device type
        : bits_(kgemu::detail::f32_to_e4m3fn(static_cast<float>(v), AscendC::RoundMode::CAST_RINT, {false, true})) {}
    operator float() const { return kgemu::detail::e4m3fn_to_f32(bits_); }
    static fp8_e4m3fn_t from_bits(uint8_t b) {
        fp8_e4m3fn_t v;
        v.bits_ = b;
        return v;
    }
};
struct fp8_e5m2_t {
    uint8_t bits_;
    fp8_e5m2_t() = default;
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>
    fp8_e5m2_t(A v)  // NOLINT(google-explicit-constructor)
        : bits_(kgemu::detail::f32_to_e5m2(static_cast<float>(v), AscendC::RoundMode::CAST_RINT, {false, true})) {}
    operator float() const { return kgemu::detail::e5m2_to_f32(bits_); }
    static fp8_e5m2_t from_bits(uint8_t b) {
        fp8_e5m2_t v;
        v.bits_ = b;
        return v;
    }
};
struct fp8_e8m0_t {
    uint8_t bits_;
    fp8_e8m0_t() = default;
    operator float() const { return kgemu::detail::e8m0_to_f32(bits_); }
};
struct hifloat8_t {
    uint8_t bits_;
    hifloat8_t() = default;
    template <typename A>
    hifloat8_t(A) : bits_(0) {  // NOLINT(google-explicit-constructor)
        static_assert(kgemu::detail::kg_dependent_false<A>::value,
                      "kgemu: hifloat8_t conversion is not emulated yet by kernelgen's CPU emulator");
    }
};
struct int4x2_t {
    uint8_t bits_;
};
struct fp4x2_e2m1_t {
    uint8_t bits_;
};
struct fp4x2_e1m2_t {
    uint8_t bits_;
};

// The Ascend 950 device compiler's own names for the same types (asc-devkit impl/utils/sys_macros.h: under
// ASCENDC_CPU_DEBUG they are these aliases; dynamic_mx_quant's arch35 kernel spells them this way).
using float8_e4m3_t = fp8_e4m3fn_t;
using float8_e5m2_t = fp8_e5m2_t;
using float8_e8m0_t = fp8_e8m0_t;
using float4_e2m1x2_t = fp4x2_e2m1_t;
using float4_e1m2x2_t = fp4x2_e1m2_t;

namespace AscendC {
using ::fp4x2_e1m2_t;
using ::fp4x2_e2m1_t;
using ::fp8_e4m3fn_t;
using ::fp8_e5m2_t;
using ::fp8_e8m0_t;
using ::hifloat8_t;
using ::int4x2_t;
}  // namespace AscendC

namespace kgemu {
namespace detail {
template <typename T>
struct is_fp8 : std::integral_constant<bool, std::is_same<T, fp8_e4m3fn_t>::value ||
                                                 std::is_same<T, fp8_e5m2_t>::value ||
                                                 std::is_same<T, fp8_e8m0_t>::value ||
                                                 std::is_same<T, hifloat8_t>::value> {};

// One element between an 8-bit float and another type (through float: every e4m3fn / e5m2 value is a float).
template <typename D, typename S>
inline D fp8_cast(S v, AscendC::RoundMode m, Fp8Sat s) {
    if constexpr (std::is_same<D, hifloat8_t>::value || std::is_same<S, hifloat8_t>::value) {
        static_assert(kg_dependent_false<D>::value,
                      "kgemu: hifloat8_t conversion is not emulated yet by kernelgen's CPU emulator");
        return D{};
    } else if constexpr (std::is_same<D, fp8_e8m0_t>::value) {
        static_assert(kg_dependent_false<D>::value,
                      "kgemu: conversion into fp8_e8m0_t is not emulated yet by kernelgen's CPU emulator");
        return D{};
    } else if constexpr (is_fp8<S>::value) {
        return from_f32<D>(static_cast<float>(v));
    } else {
        const float f = to_f32(v);
        D d;
        if constexpr (std::is_same<D, fp8_e4m3fn_t>::value) d.bits_ = f32_to_e4m3fn(f, m, s);
        else d.bits_ = f32_to_e5m2(f, m, s);
        return d;
    }
}
}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_FP8_H
