// kernelgen CPU emulator (private, kernel side): Ascend 950's 8-bit and packed 4-bit element types (asc-devkit
// 数据结构/内置数据类型; SIMT-API fp8类型/fp8数据类型简介.md) and their conversions.
//
//   fp8_e4m3fn_t  1 sign, 4 exponent (bias 7), 3 mantissa; no infinity, S.1111.111 is NaN; max 448, subnormals
//                 down to 2^-9.
//   fp8_e5m2_t    1 sign, 5 exponent (bias 15), 2 mantissa, IEEE-like (infinities, NaNs); max 57344.
//   fp8_e8m0_t    8 exponent bits, no sign or mantissa: 2^(e - 127), 0xFF NaN (the MX scale type); read exactly,
//                 conversion into it not emulated yet.
//   hifloat8_t    HiFloat8 (HiF8): sign, then a prefix-coded "dot" field that sets how many exponent and
//                 mantissa bits follow (asc-devkit's HiF8 reference converter, examples/.../matmul_fp8/scripts/
//                 hif8.py, read for the facts): dot 11 -> 4 exponent bits (|e| 8..15) and 1 mantissa bit, 10 -> 3
//                 (|e| 4..7) and 2, 01 -> 2 (|e| 2..3) and 3, 001 -> 1 (|e| = 1, the bit its sign) and 3, 0001 -> e
//                 = 0 and 3; the exponent fields hold the sign of e, then |e| - 2^(width-1). 0000 is the
//                 denormal range: 2^(k - 23) for k = 1..7. 0x00 is zero, 0x80 NaN, 0x6F / 0xEF +-infinity; the
//                 largest finite value is 2^15 (0x6E), |x| >= 1.25 * 2^15 overflows. Rounding: CAST_ROUND rounds
//                 half away from zero; CAST_HYBRID does so for |e| < 4 and rounds stochastically above, which the
//                 emulator cannot reproduce bit for bit: it rounds those half away too (within the mantissa's
//                 last bit of any stochastic outcome).
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
// HiFloat8 (above): the dot code, exponent bits and mantissa bits of a binade e.
struct Hif8Split {
    uint8_t dot;   // the 4-bit field under the sign, exponent bits still zero
    int ebits;
    int mbits;
};
inline Hif8Split hif8_split(int e) {
    const int a = e < 0 ? -e : e;
    if (e < -15) return {0, 0, 0};   // denormal (and below it, rounded to zero or 2^-22)
    if (a == 0) return {1, 0, 3};
    if (a == 1) return {2, 1, 3};
    if (a <= 3) return {4, 2, 3};
    if (a <= 7) return {8, 3, 2};
    return {12, 4, 1};
}
// float -> hifloat8 bits (see the note at the top: half away from zero, CAST_HYBRID likewise).
inline uint8_t f32_to_hif8(float x, AscendC::RoundMode, Fp8Sat s) {
    if (std::isnan(x)) return s.sat && !s.nan_keep ? 0x00 : 0x80;
    const bool neg = x < 0.0f;
    const uint8_t sign = neg ? 0x80 : 0x00;
    const double a = std::fabs(static_cast<double>(x));
    if (std::isinf(x) || a >= 1.25 * 32768.0) return static_cast<uint8_t>(sign | (s.sat ? 0x6E : 0x6F));
    if (a == 0.0) return 0x00;
    int k = 0;
    (void)std::frexp(a, &k);
    int e = k - 1;
    // the float's 23 mantissa bits (a float, or anything rounded to one first, has no more)
    const uint64_t frac = static_cast<uint64_t>(std::ldexp(a, -e) * 8388608.0) - 8388608ULL;
    Hif8Split w = hif8_split(e);
    const int keep = w.mbits + 1;   // the kept bits and the first dropped one
    const uint64_t t = frac >> (23 - keep);
    uint32_t q = 0;
    if (t == (1ULL << keep) - 1) {   // rounds up into the next binade
        e += 1;
        w = hif8_split(e);
    } else {
        q = static_cast<uint32_t>((t + 1) >> 1);
    }
    if (e < -22) return 0x00;
    if (e < -15) return static_cast<uint8_t>(sign | (e + 23));
    if (w.ebits == 0) return static_cast<uint8_t>(sign | (w.dot << 3) | q);
    const uint32_t mag = static_cast<uint32_t>(e < 0 ? -e : e) - (1U << (w.ebits - 1));
    const uint32_t esign = e < 0 ? 1U : 0U;
    return static_cast<uint8_t>(sign | (w.dot << 3) | (esign << (w.ebits - 1 + w.mbits)) | (mag << w.mbits) | q);
}
inline float hif8_to_f32(uint8_t b) {
    if (b == 0x00) return 0.0f;
    if (b == 0x80) return std::nanf("");
    if (b == 0x6F || b == 0xEF) return b == 0x6F ? HUGE_VALF : -HUGE_VALF;
    const float sign = (b & 0x80) ? -1.0f : 1.0f;
    const uint32_t dot = (b >> 3) & 0xFU;
    int e = 0;
    float m = 1.0f;
    if (dot >= 4) {
        const int eb = dot >= 12 ? 4 : (dot >= 8 ? 3 : 2), mb = 5 - eb;   // 4+1, 3+2, 2+3 bits
        const uint32_t field = (b >> mb) & ((1U << eb) - 1U);
        const uint32_t low = field & ((1U << (eb - 1)) - 1U);
        const int a = static_cast<int>(low + (1U << (eb - 1)));
        e = (field >> (eb - 1)) ? -a : a;
        m = 1.0f + static_cast<float>(b & ((1U << mb) - 1U)) / static_cast<float>(1U << mb);
    } else if (dot >= 2) {
        e = (b & 0x08) ? -1 : 1;
        m = 1.0f + static_cast<float>(b & 7U) / 8.0f;
    } else if (dot == 1) {
        m = 1.0f + static_cast<float>(b & 7U) / 8.0f;
    } else {
        e = static_cast<int>(b & 7U) - 23;
    }
    return sign * std::ldexp(m, e);
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
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>
    hifloat8_t(A v)  // NOLINT(google-explicit-constructor)
        : bits_(kgemu::detail::f32_to_hif8(static_cast<float>(v), AscendC::RoundMode::CAST_ROUND, {false, true})) {}
    operator float() const { return kgemu::detail::hif8_to_f32(bits_); }
    static hifloat8_t from_bits(uint8_t b) {
        hifloat8_t v;
        v.bits_ = b;
        return v;
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
    if constexpr (std::is_same<D, fp8_e8m0_t>::value) {
        static_assert(kg_dependent_false<D>::value,
                      "kgemu: conversion into fp8_e8m0_t is not emulated yet by kernelgen's CPU emulator");
        return D{};
    } else if constexpr (is_fp8<S>::value) {
        return from_f32<D>(static_cast<float>(v));
    } else {
        const float f = to_f32(v);
        D d;
        if constexpr (std::is_same<D, fp8_e4m3fn_t>::value) d.bits_ = f32_to_e4m3fn(f, m, s);
        else if constexpr (std::is_same<D, hifloat8_t>::value) d.bits_ = f32_to_hif8(f, m, s);
        else d.bits_ = f32_to_e5m2(f, m, s);
        return d;
    }
}
}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_FP8_H
